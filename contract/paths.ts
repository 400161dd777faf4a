/**
 * Every path of the API is declared once, in its domain's `<DOMAIN>_URL`, as the pattern the server registers
 * (`/api/scbill/bills/:id`); the web app builds the address of one call from it with `pathOf`. Plain values
 * only: the SPA imports this file at run time.
 */

/** The names of a pattern's `:name` segments. */
export type PathParamName<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamName<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A value for each `:name` of the pattern. */
export type PathParams<P extends string> = { readonly [Name in PathParamName<P>]: string | number };

/** The address of one call: each `:name` of `pattern` replaced by its value, percent-encoded. */
export function pathOf<P extends string>(pattern: P, params: PathParams<P>): string {
  const values = params as Readonly<Record<string, string | number>>;
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`pathOf: no value for :${name} in ${pattern}`);
    return encodeURIComponent(String(value));
  });
}

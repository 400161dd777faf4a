import { Type } from 'typebox';

/**
 * What every *-schemas.ts file uses. A schemas file holds the TypeBox schemas of the shapes its plain
 * sibling declares (auth-schemas.ts for auth.ts): the server validates with them, the SPA never loads them.
 */

/** `true` when A and B are the same type. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** `type _CheckX = Assert<Same<Static<typeof X>, XShape>>` stops compiling when a schema and its interface drift. */
export type Assert<T extends true> = T;

/** A schema for one of `values`, typed as their union (Type.Union over a mapped array would type as never). */
export const literalUnion = <T extends string>(values: readonly T[]) =>
  Type.Unsafe<T>(Type.Union(values.map((value) => Type.Literal(value))));

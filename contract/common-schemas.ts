import { Type } from 'typebox';

/**
 * What every *-schemas.ts file uses. A schemas file declares each wire shape of its domain once, as a TypeBox
 * schema (`export const X = Type.Object(...)`) with its type beside it (`export type X = Static<typeof X>`):
 * the server validates with the schema, the SPA takes only the type (`import type`) and never loads TypeBox.
 */

/** A schema for one of `values`, typed as their union (Type.Union over a mapped array would type as never). */
export const literalUnion = <T extends string>(values: readonly T[]) =>
  Type.Unsafe<T>(Type.Union(values.map((value) => Type.Literal(value))));

import { Type, type Static, type TSchema, type TString } from 'typebox';
import type { Assert, Same } from './common-schemas';
import {
  MAX_PAGE_NUMBER,
  MAX_PAGE_SIZE,
  type Page as PageShape,
  type PageQuery as PageQueryShape,
} from './envelope';

/** `{ code: 200, msg, data }`: the success envelope of every `/api` call that returns data. */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ code: Type.Number(), msg: Type.String(), data });

export const ApiError = Type.Object({ code: Type.String(), msg: Type.String() });

export const OAuthError = Type.Object({
  error: Type.String(),
  error_description: Type.String(),
});

export const Page = <T extends TSchema>(item: T) =>
  Type.Object({
    content: Type.Array(item),
    totalElements: Type.Number(),
    totalPages: Type.Number(),
    size: Type.Number(),
    number: Type.Number(),
  });
export type Page<T> = PageShape<T>;
export type _CheckPage = Assert<Same<Static<ReturnType<typeof Page<TString>>>, PageShape<string>>>;

export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE_NUMBER })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
  sort: Type.Optional(Type.String({ maxLength: 64 })),
});
export type PageQuery = PageQueryShape;
export type _CheckPageQuery = Assert<Same<Static<typeof PageQuery>, PageQueryShape>>;

import { Type, type TSchema } from 'typebox';

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

/** No list is paged this far; the bound keeps `page x size` a small integer OFFSET on every database. */
export const MAX_PAGE_NUMBER = 1_000_000;

export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE_NUMBER })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  sort: Type.Optional(Type.String({ maxLength: 64 })),
});

import { ApiError } from '@contract/envelope';

/** Error answers of the shell's routes not in lib/responses: 404 for ids outside the caller's organisation. */
export const NOT_FOUND = { 404: ApiError } as const;
export const FORBIDDEN = { 403: ApiError } as const;
export const CONFLICT = { 409: ApiError } as const;
export const TOO_MANY = { 429: ApiError } as const;

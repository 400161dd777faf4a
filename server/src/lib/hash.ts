import crypto from 'node:crypto';

/** One-shot: a third of the cost of a Hash object, on every authenticated request. */
export const sha256Hex = (value: string): string => crypto.hash('sha256', value, 'hex');

/** A random opaque token of `bytes` bytes (default 32 = 256 bits), base64url. */
export const randomToken = (bytes = 32): string => crypto.randomBytes(bytes).toString('base64url');

export const newId = (): string => crypto.randomUUID();

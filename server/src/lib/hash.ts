import crypto from 'node:crypto';

export const sha256Hex = (value: string): string => crypto.createHash('sha256').update(value).digest('hex');

/** A random opaque token of `bytes` bytes (default 32 = 256 bits), base64url. */
export const randomToken = (bytes = 32): string => crypto.randomBytes(bytes).toString('base64url');

export const newId = (): string => crypto.randomUUID();

import crypto from 'node:crypto';
import { v7 as timeOrderedId } from 'uuid';

/** One-shot: a third of the cost of a Hash object, on every authenticated request. */
export const sha256Hex = (value: string): string => crypto.hash('sha256', value, 'hex');

/** A random opaque token of `bytes` bytes (default 32 = 256 bits), base64url. */
export const randomToken = (bytes = 32): string => crypto.randomBytes(bytes).toString('base64url');

/** `bytes` random bytes as upper-case hex: the unguessable tail of a document number (8 characters for 4). */
export const randomHexUpper = (bytes: number): string =>
  crypto.randomBytes(bytes).toString('hex').toUpperCase();

/**
 * A row's id: a UUID whose leading bits are the time it was made (version 7), so the rows one write inserts
 * land side by side at the end of their primary key's index instead of at random places across it. It is
 * not a secret (secrets are `randomToken`s): it tells when the row was made.
 */
export const newId = (): string => timeOrderedId();

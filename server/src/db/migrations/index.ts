import type { Migration } from 'kysely';
import * as foundation from './001-foundation';
import * as verification from './002-verification';
import * as shell from './003-shell';
import * as byteOrderKeys from './007-byte-order-keys';

/** Every migration, in order. Names never change once released. */
export const migrations: Record<string, Migration> = {
  '001-foundation': foundation,
  '002-verification': verification,
  '003-shell': shell,
  '007-byte-order-keys': byteOrderKeys,
};

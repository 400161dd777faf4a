import type { Db } from '../../db/database';
import { newId } from '../../lib/hash';
import { DUMMY_PASSWORD_HASH, hashPassword, isAcceptablePassword, verifyPassword } from '../../lib/passwords';
import type { PasswordKey } from '../../lib/rsa';
import { defaultOrgOf } from '../account/service';
import { clearLoginFailures, lockRemainingMs, recordLoginFailure } from './login-attempts';
import { openSession, type IssuedTokens, type TokenConfig } from './tokens';

/** What other modules use of sign-in sessions: entry links open one, logout ends one. */
export { issueCrToken, openSession, revokeSession, SESSION_REVOKED } from './tokens';

export interface PasswordSignIn {
  mobile: string;
  /** base64 RSA ciphertext as the SPA sends it. */
  passwordCiphertext: string;
  clientId: string;
}

export type PasswordSignInOutcome =
  | { kind: 'success'; tokens: IssuedTokens }
  /** Locked before this attempt; the password was not checked. */
  | { kind: 'locked' }
  /** Wrong password, unknown mobile or undecryptable ciphertext, deliberately indistinguishable. */
  | { kind: 'failed'; lockedNow: boolean; userId: string | null }
  | { kind: 'disabled'; userId: string };

/**
 * The password part of sign-in, after the captcha was spent. Every path that reaches a password costs exactly
 * one scrypt (the dummy hash stands in for unknown mobiles and undecryptable ciphertexts), and a ciphertext that
 * does not decrypt counts as a wrong password: a distinct answer would be a Bleichenbacher padding oracle.
 */
export async function signInWithPassword(
  db: Db,
  input: PasswordSignIn,
  key: PasswordKey,
  now: number,
  config: TokenConfig,
): Promise<PasswordSignInOutcome> {
  if ((await lockRemainingMs(db, input.mobile, now)) > 0) return { kind: 'locked' };

  const password = key.decrypt(input.passwordCiphertext);
  const user = await db
    .selectFrom('users')
    .select(['id', 'password_hash', 'status'])
    .where('mobile', '=', input.mobile)
    .executeTakeFirst();
  const matches = await verifyPassword(
    password ?? '',
    user && password !== null ? user.password_hash : DUMMY_PASSWORD_HASH,
  );
  if (!user || password === null || !matches) {
    const lockedNow = await recordLoginFailure(db, input.mobile, now);
    return { kind: 'failed', lockedNow, userId: user?.id ?? null };
  }
  if (user.status !== 'active') return { kind: 'disabled', userId: user.id };

  const orgId = await defaultOrgOf(db, user.id);
  const tokens = await db.transaction().execute(async (trx) => {
    await clearLoginFailures(trx, input.mobile);
    if (orgId !== null)
      await trx.updateTable('users').set({ last_org_id: orgId }).where('id', '=', user.id).execute();
    return openSession(trx, { userId: user.id, orgId, clientId: input.clientId }, now, config);
  });
  return { kind: 'success', tokens };
}

export type RegisterOutcome =
  | { kind: 'created'; user: { id: string; mobile: string; name: string } }
  | { kind: 'password_invalid' }
  | { kind: 'mobile_taken' };

/**
 * Creates a user who belongs to no organisation yet. A ciphertext that does not decrypt answers like a weak
 * password, for the same padding-oracle reason as sign-in.
 */
export async function registerUser(
  db: Db,
  input: { mobile: string; name: string; passwordCiphertext: string },
  key: PasswordKey,
  now: number,
): Promise<RegisterOutcome> {
  const password = key.decrypt(input.passwordCiphertext);
  if (password === null || !isAcceptablePassword(password)) return { kind: 'password_invalid' };
  if (await isMobileRegistered(db, input.mobile)) return { kind: 'mobile_taken' };
  const passwordHash = await hashPassword(password);
  const user = { id: newId(), mobile: input.mobile, name: input.name.trim() };
  try {
    await db
      .insertInto('users')
      .values({
        ...user,
        password_hash: passwordHash,
        status: 'active',
        last_org_id: null,
        created_at: now,
        password_changed_at: now,
      })
      .execute();
  } catch (error) {
    // Two registrations of one mobile at once: the unique index lets one in.
    if (await isMobileRegistered(db, input.mobile)) return { kind: 'mobile_taken' };
    throw error;
  }
  return { kind: 'created', user };
}

/** The SMS verification a registration asks for: the code goes to the mobile being registered. */
export const REGISTER_OPERATION = '注册账号';

/**
 * A person's name as the platform shows it (member lists, exports, contracts): 2 to 20 Chinese characters or
 * letters, with a middle dot or spaces inside (少数民族 and foreign names). It starts with a letter, so no
 * name can open with `=`, `+`, `-` or `@` and be read as a formula where it is exported to a spreadsheet.
 */
export const PERSON_NAME = /^[\p{Script=Han}A-Za-z][\p{Script=Han}A-Za-z·• ]{0,18}[\p{Script=Han}A-Za-z]$/u;

/** What registration can refuse before it asks for an SMS code; null when nothing does. */
export async function registrationRefusal(
  db: Db,
  input: { mobile: string; name: string; passwordCiphertext: string },
  key: PasswordKey,
): Promise<'name_invalid' | 'password_invalid' | 'mobile_taken' | null> {
  if (!PERSON_NAME.test(input.name.trim())) return 'name_invalid';
  const password = key.decrypt(input.passwordCiphertext);
  if (password === null || !isAcceptablePassword(password)) return 'password_invalid';
  if (await isMobileRegistered(db, input.mobile)) return 'mobile_taken';
  return null;
}

export async function isMobileRegistered(db: Db, mobile: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirst();
  return row !== undefined;
}

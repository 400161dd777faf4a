import type { Db } from '../../db/database';
import { hashPassword } from '../../lib/passwords';

/** Why a password's sessions ended (oauth_sessions.revoked_reason). */
export const PASSWORD_SESSION_REVOKED = { reset: 'password_reset', change: 'password_change' } as const;

/**
 * Sets a new password and ends the user's sessions (every refresh and access token of them), all in one
 * transaction; `keepSessionId` survives (a change made while signed in). A reset also lifts a sign-in lock:
 * the SMS code proved the mobile.
 */
export async function replacePassword(
  db: Db,
  input: {
    userId: string;
    mobile: string;
    password: string;
    reason: string;
    keepSessionId?: string;
    clearLoginLock: boolean;
    now: number;
  },
): Promise<void> {
  const { userId, now } = input;
  const passwordHash = await hashPassword(input.password);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, password_changed_at: now })
      .where('id', '=', userId)
      .execute();
    let sessions = trx
      .updateTable('oauth_sessions')
      .set({ revoked_at: now, revoked_reason: input.reason })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (input.keepSessionId !== undefined) sessions = sessions.where('id', '!=', input.keepSessionId);
    await sessions.execute();
    if (input.clearLoginLock)
      await trx.deleteFrom('login_attempts').where('mobile', '=', input.mobile).execute();
  });
}

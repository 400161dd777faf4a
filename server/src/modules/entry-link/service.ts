import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import { defaultOrgOf } from '../account/service';
import { issueCrToken, openSession } from '../auth/service';

export const UNKNOWN_ACCOUNT_MSG = '该手机号未注册';

export interface SandboxAccount {
  userId: string;
  name: string;
  /** The organisation a new session of this account would act for. */
  orgId: string | null;
}

/** An active account by mobile, with its default organisation; null when there is none. */
export async function accountByMobile(db: Db, mobile: string): Promise<SandboxAccount | null> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('mobile', '=', mobile)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (!user) return null;
  return { userId: user.id, name: user.name, orgId: await defaultOrgOf(db, user.id) };
}

export interface EntryLinkTokens {
  token: string;
  crToken: string;
}

/**
 * What a platform that embeds chain-bill hands its user (spec section 2): `token`, the access token of a new
 * sign-in session without a refresh token (it lives for the access-token lifetime), and a one-time `crToken`.
 */
export async function issueEntryLink(
  db: Db,
  account: SandboxAccount,
  config: AppConfig,
  now: number,
): Promise<EntryLinkTokens> {
  return db.transaction().execute(async (trx) => {
    const session = await openSession(
      trx,
      { userId: account.userId, orgId: account.orgId, clientId: config.clientId },
      now,
      config,
    );
    // The embedding platform keeps its own session; ours ends with this access token.
    await trx.deleteFrom('refresh_tokens').where('session_id', '=', session.sessionId).execute();
    const crToken = await issueCrToken(trx, account.userId, account.orgId, now);
    return { token: session.accessToken, crToken };
  });
}

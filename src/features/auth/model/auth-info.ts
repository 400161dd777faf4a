import { GRANT_TYPE, OAUTH_SCOPE, SYSTEM_ROLE } from '@contract/constants';
import { env, WEB_CLIENT } from '@/config/env';
import type { StoredAuthInfo } from '@/lib/storage';
import type { TokenAnswer } from '@/features/auth/api/auth-requests';

/** What is stored of a token answer: everything but `account`, plus what a refresh must resend. */
export function toStoredAuthInfo(answer: TokenAnswer, now: number = Date.now()): StoredAuthInfo {
  const { account: _account, ...token } = answer;
  return {
    ...token,
    date: now,
    systemRole: SYSTEM_ROLE,
    cId: env.channelId,
    grant_type: GRANT_TYPE.password,
    scope: OAUTH_SCOPE,
    client_id: WEB_CLIENT.id,
    client_secret: WEB_CLIENT.secret,
  };
}

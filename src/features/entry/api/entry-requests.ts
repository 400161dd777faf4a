import { AUTH_URL } from '@contract/auth';
import { pathOf } from '@contract/paths';
import type { Account } from '@contract/auth-schemas';
import { GRANT_TYPE, OAUTH_SCOPE, SYSTEM_ROLE } from '@contract/constants';
import { env } from '@/config/env';
import { request, requestForm } from '@/lib/http';

/** The calls of arriving by an entry link (spec sections 2 and 7). */
/** Pledge financing is a part of the product still to come: the platform does not serve this call yet. */
const PLEDGE_FINANCING_DETAIL = '/api/pledge-fin/:bizId/detail';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The account an entry link's access token signs in as. */
export function fetchAccountWithToken(token: string): Promise<Account> {
  return request<Account>({
    url: AUTH_URL.currentUser,
    method: 'GET',
    headers: bearer(token),
    silent: true,
  });
}

/** The token answer of a crToken exchange: the normal one, with `account`. */
export interface CrTokenAnswer {
  access_token: string;
  token_type: string;
  refresh_token: string;
  expires_in: number;
  scope: string;
  account?: Account;
}

/** `POST /oauth/token` (form, grant_type=cr_token) authenticated by `Authorization: Bearer <crToken>`. */
export function exchangeCrToken(crToken: string): Promise<CrTokenAnswer> {
  return requestForm<CrTokenAnswer>(
    AUTH_URL.token,
    { grant_type: GRANT_TYPE.crToken, scope: OAUTH_SCOPE, systemRole: SYSTEM_ROLE, cId: env.channelId },
    { headers: bearer(crToken), silent: true },
  );
}

/** The business record's state (the pledge financing record of spec section 2). */
export async function fetchBusinessState(bizType: string, bizId: string): Promise<string | number | null> {
  const record = await request<{ state?: string | number; status?: string | number } | null>({
    url: pathOf(PLEDGE_FINANCING_DETAIL, { bizId }),
    method: 'GET',
    params: { bizType },
    silent: true,
  });
  return record?.state ?? record?.status ?? null;
}

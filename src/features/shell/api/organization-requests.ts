import { AUTH_URL } from '@contract/auth';
import { pathOf } from '@contract/paths';
import type { Account } from '@contract/auth-schemas';
import { request } from '@/lib/http';

/** `POST /api/account/switch/{id}`: act for another of the user's organisations; answers the account there. */
export function requestOrganizationSwitch(orgId: string): Promise<Account> {
  return request<Account>({ url: pathOf(AUTH_URL.switchOrg, { id: orgId }), method: 'POST', silent: true });
}

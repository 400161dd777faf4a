import type { Account } from '@contract/auth-schemas';
import { request } from '@/lib/http';

export const ORGANIZATION_SWITCH_URL = (orgId: string) => `/api/account/switch/${encodeURIComponent(orgId)}`;

/** `POST /api/account/switch/{id}`: act for another of the user's organisations; answers the account there. */
export function requestOrganizationSwitch(orgId: string): Promise<Account> {
  return request<Account>({ url: ORGANIZATION_SWITCH_URL(orgId), method: 'POST', silent: true });
}

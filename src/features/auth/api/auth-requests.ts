import { SHELL_URL } from '@contract/shell';
import { AUTH_URL } from '@contract/auth';
import type {
  Account,
  ChannelConfig,
  CompanyItem,
  PermissionItem,
  TokenResponse,
} from '@contract/auth-schemas';
import { GRANT_TYPE, OAUTH_SCOPE, SYSTEM_ROLE } from '@contract/constants';
import type { Page } from '@contract/envelope-schemas';
import { env } from '@/config/env';
import { basicClientCredential, request, requestForm } from '@/lib/http';

/** The calls of signing in and out (spec section 7, account calls). */

/** The largest page `/api/permission/page` serves; the list is read page by page up to its end. */
export const PERMISSION_PAGE_SIZE = 100;

/** A token answer; `account` is absent for grants that are not a person's sign-in. */
export type TokenAnswer = Omit<TokenResponse, 'account' | 'token_type'> & {
  token_type: string;
  account?: Account;
};

export interface PasswordGrant {
  mobile: string;
  /** RSA-encrypted, base64. */
  password: string;
  captchaVerification: string;
}

export function fetchChannelConfig(): Promise<ChannelConfig> {
  return request<ChannelConfig>({ url: SHELL_URL.channelConfig, method: 'GET', silent: true });
}

export function requestPasswordToken(grant: PasswordGrant): Promise<TokenAnswer> {
  return requestForm<TokenAnswer>(
    AUTH_URL.token,
    {
      grant_type: GRANT_TYPE.password,
      mobile: grant.mobile,
      password: grant.password,
      captchaVerification: grant.captchaVerification,
      scope: OAUTH_SCOPE,
      systemRole: SYSTEM_ROLE,
      cId: env.channelId,
    },
    { headers: { Authorization: basicClientCredential() }, silent: true },
  );
}

/** Every permission item of the signed-in user, all pages. */
export async function fetchAllPermissions(): Promise<PermissionItem[]> {
  const items: PermissionItem[] = [];
  for (let page = 0; ; page += 1) {
    const answer = await request<Page<PermissionItem>>({
      url: AUTH_URL.permissionPage,
      method: 'GET',
      params: { page, size: PERMISSION_PAGE_SIZE },
    });
    items.push(...(answer.content ?? []));
    if (page + 1 >= (answer.totalPages ?? 0) || (answer.content ?? []).length === 0) return items;
  }
}

export async function fetchCompanyList(): Promise<CompanyItem[]> {
  return (await request<CompanyItem[] | null>({ url: AUTH_URL.companyList, method: 'GET' })) ?? [];
}

export function requestServerLogout(): Promise<unknown> {
  return request<unknown>({ url: AUTH_URL.logout, method: 'POST', silent: true });
}

import type { ChannelConfig } from '@contract/auth-schemas';
import type { PasswordChangeBody, PasswordResetBody } from '@contract/verification-schemas';
import { basicClientCredential, request } from '@/lib/http';

export const ACCOUNT_SECURITY_URL = {
  channelConfig: '/api/channel/config/default',
  passwordReset: '/api/user/password/reset',
  passwordChange: '/api/user/password/change',
  bizAuthType: '/api/organization/product-channel/biz-auth/type',
  elecLicenseStatus: '/api/apply-record/account/elec-license/status',
  roleAuth: '/api/role/auth',
  ownerAuth: '/api/account/owner/auth',
} as const;

/** The key passwords are encrypted under (served with the channel configuration). */
export async function fetchPasswordKey(): Promise<string> {
  const config = await request<ChannelConfig>({ url: ACCOUNT_SECURITY_URL.channelConfig, silent: true });
  return config.passwordPublicKey;
}

/**
 * `POST /api/user/password/reset` before sign-in: the public client's credential; the server asks for an
 * SMS code to the mobile the form names (406), which the request layer's dialog obtains.
 */
export function requestPasswordReset(body: PasswordResetBody): Promise<unknown> {
  return request({
    url: ACCOUNT_SECURITY_URL.passwordReset,
    method: 'POST',
    data: body,
    headers: { Authorization: basicClientCredential() },
    verifyMobile: body.mobile,
  });
}

/** `POST /api/user/password/change`, signed in; SMS-verified to the user's own mobile. */
export function requestPasswordChange(body: PasswordChangeBody): Promise<unknown> {
  return request({ url: ACCOUNT_SECURITY_URL.passwordChange, method: 'POST', data: body });
}

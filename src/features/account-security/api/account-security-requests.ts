import { SHELL_URL } from '@contract/shell';
import { AUTH_URL } from '@contract/auth';
import type { ChannelConfig } from '@contract/auth-schemas';
import type { PasswordChangeBody, PasswordResetBody } from '@contract/verification-schemas';
import { basicClientCredential, request } from '@/lib/http';

/** The key passwords are encrypted under (served with the channel configuration). */
export async function fetchPasswordKey(): Promise<string> {
  const config = await request<ChannelConfig>({ url: SHELL_URL.channelConfig, silent: true });
  return config.passwordPublicKey;
}

/**
 * `POST /api/user/password/reset` before sign-in: the public client's credential; the server asks for an
 * SMS code to the mobile the form names (406), which the request layer's dialog obtains.
 */
export function requestPasswordReset(body: PasswordResetBody): Promise<unknown> {
  return request({
    url: AUTH_URL.passwordReset,
    method: 'POST',
    data: body,
    headers: { Authorization: basicClientCredential() },
    verifyMobile: body.mobile,
  });
}

/** `POST /api/user/password/change`, signed in; SMS-verified to the user's own mobile. */
export function requestPasswordChange(body: PasswordChangeBody): Promise<unknown> {
  return request({ url: AUTH_URL.passwordChange, method: 'POST', data: body });
}

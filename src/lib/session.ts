import { paths } from '@/config/paths';
import { showErrorNotice, statusMessage, HTTP_STATUS } from '@/lib/error-messages';
import { navigateTo } from '@/lib/navigation';
import { stopRealtime } from '@/lib/realtime';
import { clearSignIn, getAuthInfo } from '@/lib/storage';
import { errorMessages } from '@/locales/zh-CN/errors';

/**
 * How the request layer ends a sign-in it cannot keep (refresh failed, 401 without a token error): the
 * app binds its local logout (store reset and the login screen); until then storage is cleared and the
 * hash set directly.
 */
let localLogout: (() => void) | null = null;

export function bindLocalLogout(logout: () => void): () => void {
  localLogout = logout;
  return () => {
    if (localLogout === logout) localLogout = null;
  };
}

/**
 * Logs out once however many failed calls ask for it: only a stored sign-in is ended, so the calls that
 * fail after it neither show a second notice nor navigate again. The notice reads 登录超时，请重新登录.
 */
export function endSession(): void {
  if (getAuthInfo() === null) return;
  clearSignIn();
  stopRealtime();
  const notice = statusMessage(HTTP_STATUS.unauthorized) ?? errorMessages.network.fallback;
  // The notice shows through the provider's App host, which outlives the signed-in frame.
  if (localLogout) localLogout();
  else navigateTo(paths.login, { replace: true });
  showErrorNotice(notice);
}

import { paths } from '@/config/paths';
import { showErrorNotice, statusMessage, HTTP_STATUS } from '@/lib/error-messages';
import { navigateTo } from '@/lib/navigation';
import { getNotifier } from '@/lib/notify';
import { stopRealtime } from '@/lib/realtime';
import { clearSignIn, getAuthInfo } from '@/lib/storage';
import { errorMessages } from '@/locales/zh-CN/errors';

/** How long the 登录超时 notice waits for the signed-in shell (and its antd App) to go. */
const NOTICE_WAIT_LIMIT_MS = 3000;
const NOTICE_WAIT_STEP_MS = 50;

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
 * A notice shown through the signed-in shell's antd App would vanish with the shell as the login screen
 * replaces it: wait until that App is gone (another one, or none, is current), then show it.
 */
function noticeOnceTheShellIsGone(description: string): void {
  const shellNotifier = getNotifier();
  if (!shellNotifier) {
    showErrorNotice(description);
    return;
  }
  const started = Date.now();
  const timer = setInterval(() => {
    if (getNotifier() === shellNotifier && Date.now() - started < NOTICE_WAIT_LIMIT_MS) return;
    clearInterval(timer);
    showErrorNotice(description);
  }, NOTICE_WAIT_STEP_MS);
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
  if (localLogout) {
    localLogout();
    noticeOnceTheShellIsGone(notice);
  } else {
    showErrorNotice(notice);
    navigateTo(paths.login, { replace: true });
  }
}

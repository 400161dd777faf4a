import { clearSmsCountdown } from '@/components/verify-dialogs/sms-countdown';
import { paths } from '@/config/paths';
import { api } from '@/lib/api';
import { signedOut } from '@/lib/app-actions';
import { navigateTo } from '@/lib/navigation';
import { stopRealtime } from '@/lib/realtime';
import { clearSignIn } from '@/lib/storage';
import type { AppThunk } from '@/lib/store';
import { requestServerLogout } from '@/features/auth/api/auth-requests';

/**
 * Logout without asking the server: forget auth, user and company list and the SMS resend countdown (the
 * next user of the browser does not wait on it), close the socket (it would otherwise go on carrying the
 * signed-out user's events in this tab), then the login screen.
 */
export const logOutLocally = (): AppThunk => (dispatch) => {
  clearSignIn();
  clearSmsCountdown();
  stopRealtime();
  dispatch(signedOut());
  dispatch(api.util.resetApiState());
  navigateTo(paths.login, { replace: true });
};

/** Logout that first revokes the session on the server; the local logout follows whatever it answers. */
export const logOut = (): AppThunk<Promise<void>> => async (dispatch) => {
  try {
    await requestServerLogout();
  } catch {
    // An expired or revoked token has nothing left to revoke; the user still leaves.
  } finally {
    dispatch(logOutLocally());
  }
};

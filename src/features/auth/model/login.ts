import { OAUTH_ERROR } from '@contract/errors';
import { env } from '@/config/env';
import { describeHttpError } from '@/lib/error-messages';
import { toHttpError } from '@/lib/http';
import { encryptPassword, preloadPasswordCipher } from '@/lib/password';
import { clearSignIn } from '@/lib/storage';
import type { AppThunk } from '@/lib/store';
import { loginMessages } from '@/locales/zh-CN/login';
import { normalizeMobile } from '@/utils/validators';
import { clearSmsCountdown } from '@/components/verify-dialogs/sms-countdown';
import { requestPasswordToken } from '@/features/auth/api/auth-requests';
import { loadChannelConfig } from '@/features/auth/api/channel-config';
import { clearLoginErrors, recordLoginError } from '@/features/auth/model/login-errors';
import { completeSignIn } from '@/features/auth/model/post-login';
import { clearTopTips } from '@/features/auth/model/top-tips';
import { loginFinished, loginStarted } from '@/features/auth/model/user-slice';

export interface LoginInput {
  mobile: string;
  password: string;
  /** From the passed slider puzzle. */
  captchaVerification: string;
}

export type LoginResult =
  | { ok: true }
  | {
      ok: false;
      /** The OAuth or API error code, when the server gave one. */
      code: string | undefined;
      /** Chinese, ready to show. */
      message: string;
    };

/**
 * The login action of spec section 4: loading on, encrypt, sign in, then on success clear the tips flags,
 * SMS timeout and failed-attempt counters and run the post-login routine; loading off in every case.
 * A wrong password counts against the mobile.
 */
export const logIn =
  (
    input: LoginInput,
    options: { navigateToRoot?: boolean } = { navigateToRoot: true },
  ): AppThunk<Promise<LoginResult>> =>
  async (dispatch) => {
    dispatch(loginStarted());
    const mobile = normalizeMobile(input.mobile);
    let stage: 'config' | 'token' | 'post-login' = 'config';
    try {
      const config = await loadChannelConfig();
      const password = await encryptPassword(input.password, config.passwordPublicKey);
      stage = 'token';
      const answer = await requestPasswordToken({
        mobile,
        password,
        captchaVerification: input.captchaVerification,
      });
      stage = 'post-login';
      clearTopTips();
      clearSmsCountdown();
      clearLoginErrors(env.appEnv, mobile);
      await dispatch(completeSignIn(answer, { navigateToRoot: options.navigateToRoot }));
      return { ok: true };
    } catch (error) {
      const failure = toHttpError(error);
      if (stage === 'token' && failure.code === OAUTH_ERROR.passwordNotMatch) {
        recordLoginError(env.appEnv, mobile);
      }
      // A sign-in that could not finish must not leave a half-stored session behind.
      if (stage === 'post-login') clearSignIn();
      const fallback = stage === 'config' ? loginMessages.configFailed : loginMessages.failed;
      return { ok: false, code: failure.code, message: describeHttpError(failure, fallback) };
    } finally {
      dispatch(loginFinished());
    }
  };

/** Gets what a sign-in needs ready while the user types: the channel config (password key) and the cipher. */
export function prepareLogIn(): void {
  loadChannelConfig().catch(() => undefined);
  preloadPasswordCipher();
}

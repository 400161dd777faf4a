import { CAPTCHA_URL, type CaptchaScene } from '@contract/captcha';
import type { CaptchaCheckResponse, CaptchaGetResponse } from '@contract/captcha-schemas';
import { CAPTCHA_FETCH_TIMEOUT, CAPTCHA_TYPE } from '@contract/constants';
import { http } from '@/lib/http';
import { getSliderClientId } from './slider-client-id';

interface CaptchaEnvelope {
  repCode: string;
  repMsg: string | null;
}

function isCaptchaEnvelope(data: unknown): data is CaptchaEnvelope {
  return (
    typeof data === 'object' && data !== null && typeof (data as { repCode?: unknown }).repCode === 'string'
  );
}

/**
 * The captcha service answers its own errors in the AJ envelope, also under an HTTP error status
 * (6201 comes with 429): those bodies are answers to show, not transport failures.
 */
const captchaAnswerStatus = (status: number) => status >= 200 && status < 500;

async function captchaCall<T extends CaptchaEnvelope>(call: () => Promise<{ data: unknown }>): Promise<T> {
  try {
    const { data } = await call();
    if (isCaptchaEnvelope(data)) return data as T;
  } catch (error) {
    const body = (error as { response?: { data?: unknown } } | null)?.response?.data;
    if (isCaptchaEnvelope(body)) return body as T;
    throw error;
  }
  throw new Error('Unexpected captcha answer');
}

/** GET /api/captcha/get: a new blockPuzzle for this browser session and scene. */
export function fetchPuzzle(scene: CaptchaScene, signal?: AbortSignal): Promise<CaptchaGetResponse> {
  return captchaCall<CaptchaGetResponse>(() =>
    http.get(CAPTCHA_URL.get, {
      params: { captchaType: CAPTCHA_TYPE, clientUid: getSliderClientId(), scene },
      timeout: CAPTCHA_FETCH_TIMEOUT,
      validateStatus: captchaAnswerStatus,
      // The puzzle shows its own errors (spec section 8, slider), not the catalogue's notice.
      silent: true,
      signal,
    }),
  );
}

/** POST /api/captcha/check: one attempt per puzzle token. */
export function checkAnswer(
  answer: { token: string; pointJson: string },
  signal?: AbortSignal,
): Promise<CaptchaCheckResponse> {
  return captchaCall<CaptchaCheckResponse>(() =>
    http.post(
      CAPTCHA_URL.check,
      {
        captchaType: CAPTCHA_TYPE,
        pointJson: answer.pointJson,
        token: answer.token,
        clientUid: getSliderClientId(),
      },
      { validateStatus: captchaAnswerStatus, silent: true, signal },
    ),
  );
}

import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { CaptchaCheckRequest, CaptchaCheckResponse, CaptchaPuzzle } from '@contract/captcha-schemas';

/** Test double of the captcha service: numbered puzzles, recorded requests, a replaceable check answer. */

export const SECRET_KEY = 'Xy7pQ2rS9tU4vW1z';
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export function puzzleNumber(n: number): CaptchaPuzzle {
  return {
    originalImageBase64: `${PNG_BASE64}#background-${n}`,
    jigsawImageBase64: `${PNG_BASE64}#piece-${n}`,
    secretKey: SECRET_KEY,
    token: `token-${n}`,
  };
}

export const captchaRequests = {
  gets: [] as URLSearchParams[],
  checks: [] as CaptchaCheckRequest[],
};

type CheckReply = (body: CaptchaCheckRequest) => Response | Promise<Response>;
let checkReply: CheckReply = () => passed();

export function passed(): Response {
  return HttpResponse.json<CaptchaCheckResponse>({
    repCode: '0000',
    repMsg: null,
    repData: { token: 'token-1', result: true },
  });
}

export function rejected(repCode: string, repMsg: string | null): Response {
  return HttpResponse.json<CaptchaCheckResponse>({ repCode, repMsg, repData: null });
}

/** Replaces the answer of the next checks. */
export function answerChecksWith(reply: CheckReply): void {
  checkReply = reply;
}

export const captchaServer = setupServer(
  mock.get('/api/captcha/get', ({ request }) => {
    const query = new URL(request.url).searchParams;
    captchaRequests.gets.push(query);
    return HttpResponse.json({
      repCode: '0000',
      repMsg: null,
      repData: puzzleNumber(captchaRequests.gets.length),
    });
  }),
  mock.post('/api/captcha/check', async ({ request }) => {
    const body = (await request.json()) as CaptchaCheckRequest;
    captchaRequests.checks.push(body);
    return checkReply(body);
  }),
);

/** Call in afterEach: forgets requests and per-test handlers. */
export function resetCaptchaServer(): void {
  captchaRequests.gets.length = 0;
  captchaRequests.checks.length = 0;
  checkReply = () => passed();
  captchaServer.resetHandlers();
}

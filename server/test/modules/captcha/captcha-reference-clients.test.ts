import type { CaptchaCheckResponse, CaptchaGetResponse } from '@contract/captcha-schemas';
import { API_ERROR } from '@contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aesEcbEncrypt } from '../../../src/modules/captcha/aes';
import { answerPlainText } from '../../../src/modules/captcha/answer';
import {
  answerXOf,
  captchaHarness,
  checkPuzzle,
  freshIp,
  type CaptchaHarness,
} from '../../support/captcha-helpers';

let h: CaptchaHarness;
beforeAll(async () => {
  h = await captchaHarness();
});
afterAll(async () => {
  await h.close();
});

/** What AJ-Captcha's html and vue clients send to fetch a puzzle. */
const referenceGet = (payload: unknown, headers: Record<string, string> = {}) =>
  h.app.inject({
    method: 'POST',
    url: '/api/captcha/get',
    remoteAddress: freshIp(),
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

const rawCheck = (payload: unknown) =>
  h.app.inject({
    method: 'POST',
    url: '/api/captcha/check',
    remoteAddress: freshIp(),
    headers: { 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

const refusal = (repCode: string, repMsg: string) => ({ repCode, repMsg, repData: null });

describe("AJ-Captcha's reference clients", () => {
  it('fetch a puzzle with POST and a JSON body, and pass it with check', async () => {
    const response = await referenceGet({
      captchaType: 'blockPuzzle',
      clientUid: 'slider-6f1d2c3a-9b8e-4c1f-a2d3-e4f5a6b7c8d9',
      ts: Date.now(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { repCode, repData } = response.json<CaptchaGetResponse>();
    expect(repCode).toBe('0000');
    expect(repData).toMatchObject({ token: expect.any(String), secretKey: expect.any(String) });

    const x = await answerXOf(h.db, repData!.token);
    // The vue client sends x as a fraction of pixels and y as 5.0.
    const pointJson = aesEcbEncrypt(answerPlainText(x, 5), repData!.secretKey);
    const { body } = await checkPuzzle(h.app, { token: repData!.token, pointJson });
    expect(body).toMatchObject({ repCode: '0000', repData: { result: true } });
  });

  it('may name the scene in the body as the SPA does in the query', async () => {
    const response = await referenceGet({ captchaType: 'blockPuzzle', scene: 'sms' });
    expect(response.json<CaptchaGetResponse>().repCode).toBe('0000');
  });
});

describe('a captcha call with a missing or malformed field', () => {
  it('is answered 400 in the AJ-Captcha envelope, as its server answers a check without a token', async () => {
    const cases: Array<[unknown, ReturnType<typeof refusal>]> = [
      [{ captchaType: 'blockPuzzle', pointJson: 'abc' }, refusal('0011', 'token不能为空')],
      [{ captchaType: 'blockPuzzle', pointJson: 'abc', token: '' }, refusal('0011', 'token不能为空')],
      [{ captchaType: 'blockPuzzle', token: 'abc' }, refusal('0011', 'pointJson不能为空')],
      [{ token: 'abc', pointJson: 'x'.repeat(257) }, refusal('0016', 'pointJson格式错误')],
      [{ token: { $ne: '' }, pointJson: 'abc' }, refusal('0016', 'token格式错误')],
      [{ token: 'a'.repeat(65), pointJson: 'abc' }, refusal('0016', 'token格式错误')],
      [{ captchaType: 'clickWord', token: 'abc', pointJson: 'abc' }, refusal('0016', 'captchaType格式错误')],
      [[1, 2], refusal('0016', '请求参数格式错误')],
      ['{"token": ', refusal('0016', '请求参数格式错误')],
      ['', refusal('0011', '请求参数不能为空')],
    ];
    for (const [payload, expected] of cases) {
      const response = await rawCheck(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<CaptchaCheckResponse>(), JSON.stringify(payload)).toEqual(expected);
    }
  });

  it('is answered so on every way of fetching a puzzle too', async () => {
    const post = await referenceGet({ captchaType: 'blockPuzzle', clientUid: 'x'.repeat(65) });
    expect(post.statusCode).toBe(400);
    expect(post.json()).toEqual(refusal('0016', 'clientUid格式错误'));

    const get = await h.app.inject({
      method: 'GET',
      url: '/api/captcha/get?captchaType=blockPuzzle&scene=nowhere',
      remoteAddress: freshIp(),
    });
    expect(get.statusCode).toBe(400);
    expect(get.json()).toEqual(refusal('0016', 'scene格式错误'));

    const empty = await h.app.inject({ method: 'POST', url: '/api/captcha/check', remoteAddress: freshIp() });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual(refusal('0011', '请求参数不能为空'));
  });

  it('keeps the API shape for what is not about fields: a body too large, a type it does not read', async () => {
    const tooLarge = await referenceGet({ clientUid: 'x'.repeat(70 * 1024) });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ code: API_ERROR.payloadTooLarge });
    const xml = await referenceGet('<get/>', { 'content-type': 'application/xml' });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ code: API_ERROR.unsupportedMediaType });
  });
});

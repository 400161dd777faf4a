import { http as mock, HttpResponse } from 'msw';
import { listenFailingUnhandled } from '@/testing/signed-in-landing';
import { captchaServer, resetCaptchaServer } from '@/testing/captcha-server';
import { checkAnswer, fetchPuzzle } from './captcha-api';

listenFailingUnhandled(captchaServer);
afterEach(() => resetCaptchaServer());
afterAll(() => captchaServer.close());

describe('captcha api', () => {
  it('reads the 6201 answer from an HTTP 429 body', async () => {
    captchaServer.use(
      mock.get('/api/captcha/get', () =>
        HttpResponse.json({ repCode: '6201', repMsg: '请求过于频繁', repData: null }, { status: 429 }),
      ),
    );
    await expect(fetchPuzzle('login')).resolves.toEqual({
      repCode: '6201',
      repMsg: '请求过于频繁',
      repData: null,
    });
  });

  it('rejects when the answer is not a captcha envelope', async () => {
    captchaServer.use(mock.post('/api/captcha/check', () => HttpResponse.text('oops', { status: 502 })));
    await expect(checkAnswer({ token: 't', pointJson: 'p' })).rejects.toBeDefined();
    captchaServer.use(mock.post('/api/captcha/check', () => HttpResponse.json({ hello: 1 })));
    await expect(checkAnswer({ token: 't', pointJson: 'p' })).rejects.toThrow('Unexpected captcha answer');
  });
});

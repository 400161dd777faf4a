import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { request } from './http';
import { HttpError } from './http-error';
import { MAX_VERIFICATION_ATTEMPTS } from './verification';
import { currentVerification, subscribeVerification, type VerificationTask } from './verification-queue';
import { headerOf, recordNotices, respond, signInAs, type RecordingNotifier } from '@/testing/fake-adapter';
import { setUserInfo } from './storage';

const CHALLENGE = '5b0d7f0e-0000-4000-8000-000000000001';
const NEXT_CHALLENGE = '5b0d7f0e-0000-4000-8000-000000000002';

const smsRequired = { code: 'SMS_VERIFICATION_REQUIRED', msg: '该操作需要短信验证', challengeId: CHALLENGE };
const smsInvalid = { code: 'SMS_CODE_INVALID', msg: '验证码错误或已失效', challengeId: NEXT_CHALLENGE };
const qrRequired = { code: 'QR_VERIFICATION_REQUIRED', msg: '该操作需要扫码验证', challengeId: CHALLENGE };
const qrInvalid = {
  code: 'QR_VERIFICATION_INVALID',
  msg: '扫码验证无效或已过期',
  challengeId: NEXT_CHALLENGE,
};

/** A sensitive operation: refused without a proof, done with the right one. */
function sensitive(options: { kind: 'sms' | 'qr'; good: string }) {
  const calls: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    calls.push(config);
    if (options.kind === 'sms') {
      const code = headerOf(config, 'Verify-Code');
      if (!code) return respond(config, smsRequired, 406);
      if (code !== options.good) return respond(config, smsInvalid, 406);
    } else {
      const qrId = headerOf(config, 'QR-ID');
      if (!qrId) return respond(config, qrRequired, 412);
      if (qrId !== options.good || headerOf(config, 'signature') !== `sig-${qrId}`) {
        return respond(config, qrInvalid, 412);
      }
    }
    return respond(config, { code: 200, msg: '成功', data: { done: true } });
  };
  return { calls, adapter };
}

/** Stands in for the dialog host: records the tasks it is shown. */
function dialogHost() {
  const shown: VerificationTask[] = [];
  const unsubscribe = subscribeVerification(() => {
    const task = currentVerification();
    if (task && shown.at(-1) !== task) shown.push(task);
  });
  const next = async () => {
    await vi.waitFor(() => expect(currentVerification()).not.toBeNull());
    return currentVerification()!;
  };
  return { shown, next, unsubscribe };
}

let host: ReturnType<typeof dialogHost>;
let notices: RecordingNotifier;

beforeEach(() => {
  signInAs();
  setUserInfo({ mobile: '13800000001', permissions: {} });
  host = dialogHost();
  notices = recordNotices();
});
afterEach(() => {
  host.unsubscribe();
  notices.unbind();
});

describe('406 SMS verification', () => {
  it('opens the SMS dialog for the signed-in mobile and replays with Verify-Code and the same Idempotency-Key', async () => {
    const { calls, adapter } = sensitive({ kind: 'sms', good: '123456' });
    const pending = request({
      url: '/api/user/password/change',
      method: 'POST',
      data: { password: 'c' },
      adapter,
    });

    const task = await host.next();
    expect(task).toMatchObject({
      kind: 'sms',
      challengeId: CHALLENGE,
      mobile: '13800000001',
      message: '该操作需要短信验证',
    });
    await expect(task.submit({ kind: 'sms', code: '123456' })).resolves.toEqual({ done: true });

    await expect(pending).resolves.toEqual({ done: true });
    expect(calls).toHaveLength(2);
    expect(headerOf(calls[1]!, 'Verify-Code')).toBe('123456');
    expect(headerOf(calls[1]!, 'Idempotency-Key')).toBe(headerOf(calls[0]!, 'Idempotency-Key'));
    expect(calls[1]!.data).toBe(calls[0]!.data);
    expect(calls[1]!.url).toBe(calls[0]!.url);
    expect(currentVerification()).toBeNull();
    expect(notices.notices).toEqual([]);
  });

  it('sends the code to the mobile the call names (password reset)', async () => {
    const { adapter } = sensitive({ kind: 'sms', good: '123456' });
    const pending = request({
      url: '/api/user/password/reset',
      method: 'POST',
      data: {},
      verifyMobile: '13900000009',
      adapter,
    });
    const task = await host.next();
    expect(task.mobile).toBe('13900000009');
    task.cancel();
    await pending.catch(() => undefined);
  });

  it('keeps the dialog open on a wrong code, with the server’s reason and the new challenge', async () => {
    const { calls, adapter } = sensitive({ kind: 'sms', good: '123456' });
    const pending = request({ url: '/api/op', method: 'POST', data: {}, adapter });
    const task = await host.next();

    await expect(task.submit({ kind: 'sms', code: '000000' })).resolves.toEqual({
      done: false,
      message: '验证码错误或已失效',
      challengeId: NEXT_CHALLENGE,
    });
    expect(currentVerification()).toBe(task);
    await task.submit({ kind: 'sms', code: '123456' });

    await expect(pending).resolves.toEqual({ done: true });
    expect(calls).toHaveLength(3);
    expect(host.shown).toHaveLength(1);
  });

  it('gives up after the capped number of wrong codes (no endless re-prompt)', async () => {
    const { calls, adapter } = sensitive({ kind: 'sms', good: '123456' });
    const pending = request({ url: '/api/op', method: 'POST', data: {}, adapter }).catch((e: unknown) => e);
    const task = await host.next();

    const outcomes = [];
    for (let i = 0; i < MAX_VERIFICATION_ATTEMPTS; i += 1)
      outcomes.push(await task.submit({ kind: 'sms', code: '000000' }));

    expect(outcomes.at(-1)).toEqual({ done: true });
    expect(outcomes.slice(0, -1).every((o) => !o.done)).toBe(true);
    const failure = (await pending) as HttpError;
    expect(failure).toMatchObject({ status: 406, code: 'SMS_CODE_INVALID' });
    expect(calls).toHaveLength(1 + MAX_VERIFICATION_ATTEMPTS);
    expect(currentVerification()).toBeNull();
    expect(notices.notices.map((n) => n.description)).toEqual(['验证失败次数过多，请稍后重新操作']);
  });

  it('rejects the original call quietly when the dialog is cancelled', async () => {
    const { calls, adapter } = sensitive({ kind: 'sms', good: '123456' });
    const pending = request({ url: '/api/op', method: 'POST', data: {}, adapter }).catch((e: unknown) => e);
    (await host.next()).cancel();

    const failure = (await pending) as HttpError;
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ status: 406, verificationCancelled: true });
    expect(calls).toHaveLength(1);
    expect(notices.notices).toEqual([]);
  });

  it('queues concurrent refusals: one dialog at a time', async () => {
    const { adapter } = sensitive({ kind: 'sms', good: '123456' });
    const first = request({ url: '/api/one', method: 'POST', data: {}, adapter });
    const second = request({ url: '/api/two', method: 'POST', data: {}, adapter });

    const a = await host.next();
    await vi.waitFor(() => expect(host.shown).toHaveLength(1));
    await a.submit({ kind: 'sms', code: '123456' });
    const b = await host.next();
    expect(b).not.toBe(a);
    await b.submit({ kind: 'sms', code: '123456' });

    await expect(Promise.all([first, second])).resolves.toEqual([{ done: true }, { done: true }]);
    expect(host.shown).toHaveLength(2);
  });

  it('shows the server message and fails at once when no dialog host is mounted', async () => {
    host.unsubscribe();
    const { adapter } = sensitive({ kind: 'sms', good: '123456' });
    const failure = await request({ url: '/api/op', method: 'POST', data: {}, adapter }).catch(
      (e: unknown) => e,
    );
    expect(failure).toMatchObject({ status: 406 });
    expect(notices.notices.map((n) => n.description)).toEqual(['该操作需要短信验证']);
  });
});

describe('412 QR verification', () => {
  it('opens the QR dialog and replays with QR-ID and signature', async () => {
    const { calls, adapter } = sensitive({ kind: 'qr', good: 'qr-1' });
    const pending = request({ url: '/api/account/owner/auth', method: 'POST', adapter });
    const task = await host.next();
    expect(task).toMatchObject({ kind: 'qr', challengeId: CHALLENGE });

    await task.submit({ kind: 'qr', qrId: 'qr-1', signature: 'sig-qr-1' });

    await expect(pending).resolves.toEqual({ done: true });
    expect(headerOf(calls[1]!, 'QR-ID')).toBe('qr-1');
    expect(headerOf(calls[1]!, 'signature')).toBe('sig-qr-1');
    expect(headerOf(calls[1]!, 'Idempotency-Key')).toBe(headerOf(calls[0]!, 'Idempotency-Key'));
  });

  it('asks for a new QR code for the next challenge when a proof is refused', async () => {
    const { adapter } = sensitive({ kind: 'qr', good: 'qr-2' });
    const pending = request({ url: '/api/account/owner/auth', method: 'POST', adapter });
    const task = await host.next();

    await expect(task.submit({ kind: 'qr', qrId: 'qr-1', signature: 'sig-qr-1' })).resolves.toMatchObject({
      done: false,
      challengeId: NEXT_CHALLENGE,
    });
    await task.submit({ kind: 'qr', qrId: 'qr-2', signature: 'sig-qr-2' });
    await expect(pending).resolves.toEqual({ done: true });
  });

  it('opens the e-licence dialog for ELEC_LICENSE_UNBOUND and rejects quietly when it closes', async () => {
    const adapter: AxiosAdapter = async (config) =>
      respond(config, { code: 'ELEC_LICENSE_UNBOUND', msg: '企业电子营业执照未绑定' }, 412);
    const pending = request({ url: '/api/account/owner/auth', method: 'POST', adapter }).catch(
      (e: unknown) => e,
    );
    const task = await host.next();
    expect(task).toMatchObject({ kind: 'licenceUnbound', message: '企业电子营业执照未绑定' });

    task.cancel();
    expect(await pending).toMatchObject({
      status: 412,
      code: 'ELEC_LICENSE_UNBOUND',
      verificationCancelled: true,
    });
    expect(notices.notices).toEqual([]);
  });

  it('refreshes an expired token during the replay and still completes', async () => {
    let refreshed = false;
    const { calls, adapter } = sensitive({ kind: 'qr', good: 'qr-1' });
    const withExpiry: AxiosAdapter = async (config) => {
      if (config.url === '/oauth/token') {
        refreshed = true;
        return respond(config, { access_token: 'AT2', refresh_token: 'RT2' });
      }
      if (headerOf(config, 'QR-ID') && headerOf(config, 'Authorization') === 'Bearer AT1') {
        return respond(config, { error: 'token_expired', error_description: '过期' }, 401);
      }
      return adapter(config);
    };
    const { http } = await import('./http');
    const previous = http.defaults.adapter;
    http.defaults.adapter = withExpiry;
    try {
      const pending = request({ url: '/api/account/owner/auth', method: 'POST' });
      await (await host.next()).submit({ kind: 'qr', qrId: 'qr-1', signature: 'sig-qr-1' });
      await expect(pending).resolves.toEqual({ done: true });
      expect(refreshed).toBe(true);
      const last = calls.at(-1)!;
      expect(headerOf(last, 'Authorization')).toBe('Bearer AT2');
      expect(headerOf(last, 'QR-ID')).toBe('qr-1');
    } finally {
      http.defaults.adapter = previous;
    }
  });
});

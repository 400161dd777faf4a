import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { http, request } from './http';
import { HttpError } from './http-error';
import { catalogueMessage, statusMessage } from './error-messages';
import { subscribeVerification, currentVerification } from './verification-queue';
import { recordNotices, respond, signInAs, type RecordingNotifier } from '@/testing/fake-adapter';

let notices: RecordingNotifier;
const seen: InternalAxiosRequestConfig[] = [];

beforeEach(() => {
  notices = recordNotices();
});
afterEach(() => {
  notices.unbind();
  seen.length = 0;
});

const answer =
  (data: unknown, status = 200, headers: Record<string, string> = {}): AxiosAdapter =>
  async (config) => {
    seen.push(config);
    return respond(config, data, status, headers);
  };

const fail = (config: Parameters<typeof request>[0]) => request(config).catch((e: unknown) => e as HttpError);

const descriptions = () => notices.notices.map((n) => n.description);

describe('the error catalogue (spec section 8)', () => {
  it.each([
    [400, '请求错误'],
    [401, '登录超时，请重新登录'],
    [403, '暂无操作权限，请联系企业管理员'],
    [404, '请求的资源不存在'],
    [410, '请求的资源已被永久删除'],
    [422, '创建对象时发生验证错误'],
    [429, '操作过于频繁，请稍后重试'],
    [500, '网络异常，请刷新后重试'],
    [502, '网关错误'],
    [503, '服务不可用，服务器暂时过载或维护'],
    [504, '请求超时'],
  ])('shows %i as 提示: %s', async (status, text) => {
    const failure = await fail({ url: '/api/x', adapter: answer(null, status) });

    expect(failure).toMatchObject({ status });
    expect(notices.notices).toEqual([
      expect.objectContaining({ kind: 'error', title: '提示', description: text }),
    ]);
  });

  it('lists the meanings of the success results', () => {
    expect([200, 201, 202, 204].map(statusMessage)).toEqual(['成功', '创建成功', '处理中', '删除成功']);
    expect(statusMessage(406)).toBe('请求的格式不可用');
  });

  it('falls back to 网络异常，请稍后重试 for an unlisted status and for no answer at all', async () => {
    await fail({ url: '/api/x', adapter: answer(null, 418) });
    await fail({
      url: '/api/y',
      adapter: async (config) => {
        throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
      },
    });
    expect(descriptions()).toEqual(['网络异常，请稍后重试', '网络异常，请稍后重试']);
  });

  it('prefers the server’s message for a 4xx, never for a 5xx', async () => {
    await fail({ url: '/api/a', adapter: answer({ code: 'BAD_REQUEST', msg: '开票金额不能为空' }, 400) });
    await fail({ url: '/api/b', adapter: answer({ code: 'INTERNAL_ERROR', msg: 'stack at db.ts:12' }, 500) });
    expect(descriptions()).toEqual(['开票金额不能为空', '网络异常，请刷新后重试']);
  });

  it('shows 403 as 暂无操作权限 whatever the server says', async () => {
    await fail({ url: '/api/a', adapter: answer({ code: 'FORBIDDEN', msg: 'forbidden' }, 403) });
    expect(descriptions()).toEqual(['暂无操作权限，请联系企业管理员']);
  });

  it('maps OAuth error codes to Chinese', async () => {
    await fail({
      url: '/oauth/token',
      method: 'POST',
      adapter: answer({ error: 'invalid_grant', error_description: 'x' }, 400),
    });
    await fail({
      url: '/oauth/token',
      method: 'POST',
      adapter: answer({ error: 'account_status_error', error_description: 'locked' }, 400),
    });
    expect(descriptions()).toEqual([
      '登录已超时，请重新登录',
      '账号已锁定或状态异常，请稍后再试或联系企业管理员',
    ]);
    expect(catalogueMessage({ status: 400, code: 'unsupported_grant_type', body: null })).toBe(
      '不支持的登录方式',
    );
  });

  it.each([406, 412, 409, 451])('rejects %i without a notice', async (status) => {
    const failure = await fail({
      url: '/api/x',
      method: 'POST',
      adapter: answer({ code: 'CONFLICT', msg: '已存在' }, status),
    });
    expect(failure).toMatchObject({ status });
    expect(notices.notices).toEqual([]);
  });

  it('keeps silent calls quiet', async () => {
    const failure = await fail({
      url: '/api/x',
      silent: true,
      adapter: answer({ code: 'NOT_FOUND', msg: '无' }, 404),
    });
    expect(failure).toMatchObject({ status: 404, code: 'NOT_FOUND', message: '无' });
    expect(notices.notices).toEqual([]);
  });

  it('turns a timeout into a 504 notice 请求超时', async () => {
    const failure = await fail({
      url: '/api/slow',
      adapter: async (config) => {
        throw new AxiosError(`timeout of ${config.timeout}ms exceeded`, AxiosError.ETIMEDOUT, config, {});
      },
    });
    expect(failure).toMatchObject({ status: 504 });
    expect(descriptions()).toEqual(['请求超时']);
  });

  describe('a read that times out', () => {
    /** Times out the first `times` tries, then answers. */
    const timingOut =
      (times: number): AxiosAdapter =>
      async (config) => {
        seen.push(config);
        if (seen.length <= times) {
          throw new AxiosError(`timeout of ${config.timeout}ms exceeded`, AxiosError.ETIMEDOUT, config, {});
        }
        return respond(config, { code: 200, msg: 'ok', data: { rows: 1 } }, 200);
      };

    it('is asked once more, and its answer comes back with no notice', async () => {
      const answerOf = await request<{ rows: number }>({ url: '/api/bills/held', adapter: timingOut(1) });
      expect(answerOf).toEqual({ rows: 1 });
      expect(seen).toHaveLength(2);
      expect(seen[1]!.url).toBe('/api/bills/held');
      expect(notices.notices).toEqual([]);
    });

    it('times out for good on its second try, with one 请求超时', async () => {
      const failure = await fail({ url: '/api/bills/held', adapter: timingOut(2) });
      expect(failure).toMatchObject({ status: 504 });
      expect(seen).toHaveLength(2);
      expect(descriptions()).toEqual(['请求超时']);
    });

    it('is not asked again when the call may change something', async () => {
      const failure = await fail({
        url: '/api/bills/sign',
        method: 'post',
        data: { id: 1 },
        adapter: timingOut(1),
      });
      expect(failure).toMatchObject({ status: 504 });
      expect(seen).toHaveLength(1);
      expect(descriptions()).toEqual(['请求超时']);
    });

    it('is not asked again once its caller has given up on it', async () => {
      const controller = new AbortController();
      const failure = await fail({
        url: '/api/bills/held',
        signal: controller.signal,
        adapter: async (config) => {
          controller.abort();
          return timingOut(1)(config);
        },
      });
      expect(failure).toBeInstanceOf(HttpError);
      expect(seen).toHaveLength(1);
    });
  });

  it('shows one notice for many identical failures (same key)', async () => {
    await Promise.all([1, 2, 3].map((i) => fail({ url: `/api/${i}`, adapter: answer(null, 502) })));
    expect(new Set(notices.notices.map((n) => n.key)).size).toBe(1);
  });

  it('does not show an aborted call', async () => {
    const controller = new AbortController();
    controller.abort();
    await fail({ url: '/api/x', signal: controller.signal, adapter: answer({}) });
    expect(notices.notices).toEqual([]);
  });
});

describe('success and failure bodies (spec section 7)', () => {
  it('shows 202 as an error notice 处理中 and still gives the data', async () => {
    await expect(
      request({
        url: '/api/export',
        method: 'POST',
        adapter: answer({ code: 200, msg: '', data: { taskId: 't1' } }, 202),
      }),
    ).resolves.toEqual({
      taskId: 't1',
    });
    expect(notices.notices).toEqual([
      expect.objectContaining({ kind: 'error', title: '提示', description: '处理中' }),
    ]);
  });

  it('treats a 2xx whose body code is not 200/201 and has no data as a failure with the server message', async () => {
    const failure = await fail({
      url: '/api/x',
      adapter: answer({ code: 'BIZ_ERROR', msg: '票据状态已变更' }),
    });
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ status: 200, code: 'BIZ_ERROR', message: '票据状态已变更' });
    expect(descriptions()).toEqual(['票据状态已变更']);
  });

  it('accepts code 200/201, a data field, and bodies without a code', async () => {
    expect(await request({ url: '/a', adapter: answer({ code: 201, msg: '创建成功', data: 1 }, 201) })).toBe(
      1,
    );
    expect(await request({ url: '/a', adapter: answer({ code: 'ANY', data: 2 }) })).toBe(2);
    expect(await request({ url: '/a', adapter: answer([{ id: 1 }]) })).toEqual([{ id: 1 }]);
    expect(notices.notices).toEqual([]);
  });

  it('returns text for DELETE and for 204', async () => {
    expect(await request({ url: '/api/a/1', method: 'DELETE', adapter: answer('删除成功') })).toBe(
      '删除成功',
    );
    expect(seen[0]!.responseType).toBe('text');
    expect(await request({ url: '/api/b', method: 'PUT', adapter: answer(undefined, 204) })).toBe('');
  });

  it('reads a DELETE’s text error body as JSON for the catalogue', async () => {
    const failure = await fail({
      url: '/api/a/1',
      method: 'DELETE',
      adapter: answer(JSON.stringify({ code: 'NOT_FOUND', msg: '记录不存在' }), 404),
    });
    expect(failure).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(descriptions()).toEqual(['记录不存在']);
  });

  it('reads a download’s Blob error body as JSON for the catalogue', async () => {
    const body = new Blob([JSON.stringify({ code: 'EXPORT_NOT_READY', msg: '导出文件尚未生成' })], {
      type: 'application/json',
    });
    const failure = await fail({
      url: '/api/export/1/file',
      responseType: 'blob',
      adapter: answer(body, 409),
    });
    expect(failure).toMatchObject({ status: 409, code: 'EXPORT_NOT_READY' });
    await fail({ url: '/api/export/1/file', responseType: 'blob', adapter: answer(body, 400) });
    expect(descriptions()).toEqual(['导出文件尚未生成']);
  });
});

describe('request shape', () => {
  it('serialises query lists as repeated keys and drops empty values', () => {
    expect(
      http.getUri({ url: '/api/list', params: { ids: [1, 2], q: '票 据', none: undefined, nil: null } }),
    ).toBe('/api/list?ids=1&ids=2&q=%E7%A5%A8+%E6%8D%AE');
  });

  it('puts an Idempotency-Key on every changing call, not on reads', async () => {
    await request({ url: '/a', method: 'POST', data: {}, adapter: answer({}) });
    await request({ url: '/a', method: 'PUT', data: {}, adapter: answer({}) });
    await request({ url: '/a', method: 'GET', adapter: answer({}) });
    const keys = seen.map((config) => config.headers.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBeUndefined();
  });

  it('gives the batch sign 10 s', async () => {
    await request({ url: '/api/edoc/contract/v2/batch-sign', method: 'POST', data: {}, adapter: answer({}) });
    expect(seen[0]!.timeout).toBe(10_000);
  });
});

describe('406/412 bodies that are not the server’s verification codes', () => {
  it.each([
    [406, null],
    [406, '<html>Not Acceptable</html>'],
    [406, { code: 'SOMETHING_ELSE', msg: 'x', challengeId: 'c' }],
    [406, { code: 'SMS_VERIFICATION_REQUIRED', msg: 'no challenge' }],
    [412, { code: 'PRECONDITION', msg: 'x' }],
    [412, { code: 'SMS_VERIFICATION_REQUIRED', msg: 'wrong status', challengeId: 'c' }],
  ])('%i %j opens no dialog and is rejected quietly', async (status, body) => {
    signInAs();
    const seenTasks: unknown[] = [];
    const unsubscribe = subscribeVerification(() => seenTasks.push(currentVerification()));
    try {
      const failure = await fail({ url: '/api/x', method: 'POST', adapter: answer(body, status) });
      expect(failure).toMatchObject({ status });
      expect(seenTasks).toEqual([]);
      expect(notices.notices).toEqual([]);
    } finally {
      unsubscribe();
    }
  });
});

describe('429', () => {
  it('carries the Retry-After seconds on the error', async () => {
    const failure = await fail({
      url: '/api/sms',
      method: 'POST',
      silent: true,
      adapter: answer({ code: 'RATE_LIMITED', msg: '操作过于频繁，请稍后再试' }, 429, {
        'retry-after': '42',
      }),
    });
    expect(failure).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfter: 42 });
  });
});

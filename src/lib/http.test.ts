import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { CAPTCHA_FETCH_TIMEOUT, DEFAULT_REQUEST_TIMEOUT } from '@contract/constants';
import { TIMEOUT_STATUS, http, request, requestForm } from './http';
import { HttpError } from './http-error';
import { setAuthInfo, type StoredAuthInfo } from './storage';

const seen: InternalAxiosRequestConfig[] = [];

function answer(data: unknown, status = 200): AxiosAdapter {
  return async (config) => {
    seen.push(config);
    const response = { data, status, statusText: String(status), headers: {}, config, request: {} };
    if (status >= 400) {
      throw new AxiosError(
        `Request failed with status code ${status}`,
        'ERR_BAD_REQUEST',
        config,
        {},
        response,
      );
    }
    return response;
  };
}

/** What axios' XHR adapter does when the timeout passes (clarifyTimeoutError on). */
const timeOut: AxiosAdapter = async (config) => {
  seen.push(config);
  throw new AxiosError(`timeout of ${config.timeout}ms exceeded`, AxiosError.ETIMEDOUT, config, {});
};

const authInfo: StoredAuthInfo = {
  access_token: 'token-abc',
  token_type: 'bearer',
  refresh_token: 'refresh-abc',
  expires_in: 7200,
  scope: 'all',
  date: 0,
  systemRole: 2,
  cId: 'CH0001',
  grant_type: 'mobile_password',
  client_id: 'chain-bill-web',
  client_secret: 'chain-bill-web-public',
};

const headerOf = (config: InternalAxiosRequestConfig, name: string) =>
  AxiosHeaders.from(config.headers).get(name);

afterEach(() => {
  seen.length = 0;
});

describe('common headers', () => {
  it('sends X-Sys-Role 2, Format json, the session Request-Id and X-CH-ID on every call', async () => {
    sessionStorage.setItem('Request-Id', 'rid-1');
    await request({ url: '/api/user', adapter: answer({ code: 200, msg: 'ok', data: {} }) });

    const [config] = seen;
    expect(headerOf(config!, 'X-Sys-Role')).toBe('2');
    expect(headerOf(config!, 'Format')).toBe('json');
    expect(headerOf(config!, 'Request-Id')).toBe('rid-1');
    expect(headerOf(config!, 'X-CH-ID')).toBe('CH0001');
  });

  it('sends no Authorization before sign-in and the stored Bearer token after', async () => {
    await request({ url: '/api/a', adapter: answer({}) });
    setAuthInfo(authInfo);
    await request({ url: '/api/b', adapter: answer({}) });

    expect(headerOf(seen[0]!, 'Authorization')).toBeFalsy();
    expect(headerOf(seen[1]!, 'Authorization')).toBe('Bearer token-abc');
  });

  it('reads the headers afresh for each call', async () => {
    sessionStorage.setItem('Request-Id', 'rid-1');
    await request({ url: '/api/a', adapter: answer({}) });
    sessionStorage.setItem('Request-Id', 'rid-2');
    await request({ url: '/api/b', adapter: answer({}) });

    expect(headerOf(seen[0]!, 'Request-Id')).toBe('rid-1');
    expect(headerOf(seen[1]!, 'Request-Id')).toBe('rid-2');
  });

  it('sends JSON bodies', async () => {
    await request({ url: '/api/a', method: 'POST', data: { a: 1 }, adapter: answer({}) });
    expect(String(headerOf(seen[0]!, 'Content-Type'))).toContain('application/json');
    expect(seen[0]!.data).toBe('{"a":1}');
  });
});

describe('form calls (the token endpoint)', () => {
  it('sends the fields form-encoded with the Basic client credential, not the Bearer token', async () => {
    setAuthInfo(authInfo);
    await requestForm(
      '/oauth/token',
      { grant_type: 'mobile_password', mobile: '13800000001', systemRole: 2, skipped: undefined },
      { headers: { Authorization: 'Basic abc' }, adapter: answer({ access_token: 't' }) },
    );

    const [config] = seen;
    expect(String(headerOf(config!, 'Content-Type'))).toContain('application/x-www-form-urlencoded');
    expect(headerOf(config!, 'Authorization')).toBe('Basic abc');
    expect(String(config!.data)).toBe('grant_type=mobile_password&mobile=13800000001&systemRole=2');
  });
});

describe('timeouts', () => {
  it('waits 5 s by default and takes a per-call override', async () => {
    await request({ url: '/api/a', adapter: answer({}) });
    await request({ url: '/api/captcha/get', timeout: CAPTCHA_FETCH_TIMEOUT, adapter: answer({}) });

    expect(http.defaults.timeout).toBe(DEFAULT_REQUEST_TIMEOUT);
    expect(seen[0]!.timeout).toBe(5000);
    expect(seen[1]!.timeout).toBe(10_000);
  });

  it('turns a timeout into a 504 result', async () => {
    const failure = await request({ url: '/api/slow', adapter: timeOut }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).status).toBe(TIMEOUT_STATUS);
    expect(TIMEOUT_STATUS).toBe(504);
  });

  it('shows later response handlers a 504 response for a timeout', async () => {
    let status: number | undefined;
    const id = http.interceptors.response.use(undefined, (error: AxiosError) => {
      status = error.response?.status;
      return Promise.reject(error);
    });
    try {
      await http.get('/api/slow', { adapter: timeOut }).catch(() => undefined);
    } finally {
      http.interceptors.response.eject(id);
    }
    expect(status).toBe(504);
  });

  it('does not mistake an aborted call for a timeout', async () => {
    const aborted: AxiosAdapter = async (config) => {
      throw new AxiosError('Request aborted', AxiosError.ECONNABORTED, config, {});
    };
    const failure = (await request({ url: '/api/a', adapter: aborted }).catch(
      (e: unknown) => e,
    )) as HttpError;
    expect(failure.status).toBe(0);
  });
});

describe('request()', () => {
  it('unwraps {code: 200|201, data} to data', async () => {
    expect(
      await request({ url: '/a', adapter: answer({ code: 200, msg: '成功', data: { id: 1 } }) }),
    ).toEqual({
      id: 1,
    });
    expect(await request({ url: '/a', adapter: answer({ code: 201, msg: '创建', data: [1] }, 201) })).toEqual(
      [1],
    );
  });

  it('returns a body without data as it is (OAuth answers)', async () => {
    const token = { access_token: 't', token_type: 'bearer' };
    expect(await request({ url: '/oauth/token', adapter: answer(token) })).toEqual(token);
  });

  it('rejects with the status, the API error code and its Chinese message', async () => {
    const failure = (await request({
      url: '/api/a',
      adapter: answer({ code: 'FORBIDDEN', msg: '暂无操作权限' }, 403),
    }).catch((e: unknown) => e)) as HttpError;

    expect(failure).toMatchObject({ status: 403, code: 'FORBIDDEN', message: '暂无操作权限' });
  });

  it('rejects with the OAuth error code and description', async () => {
    const failure = (await request({
      url: '/oauth/token',
      adapter: answer({ error: 'password_not_match', error_description: '手机号或密码错误' }, 400),
    }).catch((e: unknown) => e)) as HttpError;

    expect(failure).toMatchObject({ status: 400, code: 'password_not_match', message: '手机号或密码错误' });
  });
});

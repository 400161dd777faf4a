import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import fc from 'fast-check';
import { request, tokenRefresher } from './http';
import { HttpError } from './http-error';
import { bindNavigate } from './navigation';
import { stopRealtime, restartRealtime } from './realtime';
import { REFRESH_LOCK_NAME } from './refresh';
import { getAuthInfo, LOCAL_KEY, writeJson } from './storage';
import {
  authInfo,
  bearerOf,
  headerOf,
  recordNotices,
  respond,
  signInAs,
  useAdapter,
  type RecordingNotifier,
} from '@/testing/fake-adapter';

vi.mock('./realtime', () => ({
  restartRealtime: vi.fn(),
  stopRealtime: vi.fn(),
  startRealtime: vi.fn(),
  subscribeRealtime: vi.fn(() => () => undefined),
}));

const TOKEN_EXPIRED = { error: 'token_expired', error_description: '登录已过期' };
const INVALID_TOKEN = { error: 'invalid_token', error_description: '登录凭证无效' };
const INVALID_GRANT = { error: 'invalid_grant', error_description: '登录已超时，请重新登录' };

/**
 * A platform double: one access token is valid at a time; `/oauth/token` rotates it (AT1 -> AT2 -> ...).
 * `refreshAnswer` lets a test make the refresh fail.
 */
function platform() {
  const state = {
    valid: 'AT2',
    generation: 1,
    refreshCalls: [] as URLSearchParams[],
    apiCalls: [] as InternalAxiosRequestConfig[],
    refreshAnswer: null as null | ((config: InternalAxiosRequestConfig) => never),
    refusal: TOKEN_EXPIRED as object,
  };
  const adapter: AxiosAdapter = async (config) => {
    if (config.url === '/oauth/token') {
      state.refreshCalls.push(new URLSearchParams(String(config.data)));
      if (state.refreshAnswer) state.refreshAnswer(config);
      state.generation += 1;
      return respond(config, {
        access_token: `AT${state.generation}`,
        refresh_token: `RT${state.generation}`,
        token_type: 'bearer',
        expires_in: 7200,
        scope: 'all',
      });
    }
    state.apiCalls.push(config);
    if (bearerOf(config) !== state.valid) return respond(config, state.refusal, 401);
    return respond(config, { code: 200, msg: '成功', data: { url: config.url } });
  };
  return { state, adapter };
}

let restore: () => void;
let notices: RecordingNotifier;
const navigate = vi.fn();

beforeEach(() => {
  tokenRefresher.reset();
  signInAs('AT1', 'RT1');
  bindNavigate(navigate);
  notices = recordNotices();
});

afterEach(() => {
  restore?.();
  notices.unbind();
  bindNavigate(null);
  navigate.mockReset();
  vi.mocked(restartRealtime).mockClear();
  vi.mocked(stopRealtime).mockClear();
  vi.useRealTimers();
});

const tenCalls = () =>
  Array.from({ length: 10 }, (_, i) => request<{ url: string }>({ url: `/api/item/${i}`, method: 'GET' }));

describe('token refresh on 401 invalid_token / token_expired', () => {
  it('ten concurrent 401 token_expired make exactly one refresh and ten replays that all resolve', async () => {
    const { state, adapter } = platform();
    restore = useAdapter(adapter);

    const results = await Promise.all(tenCalls());

    expect(results.map((r) => r.url)).toEqual(Array.from({ length: 10 }, (_, i) => `/api/item/${i}`));
    expect(state.refreshCalls).toHaveLength(1);
    expect(state.apiCalls).toHaveLength(20);
    expect(state.apiCalls.slice(10).every((config) => bearerOf(config) === 'AT2')).toBe(true);
    expect(notices.notices).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('sends the refresh grant of spec section 3 with the Basic client and stores the rotated tokens', async () => {
    const { state, adapter } = platform();
    let tokenCall: InternalAxiosRequestConfig | undefined;
    restore = useAdapter((config) => {
      if (config.url === '/oauth/token') tokenCall = config;
      return adapter(config);
    });

    await request({ url: '/api/user' });

    expect(Object.fromEntries(state.refreshCalls[0]!)).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'RT1',
      systemRole: '2',
      cId: 'CH0001',
      scope: 'all',
      client_id: 'chain-bill-web',
      client_secret: 'chain-bill-web-public',
    });
    expect(headerOf(tokenCall!, 'Authorization')).toBe(
      `Basic ${btoa('chain-bill-web:chain-bill-web-public')}`,
    );
    expect(getAuthInfo()).toMatchObject({
      access_token: 'AT2',
      refresh_token: 'RT2',
      grant_type: 'mobile_password',
    });
    expect(JSON.parse(localStorage.getItem(LOCAL_KEY.authInfo)!)).toMatchObject({ access_token: 'AT2' });
    expect(restartRealtime).toHaveBeenCalledTimes(1);
  });

  it('refreshes once for invalid_token too (an unknown or revoked token)', async () => {
    const { state, adapter } = platform();
    state.refusal = INVALID_TOKEN;
    restore = useAdapter(adapter);

    await Promise.all(tenCalls());
    expect(state.refreshCalls).toHaveLength(1);
  });

  it('makes one refresh and ten replays in every interleaving of answers and refresh (fc.scheduler)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.boolean(), async (s, invalidToken) => {
        tokenRefresher.reset();
        localStorage.clear();
        sessionStorage.clear();
        signInAs('AT1', 'RT1');
        const { state, adapter } = platform();
        if (invalidToken) state.refusal = INVALID_TOKEN;
        const undo = useAdapter(s.scheduleFunction(adapter));
        try {
          const settled = Promise.allSettled(tenCalls());
          await s.waitFor(settled);
          const outcomes = await settled;
          expect(outcomes.every((o) => o.status === 'fulfilled')).toBe(true);
          expect(state.refreshCalls).toHaveLength(1);
          expect(state.apiCalls).toHaveLength(20);
          expect(getAuthInfo()?.access_token).toBe('AT2');
        } finally {
          undo();
        }
      }),
      { numRuns: 60 },
    );
    expect(navigate).not.toHaveBeenCalled();
  });

  it('replays a late 401 (sent with the old token, answered after the refresh) without a second refresh', async () => {
    const { state, adapter } = platform();
    let releaseLate: () => void = () => undefined;
    const lateAnswered = new Promise<void>((resolve) => {
      releaseLate = resolve;
    });
    restore = useAdapter(async (config) => {
      if (config.url === '/api/late' && bearerOf(config) === 'AT1') await lateAnswered;
      return adapter(config);
    });

    const late = request<{ url: string }>({ url: '/api/late' });
    await request({ url: '/api/early' });
    expect(state.refreshCalls).toHaveLength(1);
    releaseLate();

    await expect(late).resolves.toEqual({ url: '/api/late' });
    expect(state.refreshCalls).toHaveLength(1);
    const lateCalls = state.apiCalls.filter((config) => config.url === '/api/late');
    expect(lateCalls.map(bearerOf)).toEqual(['AT1', 'AT2']);
  });

  it('replays a POST with the same body and Idempotency-Key, serialised once', async () => {
    const { state, adapter } = platform();
    restore = useAdapter(adapter);

    await request({ url: '/api/pledge-fin', method: 'POST', data: { amount: '1000.00', note: '首笔' } });

    const [first, replay] = state.apiCalls;
    expect(headerOf(first!, 'Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(headerOf(replay!, 'Idempotency-Key')).toBe(headerOf(first!, 'Idempotency-Key'));
    expect(replay!.data).toBe('{"amount":"1000.00","note":"首笔"}');
    expect(replay!.data).toBe(first!.data);
  });
});

describe('when the refresh fails', () => {
  it.each([
    [
      '400 invalid_grant',
      (config: InternalAxiosRequestConfig): never => respond(config, INVALID_GRANT, 400) as never,
    ],
    [
      'a network error',
      (config: InternalAxiosRequestConfig): never => {
        throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
      },
    ],
  ])(
    'on %s: no loop, every call rejected once with the refreshToken flag, storage cleared, one redirect',
    async (_name, fail) => {
      const { state, adapter } = platform();
      state.refreshAnswer = fail;
      restore = useAdapter(adapter);

      const outcomes = await Promise.allSettled(tenCalls());

      expect(state.refreshCalls).toHaveLength(1);
      expect(state.apiCalls).toHaveLength(10);
      for (const outcome of outcomes) {
        expect(outcome.status).toBe('rejected');
        const reason = (outcome as PromiseRejectedResult).reason as HttpError;
        expect(reason).toBeInstanceOf(HttpError);
        expect(reason).toMatchObject({ status: 401, refreshToken: true });
      }
      expect(getAuthInfo()).toBeNull();
      expect(localStorage.getItem(LOCAL_KEY.authInfo)).toBeNull();
      expect(sessionStorage.getItem('authInfo')).toBeNull();
      expect(navigate).toHaveBeenCalledTimes(1);
      expect(navigate).toHaveBeenCalledWith('/user/login', { replace: true });
      expect(stopRealtime).toHaveBeenCalled();
      expect(notices.notices).toEqual([
        expect.objectContaining({ title: '提示', description: '登录超时，请重新登录' }),
      ]);
    },
  );

  it('logs out when the replayed call is refused again, without a second refresh (bounded)', async () => {
    const { state, adapter } = platform();
    state.valid = 'never';
    restore = useAdapter(adapter);

    const failure = await request({ url: '/api/user' }).catch((e: unknown) => e);

    expect(failure).toBeInstanceOf(HttpError);
    expect(state.refreshCalls).toHaveLength(1);
    expect(state.apiCalls).toHaveLength(2);
    expect(getAuthInfo()).toBeNull();
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('does not refresh again within the 5 s guard when the token it just issued is refused', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { state, adapter } = platform();
    restore = useAdapter(adapter);
    await request({ url: '/api/a' });
    expect(state.refreshCalls).toHaveLength(1);

    state.valid = 'AT3';
    vi.advanceTimersByTime(4000);
    await request({ url: '/api/b' }).catch(() => undefined);

    expect(state.refreshCalls).toHaveLength(1);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('refreshes again once the 5 s guard has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { state, adapter } = platform();
    restore = useAdapter(adapter);
    await request({ url: '/api/a' });

    state.valid = 'AT3';
    vi.advanceTimersByTime(5001);
    await request({ url: '/api/b' });

    expect(state.refreshCalls).toHaveLength(2);
    expect(getAuthInfo()?.access_token).toBe('AT3');
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('401 that a refresh does not serve', () => {
  it('logs out on a 401 without a token error, with no refresh', async () => {
    const { state, adapter } = platform();
    state.refusal = { error: 'unauthorized_user', error_description: '用户未授权' };
    restore = useAdapter(adapter);

    const outcomes = await Promise.allSettled(tenCalls());

    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    expect(state.refreshCalls).toHaveLength(0);
    expect(getAuthInfo()).toBeNull();
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/user/login', { replace: true });
  });

  it('never refreshes for the token endpoint itself', async () => {
    let calls = 0;
    restore = useAdapter(async (config) => {
      calls += 1;
      return respond(config, { error: 'invalid_client', error_description: 'client' }, 401);
    });

    const failure = (await request({ url: '/oauth/token', method: 'POST', silent: true }).catch(
      (e: unknown) => e,
    )) as HttpError;

    expect(failure.status).toBe(401);
    expect(calls).toBe(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not refresh or log out for a signed-out visitor', async () => {
    localStorage.clear();
    sessionStorage.clear();
    const { state, adapter } = platform();
    restore = useAdapter(adapter);

    await expect(request({ url: '/api/user' })).rejects.toMatchObject({ status: 401 });
    expect(state.refreshCalls).toHaveLength(0);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('two tabs sharing a sign-in', () => {
  /** What another tab leaves: its newer tokens in local storage, while this tab's session copy is older. */
  function anotherTabRefreshed(accessToken: string, refreshToken: string) {
    writeJson(localStorage, LOCAL_KEY.authInfo, { ...authInfo(accessToken, refreshToken), date: 2 });
  }

  it('uses the tokens another tab stored since the refused call instead of refreshing', async () => {
    const { state, adapter } = platform();
    anotherTabRefreshed('AT2', 'RT2');
    restore = useAdapter(adapter);

    await expect(request<{ url: string }>({ url: '/api/user' })).resolves.toEqual({ url: '/api/user' });

    expect(state.refreshCalls).toHaveLength(0);
    expect(bearerOf(state.apiCalls[1]!)).toBe('AT2');
    expect(getAuthInfo()).toMatchObject({ access_token: 'AT2', refresh_token: 'RT2' });
    expect(sessionStorage.getItem('authInfo')).toContain('AT2');
  });

  it('a tab that loses the rotation race (invalid_grant) picks up the winner’s tokens instead of logging out', async () => {
    const { state, adapter } = platform();
    state.refreshAnswer = (config) => {
      // The other tab rotated RT1 a moment earlier and stored its answer.
      anotherTabRefreshed('AT2', 'RT2');
      return respond(config, INVALID_GRANT, 400) as never;
    };
    restore = useAdapter(adapter);

    await expect(request<{ url: string }>({ url: '/api/user' })).resolves.toEqual({ url: '/api/user' });

    expect(state.refreshCalls).toHaveLength(1);
    expect(getAuthInfo()?.access_token).toBe('AT2');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('refreshes under the cross-tab Web Lock', async () => {
    const lockNames: string[] = [];
    const locks = {
      request: vi.fn(async (name: string, task: () => Promise<unknown>) => {
        lockNames.push(name);
        return task();
      }),
    };
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    try {
      const { state, adapter } = platform();
      restore = useAdapter(adapter);
      await Promise.all(tenCalls());
      expect(lockNames).toEqual([REFRESH_LOCK_NAME]);
      expect(state.refreshCalls).toHaveLength(1);
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });
});

import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Account, CompanyItem, PermissionItem } from '@contract/auth-schemas';
import { bindNavigate } from '@/lib/navigation';
import { forgetChannelConfig } from '@/features/auth/api/channel-config';
import { makeRsaKeyPair, rsaDecrypt } from './keys';
import { listenFailingUnhandled } from './signed-in-landing';

/**
 * A test double of the platform's sign-in calls (spec section 7), with the wire shapes of the real server:
 * the token form is checked (Basic client, RSA password), answers are enveloped, calls are recorded.
 */

export const keys = makeRsaKeyPair();
export const DEMO_PASSWORD = 'Demo@1234';
export const BASIC_CREDENTIAL = `Basic ${btoa('chain-bill-web:chain-bill-web-public')}`;

export const ownerAccount: Account = {
  id: 'U0001',
  mobile: '13800000001',
  name: '张经理',
  orgId: 'ORG001',
  orgName: '上海链票示范供应链有限公司',
  owner: true,
  cId: 'CH0001',
  authorized: false,
  bound: false,
};

export const permissionItems: PermissionItem[] = [
  { path: '/normal/chain-bill/dashboard', name: '工作台', granted: true },
  { path: '/normal/chain-bill/issue', name: '开立', granted: true },
  { path: '/normal/chain-bill/discount', name: '贴现', granted: false },
  { path: '', name: '无路径', granted: true },
];

export const companies: CompanyItem[] = [
  {
    orgId: 'ORG001',
    orgName: ownerAccount.orgName,
    authorized: true,
    bound: true,
    owner: true,
    current: true,
  },
  {
    orgId: 'ORG002',
    orgName: '杭州未认证贸易有限公司',
    authorized: false,
    bound: false,
    owner: false,
    current: false,
  },
];

export interface RecordedCall {
  method: string;
  path: string;
  headers: Headers;
  form?: URLSearchParams;
}

export const calls: RecordedCall[] = [];

const envelope = <T>(data: T) => HttpResponse.json({ code: 200, msg: '操作成功', data });

const oauthError = (status: number, error: string, description: string) =>
  HttpResponse.json({ error, error_description: description }, { status });

function record(request: Request, form?: URLSearchParams): void {
  calls.push({ method: request.method, path: new URL(request.url).pathname, headers: request.headers, form });
}

export const handlers = [
  mock.get('*/api/channel/config/default', ({ request }) => {
    record(request);
    return envelope({
      platformName: '链票通供应链票据平台',
      channelId: 'CH0001',
      passwordPublicKey: keys.publicKeyPem,
    });
  }),
  mock.post('*/oauth/token', async ({ request }) => {
    const form = new URLSearchParams(await request.text());
    record(request, form);
    if (request.headers.get('Authorization') !== BASIC_CREDENTIAL) {
      return oauthError(401, 'invalid_client', 'client authentication failed');
    }
    if (form.get('captchaVerification') !== 'captcha-ok') {
      return oauthError(400, 'captcha_invalid', '安全验证已失效');
    }
    let password = '';
    try {
      password = rsaDecrypt(form.get('password') ?? '', keys.privateKeyPem);
    } catch {
      return oauthError(400, 'invalid_request', 'bad password cipher');
    }
    if (form.get('mobile') !== ownerAccount.mobile || password !== DEMO_PASSWORD) {
      return oauthError(400, 'password_not_match', '手机号或密码错误');
    }
    return HttpResponse.json({
      access_token: 'access-1',
      token_type: 'bearer',
      refresh_token: 'refresh-1',
      expires_in: 7200,
      scope: 'all',
      account: ownerAccount,
    });
  }),
  mock.get('*/api/permission/page', ({ request }) => {
    record(request);
    return envelope({
      content: permissionItems,
      totalElements: permissionItems.length,
      totalPages: 1,
      size: 100,
      number: 0,
    });
  }),
  mock.get('*/api/account/orgs/list', ({ request }) => {
    record(request);
    return envelope(companies);
  }),
  mock.post('*/api/user/logout', ({ request }) => {
    record(request);
    return envelope(null);
  }),
];

export const platformServer = setupServer(...handlers);

/** Call in afterEach: forgets recorded calls and per-test handlers. */
export function resetPlatformServer(): void {
  calls.length = 0;
  platformServer.resetHandlers();
}

export function callsTo(path: string): RecordedCall[] {
  return calls.filter((call) => call.path === path);
}

/**
 * The platform double for one test file: listening, its calls, per-test handlers and the cached channel
 * configuration forgotten after each test, and navigation from outside components recorded in the mock
 * this returns. Call at the top of the file.
 */
export function servePlatformForEachTest() {
  const navigate = vi.fn();
  listenFailingUnhandled(platformServer);
  beforeEach(() => bindNavigate(navigate));
  afterEach(() => {
    resetPlatformServer();
    forgetChannelConfig();
    navigate.mockReset();
    bindNavigate(null);
  });
  afterAll(() => platformServer.close());
  return navigate;
}

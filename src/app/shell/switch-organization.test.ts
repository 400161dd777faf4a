import { http as mock, HttpResponse } from 'msw';
import { listenFailingUnhandled } from '@/testing/signed-in-landing';
import { setupServer } from 'msw/node';
import type { Account, CompanyItem } from '@contract/auth-schemas';
import { api } from '@/lib/api';
import { getUserInfo } from '@/lib/storage';
import { signInAs } from '@/testing/fake-adapter';
import { selectCompanyList, selectUserInfo, userInfoPublished } from '@/features/auth/model/user-slice';
import { noticeApi } from '@/features/notices/api/notices-api';
import { selectNoticeFeed } from '@/features/notices/model/notice-feed';
import { createStore } from '../store';
import { switchOrganization } from './switch-organization';

vi.mock('@/lib/realtime', () => ({ restartRealtime: vi.fn() }));
const { restartRealtime } = await import('@/lib/realtime');

const hangzhou: Account = {
  id: 'U4',
  mobile: '13800000004',
  name: '赵强',
  orgId: 'ORG-HZ',
  orgName: '杭州未认证贸易有限公司',
  owner: false,
  cId: 'CH0001',
  authorized: false,
  bound: false,
};
const companies: CompanyItem[] = [
  {
    orgId: 'ORG-SH',
    orgName: '上海链票示范供应链有限公司',
    authorized: true,
    bound: true,
    owner: false,
    current: false,
  },
  {
    orgId: 'ORG-HZ',
    orgName: hangzhou.orgName,
    authorized: false,
    bound: false,
    owner: false,
    current: true,
  },
];
const signIn = () => signInAs('AT', 'RT');

/** A cached query of the previous organisation, to see the cache emptied. */
const probeApi = api.injectEndpoints({
  endpoints: (build) => ({ probe: build.query<number, void>({ queryFn: () => ({ data: 1 }) }) }),
});

const envelope = <T>(data: T) => HttpResponse.json({ code: 200, msg: '操作成功', data });
const switched: string[] = [];

const server = setupServer(
  mock.post('*/api/account/switch/:id', ({ params }) => {
    switched.push(String(params.id));
    return envelope(hangzhou);
  }),
  mock.get('*/api/permission/page', () =>
    envelope({
      content: [
        { path: '/normal/chain-bill/dashboard', name: '工作台', granted: true },
        { path: '/normal/chain-bill/issue', name: '开立', granted: false },
      ],
      totalElements: 2,
      totalPages: 1,
      size: 100,
      number: 0,
    }),
  ),
  mock.get('*/api/account/orgs/list', () => envelope(companies)),
  mock.post('*/api/plat-message/page', () =>
    envelope({
      content: [
        { id: 'n1', type: 2, status: 0, title: '待办', content: '', createdAt: '2026-06-01T00:00:00Z' },
      ],
      totalElements: 1,
      totalPages: 1,
      size: 5,
      number: 0,
    }),
  ),
);

listenFailingUnhandled(server);
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('switching organisation', () => {
  it('acts for the new organisation and keeps nothing of the previous one', async () => {
    signIn();
    const store = createStore();
    store.dispatch(
      userInfoPublished({
        mobile: '13800000004',
        orgId: 'ORG-SH',
        permissions: { '/chain-bill/issue': true },
      }),
    );
    await store.dispatch(noticeApi.endpoints.unreadNotices.initiate());
    await store.dispatch(probeApi.endpoints.probe.initiate());
    expect(selectNoticeFeed(store.getState()).total).toBe(1);
    expect(Object.keys(store.getState().api!.queries)).toHaveLength(2);

    await store.dispatch(switchOrganization('ORG-HZ'));

    expect(switched).toEqual(['ORG-HZ']);
    expect(selectUserInfo(store.getState())).toMatchObject({
      orgId: 'ORG-HZ',
      orgName: '杭州未认证贸易有限公司',
      authorized: false,
      permissions: { '/chain-bill/dashboard': true },
    });
    expect(getUserInfo()?.permissions).toEqual({ '/chain-bill/dashboard': true });
    expect(selectNoticeFeed(store.getState())).toEqual({ notice: [], todo: [], announcement: [], total: 0 });
    expect(selectCompanyList(store.getState())).toEqual(companies);
    expect(store.getState().api!.queries).toEqual({});
    expect(restartRealtime).toHaveBeenCalledTimes(1);
  });

  it('changes nothing when the server refuses the switch', async () => {
    server.use(
      mock.post('*/api/account/switch/:id', () =>
        HttpResponse.json({ code: 'NOT_MEMBER', msg: '不是该企业成员' }, { status: 403 }),
      ),
    );
    signIn();
    const store = createStore();
    const before = { mobile: '13800000004', orgId: 'ORG-SH', permissions: {} };
    store.dispatch(userInfoPublished(before));

    await expect(store.dispatch(switchOrganization('ORG-X'))).rejects.toBeTruthy();
    expect(selectUserInfo(store.getState())).toEqual(before);
  });
});

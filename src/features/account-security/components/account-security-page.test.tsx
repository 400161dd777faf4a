import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { listenFailingUnhandled } from '@/testing/signed-in-landing';
import ConfigProvider from 'antd/es/config-provider';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Provider } from 'react-redux';
import { signInAs } from '@/testing/fake-adapter';
import { createAppStore } from '@/lib/store';
import { AccountSecurityPage } from './account-security-page';

configure({ asyncUtilTimeout: 5000 });

const ok = <T,>(data: T) => HttpResponse.json({ code: 200, msg: '成功', data });
const ownerCalls: string[] = [];
let owner = false;

const server = setupServer(
  mock.get('*/api/role/auth', () => ok({ owner, roles: [owner ? 'ADMIN' : 'STAFF'] })),
  mock.get('*/api/apply-record/account/elec-license/status', () => ok({ bound: true, status: 'BOUND' })),
  mock.post('*/api/account/owner/auth', ({ request }) => {
    ownerCalls.push(request.headers.get('QR-ID') ?? '');
    return HttpResponse.json({ code: 'CONFLICT', msg: '您已是企业管理员' }, { status: 409 });
  }),
);
listenFailingUnhandled(server);
afterEach(() => {
  server.resetHandlers();
  ownerCalls.length = 0;
  owner = false;
});
afterAll(() => server.close());

function renderPage(authMethod = 'LICENSE') {
  signInAs();
  render(
    <Provider store={createAppStore()}>
      <ConfigProvider button={{ autoInsertSpace: false }}>
        <AccountSecurityPage
          user={{ name: '李华', mobile: '13800000002', orgName: '上海链票示范供应链有限公司' }}
          authMethod={authMethod}
        />
      </ConfigProvider>
    </Provider>,
  );
}

describe('AccountSecurityPage', () => {
  it('shows the account, the role, the auth method and the e-licence', async () => {
    renderPage();
    expect(await screen.findByText('企业员工')).toBeInTheDocument();
    expect(screen.getByText('李华')).toBeInTheDocument();
    expect(screen.getByText('电子营业执照认证')).toBeInTheDocument();
    expect(await screen.findByText('已绑定')).toBeInTheDocument();
    expect(screen.getByText('认证为企业管理员').closest('button')).toBeEnabled();
  });

  it('shows NO_PERMISSIONS as 暂无', async () => {
    renderPage('NO_PERMISSIONS');
    expect(await screen.findByText('暂无')).toBeInTheDocument();
  });

  it('disables 认证为企业管理员 for an owner', async () => {
    owner = true;
    renderPage();
    expect(await screen.findByText('您已是企业管理员')).toBeInTheDocument();
    expect(screen.getByText('认证为企业管理员').closest('button')).toBeDisabled();
  });

  it('treats a 409 as already done', async () => {
    renderPage();
    await screen.findByText('企业员工');
    fireEvent.click(screen.getByText('认证为企业管理员').closest('button')!);

    await waitFor(() => expect(ownerCalls).toHaveLength(1));
    expect(await screen.findByText('您已是企业管理员')).toBeInTheDocument();
    expect(screen.getByText('认证为企业管理员').closest('button')).toBeDisabled();
  });
});

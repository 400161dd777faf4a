import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { listenFailingUnhandled } from '@/testing/signed-in-landing';
import App from 'antd/es/app';
import ConfigProvider from 'antd/es/config-provider';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { STAFF_ROLES } from '@contract/organization';
import type { OrgAgreement, StaffMember } from '@contract/organization-schemas';
import { createAppStore } from '@/lib/store';
import { signInAs } from '@/testing/fake-adapter';
import { CompanyCenterPage } from './company-center-page';

configure({ asyncUtilTimeout: 5000 });

const ok = <T,>(data: T) => HttpResponse.json({ code: 200, msg: '成功', data });
const agreement = (status: OrgAgreement['status']): OrgAgreement => ({
  agreementCode: 'FINANCE_SERVICE',
  agreementName: '供应链融资服务协议',
  version: '2026.1',
  status,
  id: status === 'UNSIGNED' ? '' : 'a-1',
  signedBy: status === 'UNSIGNED' ? '' : '张明',
  signedAt: status === 'UNSIGNED' ? '' : '2026-03-02T01:00:00.000Z',
  releasedAt: '',
  contractId: status === 'SIGNED' ? 'c-1' : '',
  contractStatus: status === 'SIGNED' ? 'draft' : null,
  dependents: [],
});
const member: StaffMember = {
  membershipId: 'm-1',
  userId: 'u-1',
  name: '李华',
  mobile: '13800000002',
  owner: false,
  roles: ['OPERATOR'],
  identityVerified: false,
  joinedAt: '2026-03-02T01:00:00.000Z',
  self: false,
};

let agreementStatus: OrgAgreement['status'] = 'UNSIGNED';
const signCalls: string[] = [];
const staffCommands: unknown[] = [];
const server = setupServer(
  mock.get('*/api/organization', () =>
    ok({
      orgId: 'o-1',
      name: '上海链票示范供应链有限公司',
      creditCode: '91310000MA1FL8LK3Y',
      legalPerson: '张明',
      authorized: true,
      bound: true,
      contactName: '',
      contactMobile: '',
      contactEmail: '',
      contactAddress: '',
    }),
  ),
  mock.get('*/api/scbill/org/sign', () => ok([agreement(agreementStatus)])),
  mock.post('*/api/scbill/org/sign', async ({ request }) => {
    signCalls.push(((await request.json()) as { agreementCode: string }).agreementCode);
    agreementStatus = 'SIGNED';
    return ok(agreement('SIGNED'));
  }),
  mock.get('*/api/scbill/org/sign/release', () =>
    ok({ id: 'a-1', releasable: false, dependents: ['质押融资'] }),
  ),
  mock.get('*/api/scbill/configuration/staff/org/role-list', () =>
    ok(STAFF_ROLES.map((role) => ({ ...role, permissions: [...role.permissions] }))),
  ),
  mock.get('*/api/scbill/configuration/staff', () =>
    ok({ content: [member], totalElements: 1, totalPages: 1, size: 10, number: 0 }),
  ),
  mock.post('*/api/scbill/configuration/staff', async ({ request }) => {
    const body = (await request.json()) as { action: string };
    staffCommands.push(body);
    if (body.action === 'ADD')
      return ok({
        member: null,
        invitation: {
          code: 'c0de',
          orgId: 'org-1',
          link: '/#/user/login?code=c0de&orgId=org-1',
          expiresAt: '2026-03-09T08:00:00.000Z',
        },
      });
    return ok({ member: { ...member, roles: ['VIEWER'] } });
  }),
);
listenFailingUnhandled(server);
afterEach(() => {
  server.resetHandlers();
  agreementStatus = 'UNSIGNED';
  signCalls.length = 0;
  staffCommands.length = 0;
});
afterAll(() => server.close());

function renderAt(path: string) {
  signInAs();
  const router = createMemoryRouter(
    [{ path: '/company-center', element: <CompanyCenterPage slots={{ authorize: <p>认证面板</p> }} /> }],
    {
      initialEntries: [path],
    },
  );
  render(
    <Provider store={createAppStore()}>
      <ConfigProvider button={{ autoInsertSpace: false }}>
        <App>
          <RouterProvider router={router} />
        </App>
      </ConfigProvider>
    </Provider>,
  );
  return router;
}

// antd's tables and modals render slowly in jsdom on a loaded machine: each test gets a minute.
describe('CompanyCenterPage', { timeout: 60_000 }, () => {
  it('opens 企业信息 by default and the tab ?type names, and keeps the tab in the address', async () => {
    const router = renderAt('/company-center');
    expect(await screen.findByText('91310000MA1FL8LK3Y')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '企业信息', selected: true })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: '企业认证与授权' }));
    expect(await screen.findByText('认证面板')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?type=authorize');
  });

  it('shows the slot another feature brings under ?type=authorize, and a placeholder for one not brought yet', async () => {
    renderAt('/company-center?type=authorize');
    expect(await screen.findByText('认证面板')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: '申请记录' }));
    expect(await screen.findByText('该功能即将上线')).toBeInTheDocument();
  });

  it('signs an agreement after a confirmation, and shows it signed', async () => {
    renderAt('/company-center?type=agreements');
    fireEvent.click(await screen.findByRole('button', { name: '签约供应链融资服务协议' }));
    const confirm = await screen.findByRole('dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: '签约' }));
    await waitFor(() => expect(signCalls).toEqual(['FINANCE_SERVICE']));
    expect(await screen.findByText('已签署《供应链融资服务协议》')).toBeInTheDocument();
    expect(await screen.findByText('已签约')).toBeInTheDocument();
  });

  it('shows the signed agreement’s contract waiting for a signature, with the way to sign it', async () => {
    agreementStatus = 'SIGNED';
    renderAt('/company-center?type=agreements');
    expect(await screen.findByText('待签署')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去签署《供应链融资服务协议》的电子合同' })).toHaveAttribute(
      'href',
      '/company-center/contracts',
    );
  });

  it('names what depends on an agreement instead of releasing it', async () => {
    agreementStatus = 'SIGNED';
    renderAt('/company-center?type=agreements');
    fireEvent.click(await screen.findByRole('button', { name: '解约供应链融资服务协议' }));
    expect(
      (await screen.findAllByText('以下已开通的业务依赖该协议，暂不能解约：质押融资')).length,
    ).toBeGreaterThan(0);
  });

  it('lists the staff with their roles, refuses no role and changes a member’s roles', async () => {
    renderAt('/company-center?type=staff');
    expect(await screen.findByText('李华')).toBeInTheDocument();
    expect(await screen.findByText('业务经办')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '编辑角色李华' }));
    const dialog = (await screen.findByText('编辑「李华」的角色')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByLabelText(/^业务经办/));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请至少选择一个角色')).toBeInTheDocument();
    expect(staffCommands).toEqual([]);
    fireEvent.click(within(dialog).getByLabelText(/^查看人员/));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(staffCommands).toEqual([{ action: 'UPDATE_ROLES', membershipId: 'm-1', roles: ['VIEWER'] }]),
    );
  });

  it('invites a member: the roles go with the invitation, and its link is shown to pass on', async () => {
    renderAt('/company-center?type=staff');
    fireEvent.click(await screen.findByRole('button', { name: '添加成员' }));
    const dialog = (await screen.findByText('邀请成员')).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByText(/对方接受邀请后才会加入企业/)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('手机号'), { target: { value: '137 0000 0009' } });
    fireEvent.click(within(dialog).getByLabelText(/^查看人员/));
    fireEvent.click(within(dialog).getByRole('button', { name: '生成邀请' }));
    await waitFor(() =>
      expect(staffCommands).toEqual([{ action: 'ADD', mobile: '13700000009', roles: ['VIEWER'] }]),
    );
    const link = await screen.findByText(`${window.location.origin}/#/user/login?code=c0de&orgId=org-1`);
    expect(link.closest('.ant-modal')).toHaveTextContent('邀请链接');
  });
});

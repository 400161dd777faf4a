import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { listenFailingUnhandled } from '@/testing/signed-in-landing';
import App from 'antd/es/app';
import ConfigProvider from 'antd/es/config-provider';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Provider } from 'react-redux';
import type { ApplyRecord } from '@contract/apply-record-schemas';
import { CREDIT_CODE_WARNING } from '@contract/organization';
import type { OrganizationQueryItem } from '@contract/organization-schemas';
import { createAppStore } from '@/lib/store';
import { signInAs } from '@/testing/fake-adapter';
import { JoinOrganizationPage } from './join-organization-page';

configure({ asyncUtilTimeout: 5000 });

const ok = <T,>(data: T) => HttpResponse.json({ code: 200, msg: '成功', data });
const hangzhou: OrganizationQueryItem = {
  orgId: 'o-2',
  name: '杭州未认证贸易有限公司',
  creditCode: '91330100MA2CF7JD8T',
  authorized: false,
};
const record = (remark: string): ApplyRecord => ({
  id: 'r-1',
  orgId: hangzhou.orgId,
  orgName: hangzhou.name,
  applicantName: '新用户',
  applicantMobile: '136****0001',
  status: 'PENDING',
  remark,
  refuseReason: null,
  roles: [],
  authLetterType: null,
  authLetterSize: null,
  createdAt: Date.UTC(2026, 2, 2, 1),
  decidedAt: null,
});

const searches: string[] = [];
const applications: unknown[] = [];
let mine: ApplyRecord[] = [];
const server = setupServer(
  mock.post('*/api/organization/query', async ({ request }) => {
    const { keyword } = (await request.json()) as { keyword: string };
    searches.push(keyword);
    if (keyword === '91330100MA2CF7JD8X') return ok({ items: [], warning: CREDIT_CODE_WARNING });
    return ok({ items: keyword === '杭州' ? [hangzhou] : [] });
  }),
  mock.post('*/api/apply-record', async ({ request }) => {
    const body = (await request.json()) as { creditCode: string; remark?: string };
    applications.push(body);
    mine = [record(body.remark ?? '')];
    return ok(mine[0]);
  }),
  mock.get('*/api/apply-record/mine', () => ok(mine)),
);
listenFailingUnhandled(server);
afterEach(() => {
  server.resetHandlers();
  searches.length = 0;
  applications.length = 0;
  mine = [];
});
afterAll(() => server.close());

function renderPage() {
  signInAs();
  render(
    <Provider store={createAppStore()}>
      <ConfigProvider button={{ autoInsertSpace: false }}>
        <App>
          <JoinOrganizationPage />
        </App>
      </ConfigProvider>
    </Provider>,
  );
}

// antd's lists and modals render slowly in jsdom on a loaded machine: each test gets a minute.
describe('JoinOrganizationPage', { timeout: 60_000 }, () => {
  it('finds an organisation by name and applies to join it with a remark, then lists the application', async () => {
    renderPage();
    expect(await screen.findByText('暂无申请记录')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('企业名称或统一社会信用代码'), { target: { value: ' 杭 州 ' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    const apply = await screen.findByRole('button', { name: '申请加入：杭州未认证贸易有限公司' });
    expect(searches).toEqual(['杭州']);
    expect(screen.getByText('91330100MA2CF7JD8T')).toBeInTheDocument();
    expect(screen.getByText('未认证')).toBeInTheDocument();

    fireEvent.click(apply);
    const dialog = await screen.findByRole('dialog', { name: '申请加入杭州未认证贸易有限公司' });
    fireEvent.change(within(dialog).getByLabelText('申请说明'), { target: { value: ' 负责杭州业务 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交申请' }));

    await waitFor(() =>
      expect(applications).toEqual([{ creditCode: '91330100MA2CF7JD8T', remark: '负责杭州业务' }]),
    );
    expect(await screen.findByText('申请已提交，请等待企业管理员审核')).toBeInTheDocument();
    // 我的申请 reloads: the new application waits for the administrator.
    expect(await screen.findByText('待审核')).toBeInTheDocument();
  });

  it('asks for two characters before searching, and says when nothing matches', async () => {
    renderPage();
    fireEvent.change(await screen.findByLabelText('企业名称或统一社会信用代码'), { target: { value: '杭' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('请至少输入2个字符');
    expect(searches).toEqual([]);

    fireEvent.change(screen.getByLabelText('企业名称或统一社会信用代码'), { target: { value: '苏州' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(await screen.findByText('未找到匹配的企业，请核对后重新查询')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a credit code that fails its check character as a warning, not a refusal', async () => {
    renderPage();
    fireEvent.change(await screen.findByLabelText('企业名称或统一社会信用代码'), {
      target: { value: '91330100MA2CF7JD8X' },
    });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(await screen.findByText(CREDIT_CODE_WARNING)).toBeInTheDocument();
    expect(searches).toEqual(['91330100MA2CF7JD8X']);
  });
});

import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { listenFailingUnhandled } from '@/testing/signed-in-landing';
import { Provider } from 'react-redux';
import App from 'antd/es/app';
import ConfigProvider from 'antd/es/config-provider';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { AuthApplyRecord, BankVerification } from '@contract/bank-account-schemas';
import { createAppStore } from '@/lib/store';
import { signInAs } from '@/testing/fake-adapter';
import { OrgAuthPanel } from './org-auth-panel';

configure({ asyncUtilTimeout: 5000 });

const ORG = '杭州未认证贸易有限公司';
const ok = <T,>(data: T) => HttpResponse.json({ code: 200, msg: '成功', data });
const refuse = (status: number, code: string, msg: string) => HttpResponse.json({ code, msg }, { status });

const paid: BankVerification = {
  id: 'v-1',
  purpose: 'ORG_AUTH',
  status: 'PAID',
  accountName: ORG,
  accountNo: '955880001234',
  bankName: '中国银行',
  branchNo: '104331000010',
  branchName: '中国银行股份有限公司杭州中大支行',
  province: '浙江省',
  city: '杭州市',
  triesLeft: 4,
  requestedAt: '2026-03-02T01:00:00.000Z',
  arrivesAt: '2026-03-02T01:00:00.000Z',
  expiresAt: '2026-03-09T01:00:00.000Z',
  closedAt: null,
};

let record: AuthApplyRecord;
const checks: unknown[] = [];
const server = setupServer(
  mock.get('*/api/organization/auth/apply/record', () => ok(record)),
  mock.get('*/api/organization/auth/bank-transfer-auth/records', () => {
    const content = record.transfer ? [record.transfer] : [];
    return ok({ content, size: 10, totalElements: content.length, totalPages: 1, number: 0 });
  }),
  mock.post('*/api/organization/auth/bank-transfer-auth/check', async ({ request }) => {
    const body = (await request.json()) as { id: string; amount: string };
    checks.push(body);
    if (body.amount !== '0.35') {
      record = { ...record, transfer: { ...paid, triesLeft: 3 } };
      return refuse(400, 'AMOUNT_MISMATCH', '金额不正确，还可输入3次');
    }
    record = {
      ...record,
      authorized: true,
      method: 'BANKTRANSFER',
      transfer: { ...paid, status: 'VERIFIED', triesLeft: 0 },
    };
    return ok(record);
  }),
);
listenFailingUnhandled(server);
afterEach(() => {
  server.resetHandlers();
  checks.length = 0;
});
afterAll(() => server.close());

function renderPanel(start: AuthApplyRecord) {
  record = start;
  signInAs();
  const authorized = vi.fn();
  render(
    <Provider store={createAppStore()}>
      <ConfigProvider button={{ autoInsertSpace: false }}>
        <App>
          <OrgAuthPanel onAuthorized={authorized} />
        </App>
      </ConfigProvider>
    </Provider>,
  );
  return authorized;
}

// antd's forms and tables in jsdom take seconds on a busy 2-core machine.
describe('OrgAuthPanel', { timeout: 45_000 }, () => {
  it('lets an organisation not authenticated choose a method, and shows the transfer form beside the BANKTRANSFER steps', async () => {
    renderPanel({ orgName: ORG, authorized: false, method: null, transfer: null });
    expect(await screen.findByRole('radio', { name: /对公账户小额打款认证/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /电子营业执照扫码认证/ })).toBeDisabled();
    const steps = screen.getByRole('region', { name: '小额打款验证操作说明' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(3);
    expect(steps).toHaveTextContent('预计2小时内到账');
    expect(screen.getByLabelText('账户名称')).toHaveValue(ORG);
    expect(screen.getByRole('button', { name: '发起小额打款' })).toBeInTheDocument();
    expect(await screen.findByText('暂无认证记录')).toBeInTheDocument();
  });

  it('shows an arrived transfer with the tries left, a wrong amount refused, and success once it is right', async () => {
    const authorized = renderPanel({ orgName: ORG, authorized: false, method: null, transfer: paid });
    expect(
      await screen.findByRole('heading', { name: '平台已打款，请查看到账金额后填写' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        '平台已于 2026-03-02 09:00 向 中国银行股份有限公司杭州中大支行 账户 9558 **** 1234 打入一笔1元以下的随机金额。',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/还可输入 4 次/)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('到账金额（元）'), { target: { value: '0.5' } });
    fireEvent.click(screen.getByRole('button', { name: '提交验证' }));
    expect(await screen.findByText('金额不正确，还可输入3次')).toBeInTheDocument();
    expect(await screen.findByText(/还可输入 3 次/)).toBeInTheDocument();
    expect(authorized).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('到账金额（元）'), { target: { value: '0.35' } });
    fireEvent.click(screen.getByRole('button', { name: '提交验证' }));
    expect(await screen.findByRole('heading', { name: '企业已完成认证' })).toBeInTheDocument();
    await waitFor(() => expect(authorized).toHaveBeenCalledTimes(1));
    expect(checks).toEqual([
      { id: 'v-1', amount: '0.50' },
      { id: 'v-1', amount: '0.35' },
    ]);
    expect(screen.getByText('对公账户小额打款认证')).toBeInTheDocument();
    expect(screen.getByText('中国银行股份有限公司杭州中大支行 9558 **** 1234')).toBeInTheDocument();
  });

  it('says a transfer on its way is on its way: no headline of money arrived before it has', async () => {
    renderPanel({
      orgName: ORG,
      authorized: false,
      method: null,
      transfer: { ...paid, status: 'REQUESTED', arrivesAt: '2026-03-02T03:00:00.000Z' },
    });
    expect(await screen.findByRole('heading', { name: '打款已发起，等待到账' })).toBeInTheDocument();
    expect(
      screen.getByText(
        '平台已向 中国银行股份有限公司杭州中大支行 账户 9558 **** 1234 发起一笔1元以下的随机金额打款，预计2小时内到账。',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/已到账|已打款/)).toBeNull();
  });

  it('offers a new transfer, saying why, when the last one ended after too many wrong amounts', async () => {
    renderPanel({
      orgName: ORG,
      authorized: false,
      method: null,
      transfer: { ...paid, status: 'FAILED', triesLeft: 0 },
    });
    expect(
      await screen.findByText('4 次填写的金额都不正确，本次验证失败，请重新发起打款验证。'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '发起小额打款' })).toBeInTheDocument();
    expect(await screen.findByText('验证失败')).toBeInTheDocument();
  });
});

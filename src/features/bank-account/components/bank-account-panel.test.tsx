import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { listenFailingUnhandled } from '@/testing/signed-in-landing';
import { Provider } from 'react-redux';
import App from 'antd/es/app';
import ConfigProvider from 'antd/es/config-provider';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { BankAccount, BankVerification } from '@contract/bank-account-schemas';
import { createAppStore } from '@/lib/store';
import { signInAs } from '@/testing/fake-adapter';
import { buttonNamed, buttonsNamed, findDialog } from '@/testing/queries';
import { BankAccountPanel } from './bank-account-panel';

configure({ asyncUtilTimeout: 5000 });

const ORG = '上海链票示范供应链有限公司';
const ok = <T,>(data: T) => HttpResponse.json({ code: 200, msg: '成功', data });
const refuse = (status: number, code: string, msg: string) => HttpResponse.json({ code, msg }, { status });

const branch = {
  bankName: '中国银行',
  branchNo: '104331000010',
  branchName: '中国银行股份有限公司杭州中大支行',
  province: '浙江省',
  city: '杭州市',
};
const paidTransfer: BankVerification = {
  id: 'v-2',
  purpose: 'ACCOUNT',
  status: 'PAID',
  accountName: ORG,
  accountNo: '6222021234567890',
  ...branch,
  triesLeft: 3,
  requestedAt: '2026-03-02T01:00:00.000Z',
  arrivesAt: '2026-03-02T01:00:00.000Z',
  expiresAt: '2026-03-09T01:00:00.000Z',
  closedAt: null,
};
const settlement: BankAccount = {
  id: 'a-1',
  accountName: ORG,
  accountNo: '98450078801400000187',
  ...branch,
  status: 'VERIFIED',
  verifiedAt: '2026-03-01T01:00:00.000Z',
  isDefault: true,
  verification: null,
  createdAt: '2026-03-01T00:00:00.000Z',
};
const waiting: BankAccount = {
  ...settlement,
  id: 'a-2',
  accountNo: '6222021234567890',
  status: 'VERIFYING',
  verifiedAt: null,
  isDefault: false,
  verification: paidTransfer,
  createdAt: '2026-03-02T00:00:00.000Z',
};
const failed: BankAccount = {
  ...waiting,
  id: 'a-3',
  accountNo: '6222029999000011',
  status: 'UNVERIFIED',
  verification: { ...paidTransfer, id: 'v-3', status: 'FAILED', triesLeft: 0 },
};

let lists = 0;
let wrongAmounts = 0;
const checks: Array<Record<string, string>> = [];
const added: unknown[] = [];
const server = setupServer(
  mock.get('*/api/organization/bank/account/list', () => {
    lists += 1;
    return ok({
      content: [
        settlement,
        { ...waiting, verification: { ...paidTransfer, triesLeft: paidTransfer.triesLeft - wrongAmounts } },
        failed,
      ],
      size: 100,
      totalElements: 3,
      totalPages: 1,
      number: 0,
    });
  }),
  mock.put('*/api/organization/bank/account/auth/check', async ({ request }) => {
    // The amount travels in the body only, never in the address.
    expect(new URL(request.url).search).toBe('');
    const query = (await request.json()) as Record<string, string>;
    checks.push(query);
    if (query.amount === '0.35')
      return ok({ ...waiting, status: 'VERIFIED', verification: { ...paidTransfer, status: 'VERIFIED' } });
    wrongAmounts += 1;
    return refuse(400, 'AMOUNT_MISMATCH', '金额不正确，还可输入2次');
  }),
  mock.post('*/api/scbill/basic-data/bank/page', () =>
    ok({
      content: [
        {
          bankNo: branch.branchNo,
          fullName: branch.branchName,
          shortName: '中国银行',
          province: '浙江省',
          city: '杭州市',
        },
      ],
      size: 20,
      totalElements: 1,
      totalPages: 1,
      number: 0,
    }),
  ),
  mock.post('*/api/organization/bank/account', async ({ request }) => {
    added.push(await request.json());
    return refuse(409, 'BANK_ACCOUNT_EXISTS', '该银行账号已添加');
  }),
);
listenFailingUnhandled(server);
afterEach(() => {
  server.resetHandlers();
  lists = 0;
  wrongAmounts = 0;
  checks.length = 0;
  added.length = 0;
});
afterAll(() => server.close());

function renderPanel() {
  signInAs();
  render(
    <Provider store={createAppStore()}>
      <ConfigProvider button={{ autoInsertSpace: false }}>
        <App>
          <BankAccountPanel orgName={ORG} />
        </App>
      </ConfigProvider>
    </Provider>,
  );
}

const rowOf = async (masked: string) =>
  (await screen.findByText(masked)).closest('tr') as HTMLTableRowElement;

async function openAddDrawer() {
  renderPanel();
  await rowOf('9845 **** **** **** 0187');
  fireEvent.click(buttonNamed('添加银行账户'));
  return findDialog('添加银行账户');
}

// A drawer and a dialog of antd in jsdom take seconds on a busy 2-core machine.
describe('BankAccountPanel', { timeout: 45_000 }, () => {
  it('lists the accounts masked and grouped by four, with their status and the default settlement account', async () => {
    renderPanel();
    const first = await rowOf('9845 **** **** **** 0187');
    expect(first).toHaveTextContent('中国银行股份有限公司杭州中大支行');
    expect(first).toHaveTextContent('已验证');
    expect(first).toHaveTextContent('默认结算账户');
    expect(buttonsNamed(/^输入金额/, first)).toEqual([]);

    const second = await rowOf('6222 **** **** 7890');
    expect(second).toHaveTextContent('验证中');
    expect(second).toHaveTextContent('待输入金额');
    expect(second).not.toHaveTextContent('默认结算账户');
    expect(buttonNamed('输入金额：6222 **** **** 7890', second)).toBeInTheDocument();

    const third = await rowOf('6222 **** **** 0011');
    expect(third).toHaveTextContent('验证失败');
    expect(buttonNamed(/^重新打款/, third)).toBeInTheDocument();
    expect(
      screen.getByText('6222 **** **** 0011：4 次填写的金额都不正确，本次验证失败，请重新发起打款验证。'),
    ).toBeInTheDocument();
  });

  it('shows a wrong amount refused under the field, reads the list again, and verifies the right one', async () => {
    renderPanel();
    const row = await rowOf('6222 **** **** 7890');
    fireEvent.click(buttonNamed(/^输入金额/, row));
    const dialog = await findDialog('打款金额验证');
    expect(dialog).toHaveTextContent('预计2小时内到账');
    expect(dialog).toHaveTextContent('还可输入 3 次');
    const listsBefore = lists;

    fireEvent.change(within(dialog).getByLabelText('到账金额（元）'), { target: { value: '0.5' } });
    fireEvent.click(buttonNamed('验证', dialog));
    expect(await within(dialog).findByText('金额不正确，还可输入2次')).toBeInTheDocument();
    expect(checks).toEqual([{ id: 'a-2', amount: '0.50' }]);
    await waitFor(() => expect(lists).toBeGreaterThan(listsBefore));
    // The dialog counts down with the list, and keeps the refusal it showed.
    await waitFor(() => expect(dialog).toHaveTextContent('还可输入 2 次'));
    expect(within(dialog).getByText('金额不正确，还可输入2次')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('到账金额（元）'), { target: { value: '0.35' } });
    fireEvent.click(buttonNamed('验证', dialog));
    expect(await screen.findByText('验证成功，账户已通过打款验证')).toBeInTheDocument();
    expect(checks.at(-1)).toEqual({ id: 'a-2', amount: '0.35' });
  });

  it('adds an account in the organisation name only, checking the number and the branch before sending', async () => {
    const drawer = await openAddDrawer();
    expect(within(drawer).getByLabelText('账户名称')).toHaveValue(ORG);

    fireEvent.click(buttonNamed('添加并发起打款验证', drawer));
    expect(await within(drawer).findByText('请输入银行账号')).toBeInTheDocument();
    expect(within(drawer).getByText('请选择开户行')).toBeInTheDocument();
    fireEvent.change(within(drawer).getByLabelText('银行账号'), { target: { value: '12a45' } });
    expect(await within(drawer).findByText('银行账号须为6-32位数字')).toBeInTheDocument();
    expect(added).toEqual([]);
  });

  it('takes the number and name of a branch the directory lacks, checking the number first', async () => {
    const drawer = await openAddDrawer();
    fireEvent.change(within(drawer).getByLabelText('银行账号'), { target: { value: '1001 2345 6789' } });
    fireEvent.click(buttonNamed('列表中没有开户行？填写联行号和名称', drawer));
    fireEvent.change(within(drawer).getByLabelText('开户行联行号'), { target: { value: '1022 9000 201' } });
    fireEvent.change(within(drawer).getByLabelText('开户行名称'), {
      target: { value: '中国工商银行股份有限公司上海市外滩支行' },
    });
    fireEvent.click(buttonNamed('添加并发起打款验证', drawer));
    expect(await within(drawer).findByText('联行号须为12位数字')).toBeInTheDocument();
    expect(added).toEqual([]);

    fireEvent.change(within(drawer).getByLabelText('开户行联行号'), { target: { value: '1022 9000 2014' } });
    fireEvent.click(buttonNamed('添加并发起打款验证', drawer));
    await waitFor(() =>
      expect(added).toEqual([
        {
          accountName: ORG,
          accountNo: '100123456789',
          branchNo: '102290002014',
          branchName: '中国工商银行股份有限公司上海市外滩支行',
        },
      ]),
    );
  });

  it('shows a duplicate number refused by the server under the number', async () => {
    const drawer = await openAddDrawer();
    fireEvent.change(within(drawer).getByLabelText('银行账号'), { target: { value: '6222 0212 3456 7890' } });
    const picker = within(drawer).getByLabelText('开户行');
    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: '杭州中大' } });
    const option = await waitFor(() => {
      const found = screen
        .getAllByText('中国银行股份有限公司杭州中大支行')
        .find((element) => element.closest('.ant-select-item-option'));
      expect(found).toBeDefined();
      return found!;
    });
    fireEvent.click(option);
    expect(await within(drawer).findByText('浙江省 杭州市')).toBeInTheDocument();
    fireEvent.click(buttonNamed('添加并发起打款验证', drawer));
    expect(await within(drawer).findByText('该银行账号已添加')).toBeInTheDocument();
    expect(added).toEqual([{ accountName: ORG, accountNo: '6222021234567890', branchNo: '104331000010' }]);
  });
});

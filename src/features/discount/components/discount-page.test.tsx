import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http as mock } from 'msw';
import type { Holding } from '@contract/bills-schemas';
import type { DiscountRecord } from '@contract/discount-schemas';
import { created, ok, pageOf, renderInApp, serveLedgerPage } from '@/testing/ledger-page';
import { DiscountPage } from './discount-page';

configure({ asyncUtilTimeout: 5000 });

const holding = {
  id: 'h-1',
  packageId: 'p-1',
  packageNo: '530012345678901234567890123456',
  range: '1-100000000',
  amount: '1000000.00',
  dueDate: '2026-06-01',
  circulation: 'TF0301',
  noTransfer: false,
  splittable: true,
} as unknown as Holding;

const pending: DiscountRecord = {
  id: 'd-1',
  packageId: 'p-1',
  packageNo: holding.packageNo,
  range: '1-40000000',
  amount: '400000.00',
  institution: { orgId: 'i-1', name: '浦发银行（模拟）' },
  annualRate: '2.0000',
  interestPayer: 'PT02',
  buyerSharePercent: null,
  clearing: 'SM00',
  discountDate: '2026-03-02',
  maturityDate: '2026-06-01',
  days: 91,
  adjustDays: 0,
  interest: '2022.22',
  buyerInterest: '0.00',
  netAmount: '397977.78',
  accountNo: '9845 **** 0187',
  status: 'pending',
  reason: null,
  paid: false,
  appliedAt: '2026-03-02T01:00:00.000Z',
  answeredAt: null,
};

const trials: unknown[] = [];
const applications: unknown[] = [];
const withdrawals: string[] = [];
const listQueries: string[] = [];
const exports: unknown[] = [];
serveLedgerPage(
  { recording: [trials, applications, withdrawals, listQueries], exportsInto: exports },
  mock.get('*/api/scbill/basic-data/institutions', () =>
    ok([
      { orgId: 'i-1', name: '浦发银行（模拟）', creditCode: 'x', bankNo: '310290000013', bankName: '浦发' },
    ]),
  ),
  mock.post('*/api/scbill/discount/trial', async ({ request }) => {
    const body = (await request.json()) as Record<string, string>;
    trials.push(body);
    return ok({
      ...body,
      paymentDate: body.maturityDate,
      days: 91,
      adjustDays: 0,
      interestPayer: 'PT02',
      interest: '2022.22',
      buyerInterest: '0.00',
      sellerInterest: '2022.22',
      netAmount: '397977.78',
    });
  }),
  mock.post('*/api/scbill/discount/apply', async ({ request }) => {
    applications.push(await request.json());
    return created(pending);
  }),
  mock.get('*/api/scbill/discount/list', ({ request }) => {
    listQueries.push(new URL(request.url).search);
    return ok(pageOf(withdrawals.length === 0 ? [pending] : [{ ...pending, status: 'withdrawn' }]));
  }),
  mock.post('*/api/scbill/discount/:id/withdraw', ({ params }) => {
    withdrawals.push(String(params.id));
    return ok({ ...pending, status: 'withdrawn' });
  }),
);

function renderPage() {
  renderInApp(
    <DiscountPage
      holdings={[holding]}
      holdingsLoading={false}
      detail={{ link: () => null, drawer: null }}
      canExport
    />,
  );
}

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  fireEvent.click(await screen.findByTitle(option));
}

describe('the 贴现 page', () => {
  it('asks the calculator as the user types and applies with the typed terms', async () => {
    renderPage();
    await choose('贴现票据', `${holding.packageNo}（1-100000000，1,000,000.00元，2026-06-01到期）`);
    fireEvent.change(screen.getByLabelText('贴现金额'), { target: { value: '400,000' } });
    await choose('贴现机构', '浦发银行（模拟）');
    fireEvent.change(screen.getByLabelText('年利率（%）'), { target: { value: '2' } });
    // The terms are complete: until their figures come, the card says it is calculating.
    expect(await screen.findByText('正在计算…')).toBeInTheDocument();
    await waitFor(() =>
      expect(trials.at(-1)).toMatchObject({
        faceAmount: '400000.00',
        annualRate: '2',
        maturityDate: '2026-06-01',
        interestPayer: 'PT02',
      }),
    );
    const days = (await screen.findByText('计息天数')).closest('tr')!;
    expect(days).toHaveTextContent('91');
    expect(within(days.closest('table')!).getByText('实付金额（元）').closest('tr')).toHaveTextContent(
      '397,977.78',
    );

    fireEvent.click(screen.getByText('提交贴现申请').closest('button')!);
    await waitFor(() =>
      expect(applications).toEqual([
        {
          holdingId: 'h-1',
          institutionOrgId: 'i-1',
          amount: '400000.00',
          annualRate: '2',
          interestPayer: 'PT02',
          clearing: 'SM00',
        },
      ]),
    );
  });

  it('asks for the buyer’s share under 协议付息 before asking the calculator', async () => {
    renderPage();
    await choose('贴现票据', `${holding.packageNo}（1-100000000，1,000,000.00元，2026-06-01到期）`);
    fireEvent.change(screen.getByLabelText('年利率（%）'), { target: { value: '2' } });
    // The terms are complete: until their figures come, the card says it is calculating.
    expect(await screen.findByText('正在计算…')).toBeInTheDocument();
    await waitFor(() => expect(trials).toHaveLength(1));
    fireEvent.click(screen.getByLabelText('协议付息'));
    const before = trials.length;
    expect(await screen.findByLabelText('买方付息比例（%）')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(trials.slice(before).every((t) => (t as { interestPayer: string }).interestPayer !== 'PT03')).toBe(
      true,
    );
    fireEvent.change(screen.getByLabelText('买方付息比例（%）'), { target: { value: '40' } });
    await waitFor(() =>
      expect(trials.at(-1)).toMatchObject({ interestPayer: 'PT03', buyerSharePercent: '40' }),
    );
  });

  it('lists the discounts with their terms and withdraws a pending one', async () => {
    renderPage();
    const table = await screen.findByRole('table');
    const row = await within(table).findByText('浦发银行（模拟）');
    const tr = row.closest('tr')!;
    expect(tr).toHaveTextContent('2.0000%');
    expect(tr).toHaveTextContent('397,977.78');
    expect(tr).toHaveTextContent('线上清算');
    expect(tr).toHaveTextContent('待签收');
    fireEvent.click(within(tr).getByText('撤回').closest('button')!);
    await waitFor(() => expect(withdrawals).toEqual(['d-1']));
    expect(await within(table).findByText('已撤回')).toBeInTheDocument();
  });

  it('filters 我的贴现 without spaces or line breaks, leaves out what is empty, and exports what it shows', async () => {
    renderPage();
    await waitFor(() => expect(listQueries).toEqual(['?page=0&size=10']));
    fireEvent.change(screen.getByLabelText('票据包号'), { target: { value: ' 5300 1234\n5678 ' } });
    await choose('申请状态', '待签收');
    await choose('机构名称', '浦发银行（模拟）');
    fireEvent.click(screen.getByText('查询').closest('button')!);
    await waitFor(() => expect(listQueries).toHaveLength(2));
    expect(Object.fromEntries(new URLSearchParams(listQueries[1]))).toEqual({
      page: '0',
      size: '10',
      packageNo: '530012345678',
      status: 'pending',
      institutionOrgId: 'i-1',
    });
    fireEvent.click(screen.getByText('导出').closest('button')!);
    await waitFor(() =>
      expect(exports).toEqual([
        {
          kind: 'discounts',
          params: { packageNo: '530012345678', status: 'pending', institutionOrgId: 'i-1' },
        },
      ]),
    );
    // After 重置, a number of spaces and line breaks only is left out.
    fireEvent.click(screen.getByText('重置').closest('button')!);
    fireEvent.change(screen.getByLabelText('票据包号'), { target: { value: ' \n ' } });
    await choose('申请状态', '已驳回');
    fireEvent.click(screen.getByText('查询').closest('button')!);
    await waitFor(() => expect(listQueries.at(-1)).toBe('?page=0&size=10&status=refused'));
  });
});

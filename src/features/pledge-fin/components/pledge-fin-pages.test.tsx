import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { listenFailingUnhandled } from '@/testing/signed-in-landing';
import { http as mock } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Holding } from '@contract/bills-schemas';
import type { PledgeFinDetail, PledgeFinSummary } from '@contract/pledge-fin-schemas';
import { created, ok, renderInApp } from '@/testing/ledger-page';
import { findNamed, oneNamed } from '@/testing/queries';
import { PledgeFinListPage } from './pledge-fin-list-page';
import { PledgeFinStartPage } from './pledge-fin-start-page';

configure({ asyncUtilTimeout: 5000 });

const holding = {
  id: 'h-1',
  packageId: 'p-1',
  packageNo: '530012345678901234567890123456',
  range: '1-100000000',
  amount: '1000000.00',
  dueDate: '2099-06-02',
  circulation: 'TF0301',
  noTransfer: false,
  splittable: true,
} as unknown as Holding;

const product = {
  id: 'prod-1',
  institution: { orgId: 'i-1', name: '浦发银行（模拟）' },
  name: '票据质押流贷（按月付息）',
  annualRate: '3.8500',
  pledgeRatio: '80.00',
  minAmount: '100000.00',
  maxAmount: '50000000.00',
  maxTermDays: 180,
  feeRate: '0.1000',
  repaymentMode: 'MONTHLY',
  dayBasis: 360,
  penaltyRate: '5.7750',
};

const summary: PledgeFinSummary = {
  id: 'f-1',
  finNo: 'RZ20260302ABCDEF12',
  state: '524000000',
  product: { id: product.id, name: product.name },
  institution: product.institution,
  amount: '800000.00',
  annualRate: '3.8500',
  valueDate: '2099-03-02',
  maturityDate: '2099-06-01',
  purpose: '采购原材料',
  billCount: 1,
  applicantName: '陈静',
  createdAt: '2026-03-02T01:00:00.000Z',
  submittedAt: null,
};

const detailOf = (fields: Partial<PledgeFinDetail> = {}): PledgeFinDetail => ({
  ...summary,
  netPaidOut: null,
  paidOutAt: null,
  payments: [],
  nextPayment: null,
  owed: null,
  restOwed: null,
  bills: [
    {
      holdingId: 'h-1',
      packageId: 'p-1',
      packageNo: holding.packageNo,
      range: holding.range,
      amount: '1000000.00',
      acceptorName: '上海链票示范供应链有限公司',
      maturityDate: '2099-06-02',
      pledgeValue: '800000.00',
      pledgeStatus: null,
    },
  ],
  pledgeValue: '800000.00',
  approverName: null,
  opinion: null,
  cost: null,
  ...fields,
});

const contract = {
  counterSignedAt: null,
  counterError: null,
  status: 'draft',
  parties: [],
  bizType: 'pledge-financing',
  bizId: 'f-1',
  amount: '800000.00',
  expiresAt: '2099-04-01T00:00:00.000Z',
  signedAt: null,
  createdAt: '2026-03-02T01:00:00.000Z',
};

/** Being repaid: the first of two payments paid, the last one 3 days late with its penalty. */
const repaying = () =>
  detailOf({
    state: '524000240',
    netPaidOut: '799200.00',
    paidOutAt: '2026-03-02T01:10:00.000Z',
    cost: {
      principal: '800000.00',
      annualRate: '3.8500',
      valueDate: '2099-03-02',
      maturityDate: '2099-06-01',
      dayBasis: 360,
      days: 91,
      interest: '7786.11',
      feeRate: '0.1000',
      fee: '800.00',
      netAmount: '799200.00',
      repaymentMode: 'MONTHLY',
      schedule: [
        {
          seq: 1,
          startDate: '2099-03-02',
          endDate: '2099-03-20',
          days: 18,
          interest: '1540.00',
          principal: '0.00',
          amount: '1540.00',
        },
        {
          seq: 2,
          startDate: '2099-03-20',
          endDate: '2099-06-01',
          days: 73,
          interest: '6246.11',
          principal: '800000.00',
          amount: '806246.11',
        },
      ],
    },
    payments: [
      {
        seq: 1,
        dueDate: '2099-03-20',
        interest: '1540.00',
        principal: '0.00',
        overdueDays: 0,
        penalty: '0.00',
        amount: '1540.00',
        paidAt: '2026-03-10T01:00:00.000Z',
        payerName: '陈静',
      },
    ],
    nextPayment: {
      seq: 2,
      dueDate: '2099-06-01',
      interest: '6246.11',
      principal: '800000.00',
      overdueDays: 3,
      penalty: '387.87',
      amount: '806633.98',
      last: true,
      paidSoFar: '0.00',
    },
    owed: '806633.98',
  });

const requests: Array<{ url: string; body: unknown }> = [];
let detail = detailOf();
/** What each contract says of its signatures, for the sign page's state of the institution's side. */
let signatures: { signedAt: string | null; counterSignedAt: string | null; counterError: string | null } = {
  signedAt: null,
  counterSignedAt: null,
  counterError: null,
};
const server = setupServer(
  mock.post('*/api/pledge-fin/page/by-pledger', async ({ request }) => {
    requests.push({ url: request.url, body: await request.json() });
    return ok({
      content: [summary, { ...summary, id: 'f-2', finNo: 'RZ2', state: '524000080' }],
      totalElements: 2,
      totalPages: 1,
      size: 10,
      number: 0,
    });
  }),
  mock.post('*/api/pledge-fin/config/list', () => ok([product])),
  mock.get('*/api/scbill/basic-data/:id/org-finance/config', () =>
    ok({
      orgId: 'o-1',
      creditLines: [
        { institution: product.institution, line: '20000000.00', used: '0.00', available: '20000000.00' },
      ],
      settlementAccount: null,
    }),
  ),
  mock.post('*/api/scbill/pledge/cost/real-time/cal', async ({ request }) => {
    const body = (await request.json()) as Record<string, string>;
    requests.push({ url: request.url, body });
    return ok({
      ...body,
      annualRate: '3.8500',
      dayBasis: 360,
      days: 91,
      interest: '7786.11',
      feeRate: '0.1000',
      fee: '800.00',
      netAmount: '799200.00',
      repaymentMode: 'MONTHLY',
      schedule: [
        {
          seq: 1,
          startDate: body.valueDate,
          endDate: '2099-03-20',
          days: 18,
          interest: '1540.00',
          principal: '0.00',
          amount: '1540.00',
        },
        {
          seq: 2,
          startDate: '2099-03-20',
          endDate: body.maturityDate,
          days: 73,
          interest: '6246.11',
          principal: '800000.00',
          amount: '806246.11',
        },
      ],
    });
  }),
  mock.get('*/api/pledge-fin/:id/detail', () => ok(detail)),
  mock.get('*/api/pledge-fin/:id/op-history/list', () =>
    ok([
      {
        id: 'e1',
        action: 'SAVE',
        fromState: '524000000',
        toState: '524000000',
        operatorName: '陈静',
        opinion: null,
        at: '2026-03-02T01:00:00.000Z',
      },
      {
        id: 'e2',
        action: 'SUBMIT',
        fromState: '524000000',
        toState: '524000040',
        operatorName: '陈静',
        opinion: null,
        at: '2026-03-02T01:05:00.000Z',
      },
    ]),
  ),
  mock.post('*/api/pledge-fin', async ({ request }) => {
    requests.push({ url: request.url, body: await request.json() });
    detail = detailOf({ state: '524000040' });
    return created(detail);
  }),
  mock.get('*/api/pledge-fin/:id/contracts', () =>
    ok([
      { ...contract, ...signatures, id: 'c-1', title: '供应链票据质押融资借款合同', contractNo: 'HT1' },
      {
        ...contract,
        ...signatures,
        id: 'c-2',
        title: '供应链票据质押合同',
        contractNo: 'HT2',
        bizType: 'pledge-financing-pledge',
      },
    ]),
  ),
  mock.post('*/api/pledge-fin/interest-payment', async ({ request }) => {
    requests.push({ url: request.url, body: await request.json() });
    return ok(detailOf({ state: '524000320' }));
  }),
  mock.put('*/api/pledge-fin/payout/retry', async ({ request }) => {
    requests.push({ url: request.url, body: await request.json() });
    detail = repaying();
    return ok(detail);
  }),
  mock.put('*/api/pledge-fin/countersign/retry', async ({ request }) => {
    requests.push({ url: request.url, body: await request.json() });
    signatures = { ...signatures, counterError: null };
    return ok(detail);
  }),
  mock.put('*/api/pledge-fin/rest/retry', async ({ request }) => {
    requests.push({ url: request.url, body: await request.json() });
    detail = { ...detail, restOwed: null };
    return ok(detail);
  }),
  mock.put('*/api/pledge-fin/approve', async ({ request }) => {
    const body = (await request.json()) as { result: string };
    requests.push({ url: request.url, body });
    detail = detailOf({ state: body.result === 'REJECT' ? '524000900' : '524000080' });
    return ok(detail);
  }),
);

listenFailingUnhandled(server);
afterEach(() => {
  server.resetHandlers();
  requests.length = 0;
  detail = detailOf();
  signatures = { signedAt: null, counterSignedAt: null, counterError: null };
});
afterAll(() => server.close());

function Where() {
  return <output aria-label="当前地址">{useLocation().pathname}</output>;
}

function renderAt(entry: string, canApprove = false) {
  renderInApp(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/list" element={<PledgeFinListPage />} />
        <Route path="/start/:page/:bizId" element={<StartRoute canApprove={canApprove} />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

function StartRoute({ canApprove }: { canApprove: boolean }) {
  const { pathname } = useLocation();
  const [, , page, bizId] = pathname.split('/');
  return (
    <PledgeFinStartPage
      page={page!}
      bizId={bizId!}
      orgId="o-1"
      holdings={[holding]}
      holdingsLoading={false}
      canApprove={canApprove}
    />
  );
}

const requestsTo = (path: string) => requests.filter((r) => new URL(r.url).pathname.endsWith(path));

describe('the 质押融资 list', () => {
  it('lists the financings with their states, each opening the sub-page its state names', async () => {
    renderAt('/list');
    const table = await findNamed('table', '融资申请');
    const draft = (await within(table).findByText('RZ20260302ABCDEF12')).closest('tr')!;
    expect(draft).toHaveTextContent('待提交');
    expect(draft).toHaveTextContent('800,000.00');
    expect(oneNamed('a', '继续填写RZ20260302ABCDEF12', draft)).toHaveAttribute(
      'href',
      '/chain-bill/pledge-business/pledge-financing-start/sub-page/open-add/f-1',
    );
    const signing = within(table).getByText('RZ2').closest('tr')!;
    expect(oneNamed('a', '查看RZ2', signing)).toHaveAttribute(
      'href',
      '/chain-bill/pledge-business/pledge-financing-start/sub-page/sign/f-2',
    );
  });

  it('asks with the number typed, spaces and line breaks taken out, and no blank filter', async () => {
    renderAt('/list');
    await screen.findByText('RZ2');
    fireEvent.change(screen.getByLabelText('按融资编号查询'), { target: { value: ' RZ2026 0302\n' } });
    fireEvent.click(screen.getByText('查询').closest('button')!);
    await waitFor(() => expect(requestsTo('/by-pledger').at(-1)?.body).toEqual({ finNo: 'RZ20260302' }));
    expect(new URL(requestsTo('/by-pledger').at(-1)!.url).search).toBe('?page=0&size=10');
  });
});

describe('the application form (open-add)', () => {
  it('fills in the draft, shows the live cost and the amount in capitals, and submits it', async () => {
    renderAt('/start/open-add/f-1');
    // The draft's terms are complete: until their cost comes, the card says it is calculating.
    expect(await screen.findByText('正在计算…')).toBeInTheDocument();
    await waitFor(() =>
      expect(requestsTo('/real-time/cal').at(-1)?.body).toMatchObject({
        principal: '800000.00',
        productId: 'prod-1',
        maturityDate: '2099-06-01',
      }),
    );
    const cost = await findNamed('table', '还款计划');
    expect(cost.querySelectorAll('tr')).toHaveLength(3);
    expect((await screen.findByText('实际到账（元）')).closest('tr')).toHaveTextContent('799,200.00');
    expect(screen.getByText('大写：捌拾万元整')).toBeInTheDocument();
    expect(screen.getByText(/可质押额度800,000.00元/)).toBeInTheDocument();
    expect(screen.getByText(/可用授信额度20,000,000.00元/)).toBeInTheDocument();

    fireEvent.click(screen.getByText('提交申请').closest('button')!);
    await waitFor(() =>
      expect(requestsTo('/api/pledge-fin').at(-1)?.body).toEqual({
        id: 'f-1',
        productId: 'prod-1',
        holdingIds: ['h-1'],
        amount: '800000.00',
        maturityDate: '2099-06-01',
        purpose: '采购原材料',
      }),
    );
    // Submitted, it waits for approval: the detail shows it.
    await waitFor(() =>
      expect(screen.getByLabelText('当前地址')).toHaveTextContent(
        '/chain-bill/pledge-business/pledge-financing-start/sub-page/detail/f-1',
      ),
    );
  });
});

describe('the financing’s detail', () => {
  it('lets an approver reject only with an opinion, and shows the history', async () => {
    detail = detailOf({ state: '524000040' });
    renderAt('/start/detail/f-1', true);
    expect(await screen.findByText('陈静 提交申请')).toBeInTheDocument();
    fireEvent.click(await screen.findByText('驳回'));
    expect(await screen.findByText('驳回须填写审批意见')).toBeInTheDocument();
    expect(requestsTo('/approve')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('审批意见'), { target: { value: '用途不明' } });
    fireEvent.click(screen.getByText('驳回'));
    await waitFor(() =>
      expect(requestsTo('/approve').at(-1)?.body).toEqual({
        id: 'f-1',
        result: 'REJECT',
        opinion: '用途不明',
      }),
    );
  });

  it('shows each bill’s pledge as it stands: one the acceptor paid to the institution as 已兑付', async () => {
    const base = detailOf({ state: '524000320' });
    detail = {
      ...base,
      bills: [
        { ...base.bills[0]!, pledgeStatus: 'paid' },
        { ...base.bills[0]!, holdingId: 'h-2', packageNo: '6'.repeat(30), pledgeStatus: 'released' },
      ],
    };
    renderAt('/start/detail/f-1');
    const bills = await findNamed('table', '质押票据');
    expect(within(bills).getByText('质押状态')).toBeInTheDocument();
    expect(within(bills).getByText('已兑付')).toBeInTheDocument();
    expect(within(bills).getByText('已解除')).toBeInTheDocument();
  });

  it('offers no approval to a member without the permission', async () => {
    detail = detailOf({ state: '524000040' });
    renderAt('/start/detail/f-1', false);
    expect(await screen.findByText('待审批')).toBeInTheDocument();
    expect(screen.queryByText('审批通过')).not.toBeInTheDocument();
  });
});

describe('a rest of the proceeds the bank refused to transfer', () => {
  it('is said on the detail page with what is owed, and asked for again after a confirmation', async () => {
    detail = detailOf({ state: '524000320', restOwed: '198587.84' });
    renderAt('/start/detail/f-1');
    expect(await screen.findByText(/应付贵司的198,587.84元划付未成功/)).toBeInTheDocument();
    fireEvent.click(screen.getByText('重新申请划付余款').closest('button')!);
    expect((await screen.findAllByText('确认重新申请划付余款？')).length).toBeGreaterThan(0);
    expect(requestsTo('/rest/retry')).toHaveLength(0);
    fireEvent.click(screen.getByText('确定').closest('button')!);
    await waitFor(() => expect(requestsTo('/rest/retry').at(-1)?.body).toEqual({ id: 'f-1' }));
    expect((await screen.findAllByText('余款已划付至贵司结算账户')).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByText(/划付未成功/)).not.toBeInTheDocument());
  });

  it('is not said while nothing is owed', async () => {
    detail = detailOf({ state: '524000320' });
    renderAt('/start/detail/f-1');
    expect(await screen.findByText('已结清')).toBeInTheDocument();
    expect(screen.queryByText('重新申请划付余款')).not.toBeInTheDocument();
  });
});

describe('the sign page', () => {
  it('lists the loan contract and the pledge contract to sign while the financing waits for them', async () => {
    detail = detailOf({ state: '524000080' });
    renderAt('/start/sign/f-1');
    const table = await findNamed('table', '融资合同');
    expect(await within(table).findByText('供应链票据质押融资借款合同')).toBeInTheDocument();
    expect(within(table).getByText('HT2')).toBeInTheDocument();
  });

  it('says the institution signs its side once 苏州 signed both contracts', async () => {
    detail = detailOf({ state: '524000080' });
    signatures = { signedAt: '2026-03-02T01:05:00.000Z', counterSignedAt: null, counterError: null };
    renderAt('/start/sign/f-1');
    expect(await screen.findByText('贵司已签署两份合同，正在等待融资机构签署。')).toBeInTheDocument();
    expect(screen.queryByText('重新发起机构签署')).not.toBeInTheDocument();
  });

  it('offers the institution’s failed signature again, after a confirmation', async () => {
    detail = detailOf({ state: '524000080' });
    signatures = {
      signedAt: '2026-03-02T01:05:00.000Z',
      counterSignedAt: null,
      counterError: '浦发银行（模拟）的电子签章服务暂不可用，签署未完成，请稍后重新发起',
    };
    renderAt('/start/sign/f-1');
    expect(
      await screen.findByText(/融资机构尚未签署：浦发银行（模拟）的电子签章服务暂不可用/),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByText('重新发起机构签署').closest('button')!);
    expect((await screen.findAllByText('确认重新发起机构签署？')).length).toBeGreaterThan(0);
    expect(requestsTo('/countersign/retry')).toHaveLength(0);
    fireEvent.click(screen.getByText('确定').closest('button')!);
    await waitFor(() => expect(requestsTo('/countersign/retry').at(-1)?.body).toEqual({ id: 'f-1' }));
    expect((await screen.findAllByText('已重新发起机构签署，请稍候')).length).toBeGreaterThan(0);
  });

  it('offers a pay-out the bank refused again, after a confirmation', async () => {
    detail = detailOf({ state: '524000160' });
    renderAt('/start/sign/f-1');
    expect(await screen.findByText(/放款未成功/)).toBeInTheDocument();
    fireEvent.click(screen.getByText('重新申请放款').closest('button')!);
    expect((await screen.findAllByText('确认重新申请放款？')).length).toBeGreaterThan(0);
    expect(requestsTo('/payout/retry')).toHaveLength(0);
    fireEvent.click(screen.getByText('确定').closest('button')!);
    await waitFor(() => expect(requestsTo('/payout/retry').at(-1)?.body).toEqual({ id: 'f-1' }));
    expect((await screen.findAllByText('合同已签署，融资款已放款至贵司结算账户。')).length).toBeGreaterThan(
      0,
    );
  });

  it('offers the retries on the detail, where the list, the entry link and the to-dos lead', async () => {
    detail = detailOf({ state: '524000160' });
    renderAt('/start/detail/f-1');
    expect(await screen.findByText(/放款未成功/)).toBeInTheDocument();
    expect(screen.getByText('重新申请放款').closest('button')).toBeEnabled();
    cleanup();

    detail = detailOf({ state: '524000080' });
    signatures = {
      signedAt: '2026-03-02T01:05:00.000Z',
      counterSignedAt: null,
      counterError: '浦发银行（模拟）的电子签章服务长时间未答复签署结果，签署未完成，请重新发起',
    };
    renderAt('/start/detail/f-1');
    expect(
      await screen.findByText(/融资机构尚未签署：浦发银行（模拟）的电子签章服务长时间未答复/),
    ).toBeInTheDocument();
    expect(screen.getByText('重新发起机构签署').closest('button')).toBeEnabled();
  });

  it('says the money is paid out once both are signed, and leads to the interest page', async () => {
    detail = repaying();
    renderAt('/start/sign/f-1');
    expect(await screen.findByText('合同已签署，融资款已放款至贵司结算账户。')).toBeInTheDocument();
    fireEvent.click(screen.getByText('前往还款').closest('button')!);
    await waitFor(() =>
      expect(screen.getByLabelText('当前地址')).toHaveTextContent(
        '/chain-bill/pledge-business/pledge-financing-start/sub-page/interest/f-1',
      ),
    );
  });
});

describe('the interest page', () => {
  it('shows the payment due, overdue with its penalty, and pays it after a confirmation', async () => {
    detail = repaying();
    renderAt('/start/interest/f-1');
    const due = await screen.findByText('本期应付');
    const card = due.closest('.ant-card') as HTMLElement;
    expect(within(card).getByText('逾期3天')).toBeInTheDocument();
    // What this payment owes and, the last one, all the loan owes.
    expect(within(card).getAllByText('806,633.98')).toHaveLength(2);
    expect(within(card).getByText('融资尚欠合计（元）')).toBeInTheDocument();
    expect(within(card).queryByText('本期已还（元）')).not.toBeInTheDocument();
    expect(within(card).getByText(/含归还本金/)).toBeInTheDocument();
    const payments = oneNamed('table', '还款记录');
    expect(within(payments).getByText('已支付')).toBeInTheDocument();
    expect(within(payments).getByText('待支付')).toBeInTheDocument();

    fireEvent.click(within(card).getByText('支付第2期').closest('button')!);
    expect((await screen.findAllByText('确认支付第2期？')).length).toBeGreaterThan(0);
    expect(
      screen.getByText('将从贵司结算账户支付806,633.98元至融资机构，需完成身份验证。'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByText('确定').closest('button')!);
    await waitFor(() => expect(requestsTo('/interest-payment').at(-1)?.body).toEqual({ id: 'f-1', seq: 2 }));
    expect(await screen.findByText('融资已结清，质押票据已解除质押')).toBeInTheDocument();
  });

  it('shows a payment the proceeds of a matured bill paid in part, with what remains of it', async () => {
    const base = repaying();
    detail = {
      ...base,
      nextPayment: {
        ...base.nextPayment!,
        interest: '0.00',
        principal: '12.16',
        penalty: '0.00',
        amount: '12.16',
        paidSoFar: '806621.82',
      },
      owed: '12.16',
    };
    renderAt('/start/interest/f-1');
    const card = (await screen.findByText('本期应付')).closest('.ant-card') as HTMLElement;
    expect(within(card).getByText('806,621.82')).toBeInTheDocument();
    expect(within(card).getAllByText('12.16').length).toBeGreaterThan(0);
    const payments = oneNamed('table', '还款记录');
    expect(within(payments).getByText('部分已还')).toBeInTheDocument();
    expect(within(payments).getByText('已还806,621.82元，尚欠12.16元')).toBeInTheDocument();
    expect(within(payments).queryByText('待支付')).not.toBeInTheDocument();
  });

  it('has nothing to pay for a financing not being repaid', async () => {
    detail = detailOf({ state: '524000320' });
    renderAt('/start/interest/f-1');
    expect(await screen.findByText('融资未处于还息中，暂无待付款项。')).toBeInTheDocument();
    expect(screen.queryByText(/^支付第/)).not.toBeInTheDocument();
  });
});

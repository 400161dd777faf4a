import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http as mock } from 'msw';
import type { Holding } from '@contract/bills-schemas';
import type { PledgeRecord } from '@contract/pledge-schemas';
import { created, ok, pageOf, renderInApp, serveLedgerPage } from '@/testing/ledger-page';
import { PledgePage } from './pledge-page';

configure({ asyncUtilTimeout: 5000 });

const holding = {
  id: 'h-1',
  packageId: 'p-1',
  packageNo: '730012345678901234567890123456',
  range: '000000000001-000100000000',
  amount: '1000000.00',
  dueDate: '2026-06-01',
  circulation: 'TF0301',
  noTransfer: false,
  splittable: true,
  actions: ['endorse', 'pledge'],
} as unknown as Holding;
/** Pledged already: offered for nothing. */
const pledgedHolding = {
  ...holding,
  id: 'h-2',
  packageNo: '730099999999999999999999999999',
  circulation: 'TF0304',
  actions: [],
} as unknown as Holding;

const institution = {
  orgId: 'i-1',
  name: '浦发银行（模拟）',
  creditCode: 'x',
  bankNo: '310290000013',
  bankName: '浦发',
};

const pending: PledgeRecord = {
  id: 'g-1',
  packageId: 'p-1',
  packageNo: holding.packageNo,
  range: '000000000001-000040000000',
  amount: '400000.00',
  acceptorName: '苏州精工',
  maturityDate: '2026-06-01',
  institution: { orgId: 'i-1', name: institution.name },
  status: 'pending',
  reason: null,
  remark: '',
  appliedAt: '2026-03-02T01:00:00.000Z',
  pledgedAt: null,
  releaseAppliedAt: null,
  releasedAt: null,
  actions: ['withdraw'],
};
const releasing: PledgeRecord = {
  ...pending,
  id: 'g-2',
  status: 'releasing',
  pledgedAt: '2026-03-02T02:00:00.000Z',
  releaseAppliedAt: '2026-03-03T02:00:00.000Z',
  actions: ['releaseSign', 'releaseRefuse'],
};
/** Ended by payment: its acceptor paid the pledgee the bill at maturity. */
const paidToPledgee: PledgeRecord = {
  ...pending,
  id: 'g-3',
  status: 'paid',
  pledgedAt: '2026-03-02T02:00:00.000Z',
  releasedAt: '2026-06-02T02:00:00.000Z',
  actions: [],
};

const applications: unknown[] = [];
const calls: string[] = [];
const refusals: unknown[] = [];
const listQueries: string[] = [];
const exports: unknown[] = [];
serveLedgerPage(
  { recording: [applications, calls, refusals, listQueries], exportsInto: exports },
  mock.post('*/api/scbill/pledge/apply', async ({ request }) => {
    applications.push(await request.json());
    return created(pending);
  }),
  mock.get('*/api/scbill/pledge/list', ({ request }) => {
    listQueries.push(new URL(request.url).search);
    return ok(pageOf([pending, releasing, paidToPledgee]));
  }),
  mock.post('*/api/scbill/pledge/:id/withdraw', ({ params }) => {
    calls.push(`withdraw ${String(params.id)}`);
    return ok({ ...pending, status: 'withdrawn', actions: [] });
  }),
  mock.post('*/api/scbill/pledge/:id/release/sign', ({ params }) => {
    calls.push(`sign ${String(params.id)}`);
    return ok({ ...releasing, status: 'released', actions: [] });
  }),
  mock.post('*/api/scbill/pledge/:id/release/refuse', async ({ params, request }) => {
    calls.push(`refuse ${String(params.id)}`);
    refusals.push(await request.json());
    return ok({ ...releasing, status: 'pledged', actions: [] });
  }),
);

function renderPage({ canExport = true } = {}) {
  renderInApp(
    <PledgePage
      holdings={[holding, pledgedHolding]}
      holdingsLoading={false}
      institutions={[institution]}
      institutionsLoading={false}
      detail={{ link: () => null, drawer: null }}
      canExport={canExport}
    />,
  );
}

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  fireEvent.click(await screen.findByTitle(option));
}

const optionOf = (h: Holding, amount: string) =>
  `${h.packageNo}（${h.range}，${amount}元，${h.dueDate}到期）`;

describe('the 质押 page', () => {
  it('offers only the bills that may be pledged and applies with the part and the pledgee chosen', async () => {
    renderPage();
    fireEvent.mouseDown(screen.getByLabelText('质押票据'));
    expect(await screen.findByTitle(optionOf(holding, '1,000,000.00'))).toBeInTheDocument();
    expect(screen.queryByTitle(optionOf(pledgedHolding, '1,000,000.00'))).toBeNull();
    fireEvent.click(screen.getByTitle(optionOf(holding, '1,000,000.00')));
    fireEvent.change(screen.getByLabelText('质押金额'), { target: { value: '400,000' } });
    await choose('质权人', institution.name);
    fireEvent.change(screen.getByLabelText('备注'), { target: { value: ' 流贷 ' } });
    fireEvent.click(screen.getByText('提交质押申请').closest('button')!);
    await waitFor(() =>
      expect(applications).toEqual([
        { holdingId: 'h-1', institutionOrgId: 'i-1', amount: '400000.00', remark: '流贷' },
      ]),
    );
  });

  it('asks for a bill and a pledgee before anything is sent', async () => {
    renderPage();
    fireEvent.click(screen.getByText('提交质押申请').closest('button')!);
    expect(await screen.findByText('请选择质押票据')).toBeInTheDocument();
    expect(screen.getByText('请选择质权人')).toBeInTheDocument();
    expect(applications).toEqual([]);
  });

  it('lists the pledges with their pledgee and offers each row what it allows', async () => {
    renderPage();
    const table = await screen.findByRole('table');
    const waiting = (await within(table).findByText('质押待签收')).closest('tr')!;
    expect(waiting).toHaveTextContent(institution.name);
    expect(waiting).toHaveTextContent('400,000.00');
    expect(within(waiting).queryByText('签收解除')).toBeNull();
    fireEvent.click(within(waiting).getByText('撤回').closest('button')!);
    await waitFor(() => expect(calls).toEqual(['withdraw g-1']));

    const asked = within(table).getByText('解除待签收').closest('tr')!;
    expect(within(asked).queryByText('撤回')).toBeNull();
    fireEvent.click(within(asked).getByText('签收解除').closest('button')!);
    await waitFor(() => expect(calls).toEqual(['withdraw g-1', 'sign g-2']));

    // Paid to its pledgee at maturity: it ended by payment, not by a release, and allows nothing.
    const paid = within(table).getByText('已兑付').closest('tr')!;
    expect(within(paid).queryByRole('button')).toBeNull();
    expect(within(table).queryByText('已解除')).toBeNull();
  });

  it('refuses a release only with a reason', async () => {
    renderPage();
    const table = await screen.findByRole('table');
    const asked = (await within(table).findByText('解除待签收')).closest('tr')!;
    fireEvent.click(within(asked).getByText('驳回解除').closest('button')!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByText('确定').closest('button')!);
    expect(await within(dialog).findByText('请填写驳回理由')).toBeInTheDocument();
    expect(refusals).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('驳回理由'), { target: { value: ' 贷款未结清 ' } });
    fireEvent.click(within(dialog).getByText('确定').closest('button')!);
    await waitFor(() => expect(refusals).toEqual([{ reason: '贷款未结清' }]));
    expect(calls).toEqual(['refuse g-2']);
  });

  it('filters 我的质押 by bill number, status and pledgee, leaving out what is empty, and exports what it shows', async () => {
    renderPage();
    await waitFor(() => expect(listQueries).toEqual(['?page=0&size=10']));
    fireEvent.change(screen.getByLabelText('票据包号'), { target: { value: ' 7300 1234\n5678 ' } });
    await choose('质押状态', '已质押');
    await choose('质权机构', institution.name);
    fireEvent.click(screen.getByText('查询').closest('button')!);
    await waitFor(() => expect(listQueries).toHaveLength(2));
    expect(Object.fromEntries(new URLSearchParams(listQueries[1]))).toEqual({
      page: '0',
      size: '10',
      packageNo: '730012345678',
      status: 'pledged',
      institutionOrgId: 'i-1',
    });
    fireEvent.click(screen.getByText('导出').closest('button')!);
    await waitFor(() =>
      expect(exports).toEqual([
        {
          kind: 'pledges',
          params: { packageNo: '730012345678', institutionOrgId: 'i-1', billStatus: 'pledged' },
        },
      ]),
    );
    fireEvent.click(screen.getByText('重置').closest('button')!);
    await waitFor(() => expect(screen.getByLabelText('票据包号')).toHaveValue(''));
  });

  it('offers 导出 only to a member who can open the export centre', async () => {
    renderPage({ canExport: false });
    await screen.findByRole('table');
    expect(screen.queryByText('导出')).toBeNull();
  });
});

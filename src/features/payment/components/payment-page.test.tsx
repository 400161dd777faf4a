import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http as mock } from 'msw';
import type { PaymentCandidate, PaymentRecord } from '@contract/payment-schemas';
import { created, ok, pageOf, renderInApp, serveLedgerPage } from '@/testing/ledger-page';
import { countdownText } from './answer-countdown';
import { PaymentPage } from './payment-page';

configure({ asyncUtilTimeout: 5000 });

const SHANGHAI = { orgId: 'o-sh', name: '上海链票示范供应链有限公司' };
const SUZHOU = { orgId: 'o-sz', name: '苏州工业园区精密制造有限公司' };

const candidate = (fields: Partial<PaymentCandidate>): PaymentCandidate => ({
  holdingId: 'h-1',
  packageId: 'p-1',
  packageNo: '731029000001320260302000000018',
  range: '000000000001-000000100000',
  amount: '1000.00',
  maturityDate: '2027-03-02',
  acceptor: SHANGHAI,
  periodEnd: '2027-03-12',
  overdue: false,
  lastDay: '2029-03-02',
  ...fields,
});

const record = (fields: Partial<PaymentRecord>): PaymentRecord => ({
  id: 'a-1',
  packageId: 'p-1',
  packageNo: '731029000001320260302000000018',
  range: '000000000001-000000100000',
  amount: '1000.00',
  maturityDate: '2027-03-02',
  presenter: SUZHOU,
  acceptor: SHANGHAI,
  presentedBy: 'holder',
  presentedOn: '2027-03-02',
  overdue: false,
  overdueReason: null,
  answerDue: '2027-03-05',
  answerDueAt: '2027-03-05T13:00:00.000Z',
  answerLeftSeconds: 2 * 86_400 + 3 * 3600 + 4 * 60 + 5,
  state: 'pending',
  clearing: null,
  refusedBy: null,
  refusalCode: null,
  refusalText: null,
  presentedAt: '2027-03-02T02:00:00.000Z',
  answeredAt: null,
  actions: ['pay', 'refusePayment'],
  ...fields,
});

const presentations: unknown[] = [];
const payments: Array<{ id: string; body: unknown }> = [];
const refusals: Array<{ id: string; body: unknown }> = [];
const listQueries: Record<string, string>[] = [];
const exports: unknown[] = [];
serveLedgerPage(
  { recording: [presentations, payments, refusals, listQueries], exportsInto: exports },
  mock.get('*/api/scbill/payment/candidates', () =>
    ok(
      pageOf([
        candidate({}),
        candidate({ holdingId: 'h-2', packageNo: '731029000001320250101000000099', overdue: true }),
      ]),
    ),
  ),
  mock.get('*/api/scbill/payment/list', ({ request }) => {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    listQueries.push(query);
    return ok(
      pageOf(
        query.side === 'acceptor'
          ? [record({})]
          : [
              record({ id: 'a-2', actions: ['withdraw'] }),
              record({
                id: 'a-3',
                state: 'refused',
                answerLeftSeconds: null,
                refusalCode: 'DC09',
                refusalText: '合同纠纷',
                actions: [],
              }),
            ],
      ),
    );
  }),
  mock.post('*/api/scbill/payment/present', async ({ request }) => {
    presentations.push(await request.json());
    return created(record({}));
  }),
  mock.post('*/api/scbill/payment/:id/pay', async ({ params, request }) => {
    payments.push({ id: String(params.id), body: await request.json() });
    return ok(record({ state: 'paid', clearing: 'SM01', answerLeftSeconds: null, actions: [] }));
  }),
  mock.post('*/api/scbill/payment/:id/refuse', async ({ params, request }) => {
    refusals.push({ id: String(params.id), body: await request.json() });
    return ok(record({ state: 'refused', answerLeftSeconds: null, actions: [] }));
  }),
);

function renderPage(initialSide?: 'presenter' | 'acceptor') {
  renderInApp(
    <PaymentPage
      {...(initialSide ? { initialSide } : {})}
      canExport
      detail={{ link: () => null, drawer: null }}
    />,
  );
}

/** The button reading `name` in `scope` (role queries are slow in jsdom: the text finds it). */
const button = (scope: HTMLElement, name: string) =>
  within(scope)
    .getAllByText(name)
    .map((node) => node.closest('button'))
    .find((b): b is HTMLButtonElement => b !== null)!;
/** The seconds a countdown shows (剩余2天03:04:05). */
const shownSeconds = (timer: HTMLElement) => {
  const [, days = '0', h = '0', m = '0', sec = '0'] =
    /剩余(?:(\d+)天)?(\d\d):(\d\d):(\d\d)/.exec(timer.textContent ?? '') ?? [];
  return Number(days) * 86_400 + Number(h) * 3600 + Number(m) * 60 + Number(sec);
};
/** The table named `label` (the side's radio button reads the same words). */
const tableOf = async (label: string) =>
  (await screen.findAllByLabelText(label)).find((node) => node.tagName === 'TABLE')!;
/** The row of the table named `label` that shows `text`, once it shows. */
const rowOf = async (label: string, text: string) => {
  const table = await tableOf(label);
  return (await within(table).findByText(text)).closest('tr')!;
};
/** The open dialog titled `title`. */
const dialogOf = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title' })).closest('.ant-modal') as HTMLElement;

describe('the 提示付款 page', () => {
  it('presents a due bill after the confirmation', async () => {
    renderPage();
    const due = await rowOf('已到期可提示付款的票据', '731029000001320260302000000018');
    expect(due).toHaveTextContent('2027-03-12');
    fireEvent.click(button(due, '提示付款'));
    const confirm = await dialogOf('确认提示付款');
    expect(confirm).toHaveTextContent('上海链票示范供应链有限公司');
    expect(presentations).toEqual([]);
    fireEvent.click(button(confirm, '确认并验证'));
    await waitFor(() => expect(presentations).toEqual([{ holdingId: 'h-1' }]));
  });

  it('presents a bill past its period only with the reason for the delay', async () => {
    renderPage();
    const late = await rowOf('已到期可提示付款的票据', '731029000001320250101000000099');
    expect(late).toHaveTextContent('已过提示付款期');
    fireEvent.click(button(late, '逾期提示付款'));
    const dialog = await dialogOf('逾期提示付款');
    fireEvent.click(button(dialog, '逾期提示付款'));
    expect(await within(dialog).findByText('请填写逾期提示付款理由')).toBeInTheDocument();
    expect(presentations).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('逾期理由'), { target: { value: '票据保管人员变动' } });
    fireEvent.click(button(dialog, '逾期提示付款'));
    await waitFor(() =>
      expect(presentations).toEqual([{ holdingId: 'h-2', overdueReason: '票据保管人员变动' }]),
    );
  });

  it('shows the acceptor the time left from the server, counting down, and pays 线下 when chosen', async () => {
    renderPage('acceptor');
    const row = await rowOf('待我应答的提示付款', '苏州工业园区精密制造有限公司');
    expect(listQueries[0]).toMatchObject({ side: 'acceptor' });
    const FULL = 2 * 86_400 + 3 * 3600 + 4 * 60 + 5;
    const first = shownSeconds(within(row).getByRole('timer'));
    // What the server said, less the seconds since it said it: no date is read from the browser's clock.
    expect(first).toBeLessThanOrEqual(FULL);
    expect(first).toBeGreaterThan(FULL - 60);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1100));
    });
    expect(shownSeconds(within(row).getByRole('timer'))).toBeLessThan(first);

    fireEvent.click(button(row, '付款'));
    const dialog = await dialogOf('提示付款应答：付款');
    fireEvent.click(within(dialog).getByLabelText('线下清算'));
    fireEvent.click(button(dialog, '付款'));
    await waitFor(() => expect(payments).toEqual([{ id: 'a-1', body: { clearing: 'SM01' } }]));
  });

  it('refuses with a reason code, and asks for the words when the reason is 其他', async () => {
    renderPage('acceptor');
    const row = await rowOf('待我应答的提示付款', '苏州工业园区精密制造有限公司');
    fireEvent.click(button(row, '拒付'));
    const dialog = await dialogOf('提示付款应答：拒付');
    fireEvent.click(button(dialog, '拒付'));
    expect(await within(dialog).findByText('请选择拒付理由')).toBeInTheDocument();
    fireEvent.mouseDown(within(dialog).getByLabelText('拒付理由'));
    // The bank's own reason is not the acceptor's to give.
    expect(screen.queryByTitle('DC08 承兑人账户余额不足')).toBeNull();
    fireEvent.click(await screen.findByTitle('DC09 其他'));
    fireEvent.click(button(dialog, '拒付'));
    expect(await within(dialog).findByText('拒付理由为“其他”时须填写拒付说明')).toBeInTheDocument();
    expect(refusals).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('拒付说明'), { target: { value: '货物质量争议' } });
    fireEvent.click(button(dialog, '拒付'));
    await waitFor(() =>
      expect(refusals).toEqual([{ id: 'a-1', body: { code: 'DC09', text: '货物质量争议' } }]),
    );
  });

  it('shows the presenter its withdrawal and the refusal, and exports the filtered side', async () => {
    renderPage();
    const table = await tableOf('我发起的提示付款');
    await within(table).findByText('DC09 其他：合同纠纷');
    const rows = [...table.querySelectorAll<HTMLElement>('tbody tr.ant-table-row')];
    expect(within(rows[0]!).getByText('撤回')).toBeInTheDocument();
    expect(within(rows[0]!).queryByText('付款')).toBeNull();
    expect(within(rows[1]!).queryByRole('timer')).toBeNull();

    fireEvent.change(screen.getByLabelText('票据包号'), { target: { value: '2026' } });
    fireEvent.click(screen.getByText('查询').closest('button')!);
    await waitFor(() => expect(listQueries.at(-1)).toMatchObject({ side: 'presenter', packageNo: '2026' }));
    fireEvent.click(screen.getByText('导出').closest('button')!);
    await waitFor(() =>
      expect(exports).toEqual([{ kind: 'payments', params: { side: 'presenter', packageNo: '2026' } }]),
    );
  });
});

describe('the answer countdown', () => {
  it('reads days and a clock, and says when the period is over', () => {
    expect(countdownText(59)).toBe('剩余00:00:59');
    expect(countdownText(86_400 + 61)).toBe('剩余1天00:01:01');
    expect(countdownText(0)).toBe('已过应答期，待日终处理');
  });
});

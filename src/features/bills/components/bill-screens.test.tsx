import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import AntApp from 'antd/es/app';
import dayjs from 'dayjs';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { BillApplication, Holding } from '@contract/bills';
import { createAppStore } from '@/lib/store';
import { leavingPart } from './amount-rules';
import { EndorsePage } from './endorse-page';
import { isAllowedDueDate } from './issue-page';
import { SignWorkbenchPage } from './sign-workbench-page';

const party = (name: string) => ({ orgId: name, name });
const application = (overrides: Partial<BillApplication> = {}): BillApplication => ({
  id: 'a1',
  packageId: 'p1',
  packageNo: '730730502751120260302000000018',
  kind: 'endorsement',
  kindLabel: '转让背书',
  applicant: party('宁波海曙包装材料有限公司'),
  receiver: party('苏州华信精密零部件有限公司'),
  range: '000000000001-000050000000',
  amount: '500000.00',
  status: 'pending',
  statusLabel: '待签收',
  reason: null,
  remark: '',
  dueDate: '2026-06-02',
  appliedAt: '2026-03-02T02:00:00.000Z',
  answeredAt: null,
  ...overrides,
});
const holding: Holding = {
  id: 'h1',
  packageId: 'p1',
  packageNo: '730730502751120260302000000018',
  holder: party('宁波海曙包装材料有限公司'),
  range: '000000000001-000100000000',
  subStart: 1,
  subEnd: 100_000_000,
  amount: '1000000.00',
  billStatus: 'CS03',
  billStatusLabel: '已收票',
  circulation: 'TF0301',
  circulationLabel: '可流通',
  drawer: party('苏州华信精密零部件有限公司'),
  acceptor: party('上海链票示范供应链有限公司'),
  payee: party('宁波海曙包装材料有限公司'),
  issueDate: '2026-03-02',
  dueDate: '2026-06-02',
  noTransfer: false,
  splittable: true,
  acquiredAt: '2026-03-02T02:00:00.000Z',
  endedAt: null,
};

const page = <T,>(content: T[]) => ({
  code: 200,
  msg: '操作成功',
  data: { content, totalElements: content.length, totalPages: 1, size: 10, number: 0 },
});

let pending: BillApplication[] = [];
let failPending = false;
let pendingQueries: string[] = [];
const answers: Array<{ id: string; how: string; body?: unknown }> = [];
const server = setupServer(
  mock.get('*/api/scbill/bill-applications/pending', ({ request }) => {
    pendingQueries.push(new URL(request.url).search);
    return failPending
      ? HttpResponse.json({ code: 'INTERNAL_ERROR', msg: '服务繁忙' }, { status: 500 })
      : HttpResponse.json(page(pending));
  }),
  mock.get('*/api/scbill/bill-applications/mine', () => HttpResponse.json(page([]))),
  mock.get('*/api/scbill/bills/held', () => HttpResponse.json(page([holding]))),
  mock.get('*/api/scbill/bill-counterparties', () => HttpResponse.json({ code: 200, msg: '', data: [] })),
  mock.post('*/api/scbill/bill-applications/:id/:how', async ({ params, request }) => {
    const body = params.how === 'refuse' ? await request.json() : undefined;
    answers.push({ id: String(params.id), how: String(params.how), body });
    pending = [];
    return HttpResponse.json({ code: 200, msg: '已处理', data: application({ status: 'signed' }) });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  pending = [];
  failPending = false;
  pendingQueries = [];
  answers.length = 0;
});
afterAll(() => server.close());

const renderPage = (page: React.ReactNode, entry = '/') =>
  render(
    <Provider store={createAppStore()}>
      <MemoryRouter initialEntries={[entry]}>
        <AntApp>{page}</AntApp>
      </MemoryRouter>
    </Provider>,
  );

describe('the 待签收 workbench', { timeout: 90_000 }, () => {
  it('says so when nothing waits', async () => {
    renderPage(<SignWorkbenchPage />);
    expect(await screen.findByText('暂无待签收的申请')).toBeInTheDocument();
  });

  it('shows a failed load with a retry that loads again', async () => {
    failPending = true;
    renderPage(<SignWorkbenchPage />);
    expect(await screen.findByText('加载失败')).toBeInTheDocument();
    failPending = false;
    pending = [application()];
    await userEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('宁波海曙包装材料有限公司')).toBeInTheDocument();
  });

  it('refuses only with a reason, and sends it', async () => {
    pending = [application()];
    renderPage(<SignWorkbenchPage />);
    await userEvent.click(await screen.findByRole('button', { name: /驳\s*回/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await within(dialog).findByText('请填写驳回理由')).toBeInTheDocument();
    expect(answers).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText('驳回理由'), '金额不符');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(answers).toEqual([{ id: 'a1', how: 'refuse', body: { reason: '金额不符' } }]));
  });

  it('opened from a to-do notice, shows that bill’s applications until asked for all', async () => {
    pending = [application()];
    renderPage(<SignWorkbenchPage />, '/chain-bill/sign-workbench?bill=p1');
    expect(
      await screen.findByText('仅显示票据包号 730730502751120260302000000018 的待签收申请'),
    ).toBeInTheDocument();
    expect(pendingQueries[0]).toContain('packageId=p1');
    await userEvent.click(screen.getByRole('button', { name: /查看全部/ }));
    await waitFor(() => expect(screen.queryByText(/仅显示/)).not.toBeInTheDocument());
    await waitFor(() => expect(pendingQueries.at(-1)).not.toContain('packageId'));
  });

  it('signs after a confirmation and shows the amount with thousands separators', async () => {
    pending = [application()];
    renderPage(<SignWorkbenchPage />);
    expect(await screen.findByText('500,000.00')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /签\s*收/ }));
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(answers).toEqual([{ id: 'a1', how: 'sign', body: undefined }]));
  });
});

describe('the endorsement form', { timeout: 90_000 }, () => {
  it('shows the capitals and the range that will leave as the amount is typed', async () => {
    renderPage(<EndorsePage />);
    await userEvent.click(await screen.findByLabelText('持有票据'));
    await userEvent.click(
      await screen.findByText(/000000000001-000100000000/, { selector: '.ant-select-item-option-content' }),
    );
    const amount = screen.getByPlaceholderText('请输入金额，最多两位小数');
    fireEvent.change(amount, { target: { value: '1409.5' } });
    await waitFor(() => expect(screen.getByTestId('leaving-range')).toBeInTheDocument());
    expect(screen.getByTestId('amount-capitals')).toHaveTextContent('人民币壹仟肆佰零玖元伍角');
    expect(screen.getByTestId('leaving-range')).toHaveTextContent('000000000001-000000140950');
    fireEvent.change(amount, { target: { value: '1000000.01' } });
    await userEvent.click(screen.getByRole('button', { name: /提\s*交\s*背\s*书/ }));
    expect(await screen.findByText('背书金额不能超过持有金额')).toBeInTheDocument();
  });
});

describe('the bill rules of the forms', () => {
  it('takes the front of the range and keeps the rest', () => {
    expect(leavingPart(101, 200, '0.50')).toEqual({ leaving: [101, 150], kept: [151, 200] });
    expect(leavingPart(101, 200, '1.00')).toEqual({ leaving: [101, 200], kept: null });
    expect(leavingPart(101, 200, '1.01')).toBeNull();
    expect(leavingPart(101, 200, '0')).toBeNull();
  });

  it('allows a maturity from tomorrow to six months after today', () => {
    expect(isAllowedDueDate(dayjs('2026-03-02'), '2026-03-02')).toBe(false);
    expect(isAllowedDueDate(dayjs('2026-03-03'), '2026-03-02')).toBe(true);
    expect(isAllowedDueDate(dayjs('2026-09-02'), '2026-03-02')).toBe(true);
    expect(isAllowedDueDate(dayjs('2026-09-03'), '2026-03-02')).toBe(false);
  });
});

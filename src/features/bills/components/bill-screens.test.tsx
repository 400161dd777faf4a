import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { listenFailingUnhandled } from '@/testing/signed-in-landing';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation, useNavigate, useNavigationType } from 'react-router';
import AntApp from 'antd/es/app';
import dayjs from 'dayjs';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { BillApplication, BillPackage, Holding } from '@contract/bills-schemas';
import { createAppStore } from '@/lib/store';
import { SMALL_SCREEN_QUERY } from '@/utils/media-query';
import { buttonNamed, buttonsNamed, findButton, findDialog } from '@/testing/queries';
import { leavingPart } from './amount-rules';
import { readListParams } from './bill-list-params';
import { EndorsePage } from './endorse-page';
import { IssuePage, isAllowedDueDate } from './issue-page';
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
  actions: ['sign', 'refuse'],
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
  actions: ['endorse'],
};

const issuedBill: BillPackage = {
  id: 'p1',
  packageNo: '730730502751120260302000000018',
  drawer: party('宁波海曙包装材料有限公司'),
  acceptor: party('上海链票示范供应链有限公司'),
  payee: party('苏州华信精密零部件有限公司'),
  amount: '150.00',
  issueDate: '2026-03-02',
  dueDate: '2026-06-02',
  noTransfer: false,
  splittable: true,
  remark: '',
  billStatus: 'CS02',
  billStatusLabel: '已承兑',
  createdAt: '2026-03-02T02:00:00.000Z',
  actions: ['requestReceipt', 'revoke'],
};

const page = <T,>(content: T[], totalElements = content.length) => ({
  code: 200,
  msg: '操作成功',
  data: { content, totalElements, totalPages: Math.ceil(totalElements / 10), size: 10, number: 0 },
});

/** The query string of every list call and the body of every export, by list. */
const listQueries: Record<string, URLSearchParams[]> = {};
const exports: unknown[] = [];
const recordQuery = (list: string, request: Request) => {
  (listQueries[list] ??= []).push(new URL(request.url).searchParams);
};
/** The filters of a list call, without its paging. */
const filterOf = (query: URLSearchParams | undefined) =>
  Object.fromEntries([...(query ?? [])].filter(([key]) => key !== 'page' && key !== 'size'));

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
  mock.get('*/api/scbill/bill-applications/mine', ({ request }) => {
    recordQuery('mine', request);
    return HttpResponse.json(page([]));
  }),
  mock.get('*/api/scbill/bills/held', ({ request }) => {
    recordQuery('held', request);
    return HttpResponse.json(page([holding]));
  }),
  mock.get('*/api/scbill/bills/issued', ({ request }) => {
    recordQuery('issued', request);
    return HttpResponse.json(page([issuedBill], 25));
  }),
  mock.post('*/api/export-tasks', async ({ request }) => {
    exports.push(await request.json());
    return HttpResponse.json({ code: 201, msg: '', data: {} }, { status: 201 });
  }),
  mock.get('*/api/scbill/bill-counterparties', () => HttpResponse.json({ code: 200, msg: '', data: [] })),
  mock.get('*/api/scbill/bill-accounts', () =>
    HttpResponse.json({
      code: 200,
      msg: '',
      data: [
        { id: 'acct-1', accountNo: '6222000011110001', bankName: '中国银行宁波海曙支行', isDefault: true },
        { id: 'acct-2', accountNo: '6222000011110002', bankName: '招商银行宁波分行', isDefault: false },
      ],
    }),
  ),
  mock.post('*/api/scbill/bill-applications/batch-:how', async ({ params, request }) => {
    const body = (await request.json()) as { ids: string[] };
    answers.push({ id: 'batch', how: `batch-${String(params.how)}`, body });
    return HttpResponse.json({
      code: 200,
      msg: '',
      data: {
        succeeded: body.ids.length - 1,
        failed: 1,
        results: body.ids.map((id, i) => ({
          id,
          ok: i > 0,
          msg: i > 0 ? '已办理' : '申请方已撤回该申请',
          application: null,
        })),
      },
    });
  }),
  mock.post('*/api/scbill/bill-applications/:id/:how', async ({ params, request }) => {
    const text = await request.text();
    const body = text ? (JSON.parse(text) as unknown) : undefined;
    answers.push({ id: String(params.id), how: String(params.how), body });
    if (conflict) {
      return HttpResponse.json({ code: 'BILL_APPLICATION_ANSWERED', msg: conflict }, { status: 409 });
    }
    pending = [];
    return HttpResponse.json({ code: 200, msg: '已处理', data: application({ status: 'signed' }) });
  }),
  mock.post('*/api/scbill/bills/:id/:how', ({ params }) => {
    answers.push({ id: String(params.id), how: String(params.how) });
    return HttpResponse.json({ code: 200, msg: '', data: null });
  }),
  mock.post('*/api/scbill/bills/issue', async ({ request }) => {
    answers.push({ id: 'new', how: 'issue', body: await request.json() });
    return HttpResponse.json({ code: 201, msg: '', data: null }, { status: 201 });
  }),
);
/** The 409 message the answer routes give, when set. */
let conflict: string | null = null;

listenFailingUnhandled(server);
afterEach(() => {
  server.resetHandlers();
  pending = [];
  failPending = false;
  conflict = null;
  pendingQueries = [];
  answers.length = 0;
  for (const list of Object.keys(listQueries)) delete listQueries[list];
  exports.length = 0;
});
afterAll(() => server.close());

/** The page's address and how it was last reached (PUSH or REPLACE), with the browser's Back. */
function Address() {
  const location = useLocation();
  const how = useNavigationType();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="address" data-how={how}>
        {location.search}
      </output>
      <button type="button" onClick={() => void navigate(-1)}>
        后退
      </button>
    </>
  );
}

const renderPage = (page: React.ReactNode, entry = '/') =>
  render(
    <Provider store={createAppStore()}>
      <MemoryRouter initialEntries={[entry]}>
        <AntApp>{page}</AntApp>
        <Address />
      </MemoryRouter>
    </Provider>,
  );

/** The values of the page's address, decoded. */
const addressNow = () =>
  Object.fromEntries(new URLSearchParams(screen.getByTestId('address').textContent ?? ''));

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
    await userEvent.click(buttonNamed(/重\s*试/));
    expect(await screen.findByText('宁波海曙包装材料有限公司')).toBeInTheDocument();
  });

  it('refuses only with a reason, and sends it', async () => {
    pending = [application()];
    renderPage(<SignWorkbenchPage />);
    await userEvent.click(await findButton(/^驳\s*回$/));
    const dialog = await findDialog();
    await userEvent.click(buttonNamed(/确认并验证/, dialog));
    expect(await within(dialog).findByText('请填写驳回理由')).toBeInTheDocument();
    expect(answers).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText('驳回理由'), '金额不符');
    await userEvent.click(buttonNamed(/确认并验证/, dialog));
    await waitFor(() => expect(answers).toEqual([{ id: 'a1', how: 'refuse', body: { reason: '金额不符' } }]));
  });

  it('opened from a to-do notice, shows that bill’s applications until asked for all', async () => {
    pending = [application()];
    renderPage(<SignWorkbenchPage />, '/chain-bill/sign-workbench?bill=p1');
    expect(
      await screen.findByText('仅显示票据包号 730730502751120260302000000018 的待签收申请'),
    ).toBeInTheDocument();
    expect(pendingQueries[0]).toContain('packageId=p1');
    await userEvent.click(buttonNamed(/查看全部/));
    await waitFor(() => expect(screen.queryByText(/仅显示/)).not.toBeInTheDocument());
    await waitFor(() => expect(pendingQueries.at(-1)).not.toContain('packageId'));
    expect(addressNow()).toEqual({});
    expect(screen.getByTestId('address')).toHaveAttribute('data-how', 'PUSH');
  });

  it('signs after a confirmation of what it is, into the default account unless another is chosen', async () => {
    pending = [application()];
    renderPage(<SignWorkbenchPage />);
    expect(await screen.findByText('500,000.00')).toBeInTheDocument();
    await userEvent.click(buttonNamed(/^签\s*收$/));
    const dialog = await findDialog();
    const summary = within(dialog).getByTestId('act-summary');
    expect(summary).toHaveTextContent('签收转让背书');
    expect(summary).toHaveTextContent('500,000.00 元');
    expect(summary).toHaveTextContent('人民币伍拾万元整');
    expect(summary).toHaveTextContent('宁波海曙包装材料有限公司');
    expect(summary).toHaveTextContent('000000000001-000050000000');
    expect(
      await within(dialog).findByText(/中国银行宁波海曙支行 6222000011110001（默认）/),
    ).toBeInTheDocument();
    await userEvent.click(buttonNamed(/确认并验证/, dialog));
    await waitFor(() => expect(answers).toEqual([{ id: 'a1', how: 'sign', body: { accountId: 'acct-1' } }]));
  });

  it('says what happened when the application moved on, and reads the list again', async () => {
    pending = [application()];
    conflict = '申请方已撤回该申请';
    renderPage(<SignWorkbenchPage />);
    await userEvent.click(await findButton(/^签\s*收$/));
    const dialog = await findDialog();
    await within(dialog).findByText(/6222000011110001/);
    const asked = pendingQueries.length;
    await userEvent.click(buttonNamed(/确认并验证/, dialog));
    expect(await screen.findByText('申请方已撤回该申请')).toBeInTheDocument();
    await waitFor(() => expect(pendingQueries.length).toBeGreaterThan(asked));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('signs several rows with one confirmation and shows a partial success row by row', async () => {
    pending = [
      application({ id: 'a1', packageNo: '730730502751120260302000000018', amount: '100.00' }),
      application({ id: 'a2', packageNo: '730730502751120260302000000026', amount: '200.50' }),
    ];
    renderPage(<SignWorkbenchPage />);
    const batch = await findButton(/批量签收/);
    expect(batch).toBeDisabled();
    for (const box of await screen.findAllByLabelText(/^选择票据包号/, {
      selector: 'input[type=checkbox]',
    })) {
      await userEvent.click(box);
    }
    await userEvent.click(batch);
    const dialog = await findDialog();
    const summary = within(dialog).getByTestId('act-summary');
    expect(summary).toHaveTextContent('批量签收（2笔）');
    expect(summary).toHaveTextContent('300.50 元');
    expect(summary).toHaveTextContent('人民币叁佰元伍角');
    await within(dialog).findByText(/6222000011110001/);
    await userEvent.click(buttonNamed(/确认并验证/, dialog));
    await waitFor(() =>
      expect(answers).toEqual([
        { id: 'batch', how: 'batch-sign', body: { ids: ['a1', 'a2'], accountId: 'acct-1' } },
      ]),
    );
    const result = await screen.findByRole('dialog', { name: '办理结果' });
    expect(within(result).getByText('1笔已办理，1笔未办理，原因见下表')).toBeInTheDocument();
    expect(within(result).getByText('申请方已撤回该申请')).toBeInTheDocument();
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
    fireEvent.change(amount, { target: { value: '1,000,000.01' } });
    expect(amount).toHaveValue('1,000,000.01');
    await userEvent.click(buttonNamed(/提\s*交\s*背\s*书/));
    expect(await screen.findByText('背书金额不能超过持有金额')).toBeInTheDocument();
  });
});

describe('the applications I sent', { timeout: 90_000 }, () => {
  it('heads the counterparty and the status as an application has them, whatever the kind', async () => {
    renderPage(<EndorsePage />);
    const heading = await screen.findByText('我发起的申请');
    const card = heading.closest('.ant-card') as HTMLElement;
    // The table's column headers, by their cells (a role query over the page costs seconds in jsdom).
    const names = await waitFor(() => {
      const headers = [...card.querySelectorAll('thead th')].map((header) => header.textContent);
      expect(headers).not.toEqual([]);
      return headers;
    });
    expect(names).toEqual(expect.arrayContaining(['接收方', '申请状态']));
    expect(names).not.toContain('被背书人');
    expect(names).not.toContain('票据状态');
  });
});

describe('the issue form', { timeout: 90_000 }, () => {
  it('reads an amount typed with separators and refuses one beyond the largest face with its own message', async () => {
    renderPage(<IssuePage orgId="o1" />);
    await screen.findByText('150.00');
    const amount = screen.getByPlaceholderText('请输入金额，最多两位小数');
    fireEvent.change(amount, { target: { value: '1 000 000.00' } });
    expect(amount).toHaveValue('1,000,000.00');
    await waitFor(() => expect(screen.getByTestId('amount-capitals')).toHaveTextContent('人民币壹佰万元整'));
    fireEvent.change(amount, { target: { value: '12345678901234' } });
    await userEvent.click(buttonNamed(/提\s*交\s*出\s*票/));
    expect(await screen.findByText('金额不能超过9,999,999,999.99元')).toBeInTheDocument();
    expect(screen.queryByText(/最多两位小数$/)).toBeNull();
  });
});

describe('the acts each row offers', { timeout: 90_000 }, () => {
  it('offers on an issued bill what the server says, each after a confirmation', async () => {
    renderPage(<IssuePage orgId="o1" />);
    await screen.findByText('150.00');
    expect(buttonNamed('再次提示收票')).toBeInTheDocument();
    await userEvent.click(buttonNamed(/撤\s*票/));
    const dialog = await findDialog();
    expect(within(dialog).getByTestId('act-summary')).toHaveTextContent('撤票');
    expect(within(dialog).getByTestId('act-summary')).toHaveTextContent('000000000001-000000015000');
    await userEvent.click(buttonNamed(/确认并验证/, dialog));
    await waitFor(() => expect(answers).toEqual([{ id: 'p1', how: 'revoke' }]));
  });

  it('offers nothing but 详情 on a row the ledger allows nothing on', async () => {
    pending = [application({ actions: [] })];
    renderPage(<SignWorkbenchPage />);
    await screen.findByText('500,000.00');
    const row = screen.getByText('宁波海曙包装材料有限公司').closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.textContent?.replace(/\s/g, '')),
    ).toEqual(['详情']);
  });
});

describe('the issue form’s confirmation', { timeout: 90_000 }, () => {
  it('does not submit on Enter in the date field, and shows what is issued before it is sent', async () => {
    renderPage(<IssuePage orgId="o1" />);
    await screen.findByText('150.00');
    const due = screen.getByLabelText('到期日');
    await userEvent.click(due);
    await userEvent.paste('2026-05-06');
    await userEvent.keyboard('{Enter}');
    // Not submitted: the form did not check its other fields.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText('请填写承兑人')).not.toBeInTheDocument();
    expect(document.querySelector('[role=dialog]')).toBeNull();
    // 提交出票 does check them, and sends nothing until they are filled and confirmed.
    await userEvent.click(buttonNamed(/提\s*交\s*出\s*票/));
    expect(await screen.findByText('请填写承兑人')).toBeInTheDocument();
    expect(answers).toEqual([]);
  });
});

/** Chooses `label` in the antd select labelled `select`. */
async function choose(select: string, label: string): Promise<void> {
  await userEvent.click(screen.getByLabelText(select));
  await userEvent.click(await screen.findByText(label, { selector: '.ant-select-item-option-content' }));
}

/** Enters a maturity range into the filter's range picker, each day put in its field whole and taken with Enter. */
async function typeDueRange(from: string, to: string): Promise<void> {
  const [start, end] = screen.getAllByPlaceholderText(/开始日期|结束日期/);
  await userEvent.click(start!);
  await userEvent.paste(from);
  await userEvent.keyboard('{Enter}');
  await userEvent.click(end!);
  await userEvent.paste(to);
  await userEvent.keyboard('{Enter}');
}

/** Types into a filter's text field. */
const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

const search = () => userEvent.click(buttonNamed(/查\s*询/));

/** Every filter of the bar, as the form is filled in and as the list call takes it. */
const FULL_FILTER = {
  billStatus: 'CS02',
  counterparty: '苏州华信',
  minAmount: '100',
  maxAmount: '200.5',
  dueFrom: '2026-04-01',
  dueTo: '2026-06-30',
};

describe('the bill list filters', { timeout: 90_000 }, () => {
  it('sends every filter with the issued list from the first page, keeps it while paging, and exports with it', async () => {
    renderPage(<IssuePage orgId="o1" canExport />);
    expect(await screen.findByText('150.00')).toBeInTheDocument();
    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(listQueries.issued?.at(-1)?.get('page')).toBe('1'));

    await choose('票据状态', '已承兑');
    fill('收款人/承兑人', ' 苏州 华信\n');
    fill('最低金额（元）', ' 100 ');
    fill('最高金额（元）', '200.5');
    await typeDueRange('2026-04-01', '2026-06-30');
    await search();
    const filter = FULL_FILTER;
    await waitFor(() => expect(filterOf(listQueries.issued?.at(-1))).toEqual(filter));
    expect(listQueries.issued?.at(-1)?.get('page')).toBe('0');

    await userEvent.click(await screen.findByTitle('3'));
    await waitFor(() => expect(listQueries.issued?.at(-1)?.get('page')).toBe('2'));
    expect(filterOf(listQueries.issued?.at(-1))).toEqual(filter);

    await userEvent.click(buttonNamed(/导\s*出/));
    await waitFor(() => expect(exports).toEqual([{ kind: 'bills-issued', params: filter }]));
    expect(await screen.findByText(/已按当前筛选条件创建导出任务/)).toBeInTheDocument();
  });

  it('clears every filter on 重置 and lists from the first page again', async () => {
    renderPage(<IssuePage orgId="o1" canExport />);
    await screen.findByText('150.00');
    await choose('票据状态', '已出票');
    fill('最低金额（元）', '1');
    await search();
    await waitFor(() =>
      expect(filterOf(listQueries.issued?.at(-1))).toEqual({ billStatus: 'CS01', minAmount: '1' }),
    );
    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(listQueries.issued?.at(-1)?.get('page')).toBe('1'));
    expect(document.querySelector('.ant-select-content-has-value')).toHaveTextContent('已出票');

    await userEvent.click(buttonNamed(/重\s*置/));
    // The first page without filters is the list as it opened: shown from the cache, not asked again.
    await waitFor(() => expect(screen.getByTitle('1')).toHaveClass('ant-pagination-item-active'));
    expect(screen.getByLabelText('最低金额（元）')).toHaveValue('');
    expect(document.querySelector('.ant-select-content-has-value')).toBeNull();
    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(listQueries.issued?.at(-1)?.get('page')).toBe('1'));
    expect(filterOf(listQueries.issued?.at(-1))).toEqual({});
    await userEvent.click(buttonNamed(/导\s*出/));
    await waitFor(() => expect(exports).toEqual([{ kind: 'bills-issued', params: {} }]));
  });

  it('refuses a malformed amount or a minimum above the maximum in Chinese, and sends nothing', async () => {
    renderPage(<IssuePage orgId="o1" canExport />);
    await screen.findByText('150.00');
    const calls = listQueries.issued?.length;
    const min = screen.getByLabelText('最低金额（元）');
    const max = screen.getByLabelText('最高金额（元）');
    for (const [low, high, lowRefusal, highRefusal] of [
      ['12.345', '10000000000', '请输入数字金额，最多两位小数', '金额不能超过9,999,999,999.99元'],
      ['0', '-5', '金额须大于0', '金额须大于0'],
    ]) {
      fireEvent.change(min, { target: { value: low } });
      fireEvent.change(max, { target: { value: high } });
      await search();
      await waitFor(() =>
        expect(screen.getAllByText(new RegExp(`${lowRefusal}|${highRefusal}`))).toHaveLength(2),
      );
      fireEvent.change(min, { target: { value: '' } });
      fireEvent.change(max, { target: { value: '' } });
      await waitFor(() => expect(screen.queryByText(lowRefusal!)).not.toBeInTheDocument());
    }
    fireEvent.change(min, { target: { value: '300' } });
    fireEvent.change(max, { target: { value: '200.99' } });
    await search();
    expect(await screen.findByText('最低金额不能高于最高金额')).toBeInTheDocument();
    await userEvent.click(buttonNamed(/导\s*出/));
    await waitFor(() => expect(exports).toEqual([{ kind: 'bills-issued', params: {} }]));
    expect(listQueries.issued).toHaveLength(calls!);
  });

  it('filters my applications by their own statuses and the held list by bill status', async () => {
    renderPage(<EndorsePage canExport />);
    await screen.findAllByText(/000000000001-000100000000/);
    await choose('申请状态', '已驳回');
    await userEvent.click(buttonsNamed(/查\s*询/)[1]!);
    await waitFor(() => expect(filterOf(listQueries.mine?.at(-1))).toEqual({ billStatus: 'refused' }));

    await choose('票据状态', '已收票');
    fill('出票人/承兑人', '苏州');
    await userEvent.click(buttonsNamed(/查\s*询/)[0]!);
    await waitFor(() =>
      expect(listQueries.held?.map(filterOf)).toContainEqual({ billStatus: 'CS03', counterparty: '苏州' }),
    );
    await userEvent.click(buttonsNamed(/导\s*出/)[0]!);
    await waitFor(() =>
      expect(exports).toEqual([{ kind: 'bills-held', params: { billStatus: 'CS03', counterparty: '苏州' } }]),
    );
  });

  it('filters the 待签收 workbench by applicant, still within the bill it was opened on', async () => {
    pending = [application()];
    renderPage(<SignWorkbenchPage />, '/chain-bill/sign-workbench?bill=p1');
    await screen.findByText('500,000.00');
    expect(screen.queryByLabelText('票据状态')).not.toBeInTheDocument();
    // Rendered for a user who cannot open the export centre: no 导出.
    expect(buttonsNamed(/导\s*出/)[0] ?? null).not.toBeInTheDocument();
    fill('申请方', '宁波');
    await search();
    await waitFor(() => expect(pendingQueries.at(-1)).toContain('counterparty=%E5%AE%81%E6%B3%A2'));
    expect(pendingQueries.at(-1)).toContain('packageId=p1');
  });

  it('exports the 待签收 workbench opened on one bill with that bill only', async () => {
    pending = [application()];
    renderPage(<SignWorkbenchPage canExport />, '/chain-bill/sign-workbench?bill=p1');
    await screen.findByText('500,000.00');
    await userEvent.click(buttonNamed(/导\s*出/));
    await waitFor(() => expect(exports).toEqual([{ kind: 'bills-pending', params: { packageId: 'p1' } }]));
  });
});

/** An address of a bill screen with `values`. */
const addressOf = (path: string, values: Record<string, string>) => `${path}?${new URLSearchParams(values)}`;

/** The filter form's fields as shown, by label (the due range by its two days). */
function shownFilter() {
  const [from, to] = screen.getAllByPlaceholderText(/开始日期|结束日期/);
  return {
    status: document.querySelector('.ant-select-content-has-value')?.textContent ?? '',
    counterparty: (screen.getByLabelText('收款人/承兑人') as HTMLInputElement).value,
    min: (screen.getByLabelText('最低金额（元）') as HTMLInputElement).value,
    max: (screen.getByLabelText('最高金额（元）') as HTMLInputElement).value,
    due: [(from as HTMLInputElement).value, (to as HTMLInputElement).value],
  };
}
const EMPTY_FORM = { status: '', counterparty: '', min: '', max: '', due: ['', ''] };

describe('the bill lists in the address', { timeout: 90_000 }, () => {
  const filter = FULL_FILTER;
  const issuedValues = Object.fromEntries(
    Object.entries(filter).map(([key, value]) => [`issued.${key}`, value]),
  );

  it('opens a list from an address with its filter and page: asks for them alone and shows them in the form', async () => {
    renderPage(
      <IssuePage orgId="o1" />,
      addressOf('/chain-bill/issue', { ...issuedValues, 'issued.page': '2' }),
    );
    expect(await screen.findByText('150.00')).toBeInTheDocument();
    expect(listQueries.issued?.map(filterOf)).toEqual([filter]);
    expect(listQueries.issued?.[0]?.get('page')).toBe('2');
    expect(screen.getByTitle('3')).toHaveClass('ant-pagination-item-active');
    await waitFor(() =>
      expect(shownFilter()).toEqual({
        status: '已承兑',
        counterparty: '苏州华信',
        min: '100',
        max: '200.5',
        due: ['2026-04-01', '2026-06-30'],
      }),
    );
  });

  it('writes a search into the address as a new entry and a page in its place, and Back shows the list before', async () => {
    renderPage(<IssuePage orgId="o1" />, '/chain-bill/issue');
    await screen.findByText('150.00');
    await choose('票据状态', '已承兑');
    fill('收款人/承兑人', ' 苏州 华信');
    fill('最低金额（元）', '100');
    fill('最高金额（元）', '200.5');
    await search();
    const searched = {
      'issued.billStatus': 'CS02',
      'issued.counterparty': '苏州华信',
      'issued.minAmount': '100',
      'issued.maxAmount': '200.5',
    };
    await waitFor(() => expect(addressNow()).toEqual(searched));
    expect(screen.getByTestId('address')).toHaveAttribute('data-how', 'PUSH');
    await waitFor(() =>
      expect(filterOf(listQueries.issued?.at(-1))).toEqual({
        billStatus: 'CS02',
        counterparty: '苏州华信',
        minAmount: '100',
        maxAmount: '200.5',
      }),
    );

    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(addressNow()).toEqual({ ...searched, 'issued.page': '1' }));
    expect(screen.getByTestId('address')).toHaveAttribute('data-how', 'REPLACE');
    await userEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(addressNow()).toEqual({ ...searched, 'issued.page': '2' }));

    // One step back skips the pages: the list as it was before the search, its form empty again.
    await userEvent.click(buttonNamed('后退'));
    await waitFor(() => expect(addressNow()).toEqual({}));
    await waitFor(() => expect(shownFilter()).toEqual(EMPTY_FORM));
    expect(screen.getByTitle('1')).toHaveClass('ant-pagination-item-active');
  });

  it('keeps each list of the 背书 screen under its own names, and 重置 clears only its own', async () => {
    renderPage(
      <EndorsePage />,
      addressOf('/chain-bill/endorse', {
        'held.billStatus': 'CS03',
        'held.counterparty': '苏州',
        'mine.billStatus': 'refused',
        'mine.page': '1',
      }),
    );
    await screen.findAllByText(/000000000001-000100000000/);
    expect(listQueries.held?.map(filterOf)).toContainEqual({ billStatus: 'CS03', counterparty: '苏州' });
    expect(filterOf(listQueries.mine?.at(-1))).toEqual({ billStatus: 'refused' });
    expect(listQueries.mine?.at(-1)?.get('page')).toBe('1');
    // The statuses chosen in the two filter bars (the endorsement form's holding is empty).
    const chosen = () =>
      [...document.querySelectorAll('.ant-select-content-has-value')].map((select) => select.textContent);
    await waitFor(() => expect(chosen()).toEqual(['已收票', '已驳回']));

    await userEvent.click(buttonsNamed(/重\s*置/)[0]!);
    await waitFor(() => expect(addressNow()).toEqual({ 'mine.billStatus': 'refused', 'mine.page': '1' }));
    expect(screen.getByTestId('address')).toHaveAttribute('data-how', 'PUSH');
    await waitFor(() => expect(chosen()).toEqual(['已驳回']));
    expect(screen.getByLabelText('出票人/承兑人')).toHaveValue('');
  });

  it('ignores the values of an address it cannot use and asks for none of them', async () => {
    renderPage(
      <IssuePage orgId="o1" />,
      addressOf('/chain-bill/issue', {
        'issued.billStatus': 'refused',
        'issued.counterparty': '苏州',
        'issued.minAmount': '12.345',
        'issued.maxAmount': '10000000000',
        'issued.dueFrom': '2026-02-30',
        'issued.dueTo': '20260630',
        'issued.page': '-1',
        'issued.packageId': 'p9',
        'issued.sort': 'amount,asc',
        billStatus: 'CS02',
        'held.counterparty': '宁波',
      }),
    );
    expect(await screen.findByText('150.00')).toBeInTheDocument();
    expect(listQueries.issued?.map(filterOf)).toEqual([{ counterparty: '苏州' }]);
    expect(listQueries.issued?.[0]?.get('page')).toBe('0');
    await waitFor(() => expect(shownFilter()).toEqual({ ...EMPTY_FORM, counterparty: '苏州' }));
  });
});

describe('the bill list filters on a phone', { timeout: 90_000 }, () => {
  const stub = window.matchMedia;
  /** A screen `width` CSS pixels wide, as its width queries answer (antd's breakpoints, the phone's). */
  const screenOf = (width: number) => (query: string) => {
    const [min, max] = [/min-width:\s*([\d.]+)px/, /max-width:\s*([\d.]+)px/].map((bound) =>
      bound.exec(query),
    );
    const matches =
      Boolean(min || max) && (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return { ...stub(query), matches };
  };
  beforeEach(() => {
    window.matchMedia = screenOf(390);
    expect(window.matchMedia(SMALL_SCREEN_QUERY).matches).toBe(true);
  });
  afterEach(() => {
    window.matchMedia = stub;
  });
  const more = () => buttonsNamed('更多筛选')[0] ?? null;

  it('keeps the amount and maturity fields behind 更多筛选 until asked for, then filters by them', async () => {
    renderPage(<IssuePage orgId="o1" />, '/chain-bill/issue');
    await screen.findByText('150.00');
    expect(screen.queryByLabelText('最低金额（元）')).not.toBeInTheDocument();
    expect(screen.queryByPlaceholderText('开始日期')).not.toBeInTheDocument();

    await userEvent.click(more()!);
    expect(more()).not.toBeInTheDocument();
    expect(screen.getByLabelText('最低金额（元）')).toHaveFocus();
    fill('最低金额（元）', '100');
    fill('最高金额（元）', '200.5');
    await typeDueRange('2026-04-01', '2026-06-30');
    await search();
    const { minAmount, maxAmount, dueFrom, dueTo } = FULL_FILTER;
    await waitFor(() =>
      expect(filterOf(listQueries.issued?.at(-1))).toEqual({ minAmount, maxAmount, dueFrom, dueTo }),
    );
  });

  it('shows them at once when the address names them, and lists with them', async () => {
    renderPage(
      <IssuePage orgId="o1" />,
      addressOf('/chain-bill/issue', { 'issued.maxAmount': '200.5', 'issued.dueFrom': '2026-04-01' }),
    );
    expect(await screen.findByText('150.00')).toBeInTheDocument();
    expect(listQueries.issued?.map(filterOf)).toEqual([{ maxAmount: '200.5', dueFrom: '2026-04-01' }]);
    await waitFor(() =>
      expect(shownFilter()).toEqual({ ...EMPTY_FORM, max: '200.5', due: ['2026-04-01', ''] }),
    );
    expect(more()).not.toBeInTheDocument();
  });

  it('shows the 待签收 list by the maturity its address names, the day in its field', async () => {
    pending = [application()];
    renderPage(
      <SignWorkbenchPage />,
      addressOf('/chain-bill/sign-workbench', { 'pending.dueTo': '2026-06-30' }),
    );
    expect(await screen.findByText('500,000.00')).toBeInTheDocument();
    expect(new URLSearchParams(pendingQueries[0]).get('dueTo')).toBe('2026-06-30');
    await waitFor(() => expect(screen.getByPlaceholderText('结束日期')).toHaveValue('2026-06-30'));
    expect(screen.getByLabelText('最低金额（元）')).toHaveValue('');
    expect(more()).not.toBeInTheDocument();
  });

  it('draws the 待签收 table without its range and time columns, the range still naming each row', async () => {
    pending = [application()];
    const headers = () => [...document.querySelectorAll('thead th')].map((header) => header.textContent);
    renderPage(<SignWorkbenchPage />, '/chain-bill/sign-workbench');
    expect(await screen.findByText('500,000.00')).toBeInTheDocument();
    expect(headers()).not.toContain('子票区间');
    expect(headers()).not.toContain('申请时间');
    expect(
      screen.getByLabelText(/子票区间 000000000001-000050000000/, { selector: 'input[type=checkbox]' }),
    ).toBeInTheDocument();
    cleanup();

    window.matchMedia = screenOf(1280);
    renderPage(<SignWorkbenchPage />, '/chain-bill/sign-workbench');
    expect(await screen.findByText('500,000.00')).toBeInTheDocument();
    expect(headers()).toEqual(expect.arrayContaining(['子票区间', '申请时间']));
    expect(more()).not.toBeInTheDocument();
  });
});

describe('the bill list values of an address', () => {
  const statuses = { CS01: '已出票' };
  const read = (values: Record<string, string>) => readListParams(`${new URLSearchParams(values)}`, statuses);

  it('drops both ends of a range that cross, and keeps a lone end', () => {
    expect(
      read({ minAmount: '300', maxAmount: '200.99', dueFrom: '2026-06-30', dueTo: '2026-04-01' }),
    ).toEqual({
      filter: {},
      page: 0,
    });
    expect(read({ minAmount: '300', dueTo: '2026-04-01' })).toEqual({
      filter: { minAmount: '300', dueTo: '2026-04-01' },
      page: 0,
    });
  });

  it('takes a page only as a whole number the list can ask for', () => {
    expect(read({ page: '7' }).page).toBe(7);
    for (const page of ['1.5', '-1', '1e3', ' ', '1000001', '99999999', '0x10'])
      expect(read({ page }).page).toBe(0);
  });

  it('takes a status only among the list’s own, and a counterparty no longer than the list call takes', () => {
    expect(read({ billStatus: 'CS01' }).filter).toEqual({ billStatus: 'CS01' });
    expect(read({ billStatus: 'toString' }).filter).toEqual({});
    expect(readListParams('billStatus=CS01', undefined).filter).toEqual({});
    expect(read({ counterparty: '苏'.repeat(65) }).filter).toEqual({});
    expect(read({ counterparty: ' 苏州 华信 ' }).filter).toEqual({ counterparty: '苏州华信' });
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

import { listenFailingUnhandled } from '@/testing/signed-in-landing';
import { renderSandbox } from '@/testing/render-sandbox';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SandboxPage } from './sandbox-page';
import { SandboxQrPage } from './sandbox-qr-page';

configure({ asyncUtilTimeout: 5000 });

const ok = <T,>(data: T) => HttpResponse.json({ code: 200, msg: '成功', data });
const notFound = () => HttpResponse.json({ code: 'NOT_FOUND', msg: '请求的资源不存在' }, { status: 404 });

const pendingQr = {
  qrId: 'qr-abcdefghijklmnop',
  status: 0,
  operationName: '授权成为企业管理员',
  userName: '李华',
  userMobile: '138****0002',
  orgName: '上海链票示范供应链有限公司',
  createdAt: Date.UTC(2026, 2, 2, 1, 0, 0),
  expiresAt: Date.UTC(2026, 2, 2, 1, 2, 0),
};

const decisions: string[] = [];
const statementQueries: string[] = [];
const deposits: unknown[] = [];
const settlementLine = {
  id: 'l-1',
  at: '2026-03-02T01:00:00.000Z',
  direction: 'in',
  amount: '2000000.00',
  balanceAfter: '2000000.00',
  counterpartyName: '沙箱银行',
  counterpartyAccountNo: '',
  remark: '期初余额',
};
const settlementOf = (balance: string, lines: object[]) => ({
  account: {
    accountNo: '32050188360000001234',
    accountName: '苏州华信精密零部件有限公司',
    bankName: '平安银行',
    branchName: '平安银行股份有限公司苏州分行',
  },
  balance,
  lines: { content: lines, totalElements: lines.length, totalPages: 1, size: 10, number: 0 },
});
const institutionAnswers: unknown[] = [];
const pledgeReleases: string[] = [];
const waitingApplication = {
  id: 'app-1',
  act: 'discount',
  institutionName: '兴业银行（模拟）',
  applicantName: '苏州华信精密零部件有限公司',
  billNo: '530012345678901234567890123456',
  acceptorName: '上海链票示范供应链有限公司',
  amount: '3000000.00',
  maturityDate: '2026-05-31',
  annualRate: '1.9500',
  clearing: 'SM00',
  createdAt: '2026-03-02T01:00:00.000Z',
  dueAt: null,
  state: 'waiting',
  remark: null,
  policy: { decision: 'refuse', annualRate: null, reason: 'over_limit', remark: '金额超过本行单张票据额度' },
};
const server = setupServer(
  mock.get('*/api/sandbox/institution/applications', () =>
    ok(
      institutionAnswers.length === 0
        ? [waitingApplication]
        : [{ ...waitingApplication, state: 'refuse', remark: '金额超过本行单张票据额度' }],
    ),
  ),
  mock.get('*/api/sandbox/institution/pledges', () =>
    ok(
      pledgeReleases.length === 0
        ? [
            {
              id: 'g-1',
              institutionName: '浦发银行（模拟）',
              pledgorName: '苏州精工',
              packageNo: '730012345678901234567890123456',
              range: '000000000001-000000100000',
              amount: '1000.00',
              maturityDate: '2026-06-01',
              status: 'pledged',
              pledgedAt: '2026-03-02T01:00:00.000Z',
              underRecourse: false,
            },
          ]
        : [],
    ),
  ),
  mock.get('*/api/sandbox/institution/recourse', () => ok([])),
  mock.post('*/api/sandbox/institution/pledges/:id/release', ({ params }) => {
    pledgeReleases.push(String(params.id));
    return ok(null);
  }),
  mock.post('*/api/sandbox/institution/applications/:id/answer', async ({ request, params }) => {
    institutionAnswers.push({ id: params.id, ...((await request.json()) as object) });
    return ok(null);
  }),
  mock.get('*/api/sandbox/sms', ({ request }) => {
    const mobile = new URL(request.url).searchParams.get('mobile');
    return ok(
      mobile === '13800000003'
        ? [
            {
              id: '2',
              mobile,
              text: '【链票通】您的验证码为654321，5分钟内有效，请勿泄露。',
              businessCode: 2,
              createdAt: Date.UTC(2026, 2, 2, 1, 1, 0),
            },
            {
              id: '1',
              mobile,
              text: '【链票通】您的验证码为123456，5分钟内有效，请勿泄露。',
              businessCode: 2,
              createdAt: Date.UTC(2026, 2, 2, 1, 0, 0),
            },
          ]
        : [],
    );
  }),
  mock.get('*/api/sandbox/bank/statement', ({ request }) => {
    statementQueries.push(new URL(request.url).searchParams.get('accountNo') ?? '');
    return ok(
      statementQueries.at(-1) === '6222021234567890'
        ? [
            {
              id: 't-1',
              accountNo: '6222021234567890',
              accountName: '上海链票示范供应链有限公司',
              bankName: '中国银行',
              branchName: '中国银行股份有限公司杭州中大支行',
              amount: '0.35',
              remark: '链票通打款验证',
              payerName: '链票通平台',
              arrivedAt: '2026-03-02T01:02:03.000Z',
            },
          ]
        : [],
    );
  }),
  mock.get('*/api/sandbox/bank/settlement/statement', () =>
    ok(
      deposits.length === 0
        ? settlementOf('2000000.00', [settlementLine])
        : settlementOf('2001000.50', [
            {
              ...settlementLine,
              id: 'l-2',
              amount: '1000.50',
              balanceAfter: '2001000.50',
              remark: '沙箱银行存入',
            },
            settlementLine,
          ]),
    ),
  ),
  mock.post('*/api/sandbox/bank/settlement/deposit', async ({ request }) => {
    deposits.push(await request.json());
    return ok(settlementOf('2001000.50', []));
  }),
  mock.get('*/api/sandbox/qr', () => ok([pendingQr])),
  mock.get('*/api/sandbox/qr/:qrId', ({ params }) =>
    params.qrId === pendingQr.qrId ? ok(pendingQr) : notFound(),
  ),
  mock.post('*/api/sandbox/qr/:qrId/:decision', ({ params }) => {
    decisions.push(String(params.decision));
    return ok({ ...pendingQr, status: params.decision === 'confirm' ? 1 : -1 });
  }),
);

listenFailingUnhandled(server);
afterEach(() => {
  server.resetHandlers();
  decisions.length = 0;
  statementQueries.length = 0;
  deposits.length = 0;
  institutionAnswers.length = 0;
  pledgeReleases.length = 0;
});
afterAll(() => server.close());

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/sandbox', element: <SandboxPage /> },
      { path: '/sandbox/qr/:qrId', element: <SandboxQrPage qrId={pendingQr.qrId} /> },
      { path: '/sandbox/qr-missing', element: <SandboxQrPage qrId="qr-missing-000000000" /> },
    ],
    { initialEntries: [path] },
  );
  renderSandbox(<RouterProvider router={router} />);
  return router;
}

/** Types into the query field with this placeholder and submits its form (the page has one per card). */
function query(placeholder: string, value: string) {
  const input = screen.getByPlaceholderText(placeholder);
  fireEvent.change(input, { target: { value } });
  fireEvent.click(within(input.closest('form')!).getByText('查询').closest('button')!);
}

describe('the sandbox page', () => {
  it('lists the messages sent to a mobile, newest first, in Shanghai time', async () => {
    renderAt('/sandbox');
    query('请输入手机号', '13800000003');

    const items = await screen.findAllByText(/您的验证码为/);
    expect(items.map((item) => item.textContent)).toEqual([
      '【链票通】您的验证码为654321，5分钟内有效，请勿泄露。',
      '【链票通】您的验证码为123456，5分钟内有效，请勿泄露。',
    ]);
    expect(screen.getByText('2026-03-02 09:01:00')).toBeInTheDocument();
  });

  it('says so when a mobile has no messages', async () => {
    renderAt('/sandbox');
    query('请输入手机号', '13900000009');
    expect(await screen.findByText('暂无短信')).toBeInTheDocument();
  });

  it('shows the bank statement of an account: each transfer with its amount, remark and arrival', async () => {
    renderAt('/sandbox');
    query('请输入银行账号', '6222 0212 3456 7890');
    const statement = await screen.findByRole('list', { name: '银行账户流水' });
    expect(statementQueries).toEqual(['6222021234567890']);
    expect(within(statement).getByText('0.35')).toBeInTheDocument();
    expect(statement).toHaveTextContent('附言：链票通打款验证');
    expect(statement).toHaveTextContent('到账时间：2026-03-02 09:02:03');
    expect(statement).toHaveTextContent('6222 0212 3456 7890');
  });

  it('says so when nothing reached an account, and checks the number before asking', async () => {
    renderAt('/sandbox');
    query('请输入银行账号', '12ab');
    expect(await screen.findByText('银行账号须为6-32位数字')).toBeInTheDocument();
    query('请输入银行账号', '955880001234');
    expect(await screen.findByText('暂无到账记录')).toBeInTheDocument();
    expect(statementQueries).toEqual(['955880001234']);
  });

  it('shows a settlement account’s balance and lines, and deposits into it', async () => {
    renderAt('/sandbox');
    query('请输入结算账号', '3205 0188 3600 0000 1234');
    const lines = await screen.findByRole('list', { name: '收支明细' });
    expect(screen.getByText(/户名：苏州华信精密零部件有限公司/)).toBeInTheDocument();
    expect(lines).toHaveTextContent('收入 2,000,000.00 · 余额 2,000,000.00 · 期初余额');
    expect(lines).toHaveTextContent('对方：沙箱银行');

    fireEvent.change(screen.getByLabelText('存入金额'), { target: { value: '1,000.5' } });
    fireEvent.click(screen.getByText('存入').closest('button')!);
    await waitFor(() => expect(deposits).toEqual([{ accountNo: '32050188360000001234', amount: '1000.50' }]));
    expect(await screen.findByText('2,001,000.50')).toBeInTheDocument();
    expect(await screen.findByText('已存入')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: '收支明细' })).toHaveTextContent('沙箱银行存入');
  });

  it('lists an application to an institution with what its policy says, and answers it by hand', async () => {
    renderAt('/sandbox');
    const list = await screen.findByRole('list', { name: '提交给金融机构的申请' });
    expect(list).toHaveTextContent('兴业银行（模拟） · 贴现 · 线上清算');
    expect(list).toHaveTextContent('政策答复：驳回：金额超过本行单张票据额度 · 自动答复时间：仅手动答复');
    fireEvent.click(within(list).getByText('驳回').closest('button')!);
    await waitFor(() =>
      expect(institutionAnswers).toEqual([{ id: 'app-1', decision: 'refuse', reason: 'over_limit' }]),
    );
    expect(await screen.findByText('已代机构答复')).toBeInTheDocument();
    expect(await within(list).findByText('已驳回')).toBeInTheDocument();
  });

  it('lists the institutions’ pledges and asks the pledgor to release one in the institution’s place', async () => {
    renderAt('/sandbox');
    const table = await screen.findByRole('table', { name: '沙箱金融机构的质押' });
    const row = (await within(table).findByText('苏州精工')).closest('tr')!;
    expect(row).toHaveTextContent('浦发银行（模拟）');
    expect(row).toHaveTextContent('已质押');
    fireEvent.click(within(row).getByText('申请解除质押').closest('button')!);
    await waitFor(() => expect(pledgeReleases).toEqual(['g-1']));
    expect(await screen.findByText('已代机构申请解除质押')).toBeInTheDocument();
    expect(await within(table).findByText('暂无质押')).toBeInTheDocument();
  });

  it('lists the QR codes waiting for the licence app with a link to each', async () => {
    const router = renderAt('/sandbox');
    const link = await screen.findByText('查看');
    expect(screen.getByText(/授权成为企业管理员 · 李华/)).toBeInTheDocument();
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/sandbox/qr/${pendingQr.qrId}`));
  });

  it('shows 沙箱未开启 when the server’s sandbox is off (404)', async () => {
    server.use(mock.get('*/api/sandbox/qr', notFound), mock.get('*/api/sandbox/sms', notFound));
    renderAt('/sandbox');
    expect(await screen.findByText('沙箱未开启')).toBeInTheDocument();
  });
});

describe('the sandbox QR page', () => {
  it('shows the operation and confirms it', async () => {
    renderAt(`/sandbox/qr/${pendingQr.qrId}`);
    expect(await screen.findByText('授权成为企业管理员')).toBeInTheDocument();
    expect(screen.getByText('李华（138****0002）')).toBeInTheDocument();
    expect(screen.getByText('待确认')).toBeInTheDocument();

    fireEvent.click(screen.getByText('确认授权').closest('button')!);

    expect(await screen.findByText('已确认')).toBeInTheDocument();
    expect(decisions).toEqual(['confirm']);
    expect(screen.getByText('确认授权').closest('button')).toBeDisabled();
    expect(screen.getByText('拒绝').closest('button')).toBeDisabled();
  });

  it('refuses', async () => {
    renderAt(`/sandbox/qr/${pendingQr.qrId}`);
    fireEvent.click((await screen.findByText('拒绝')).closest('button')!);
    expect(await screen.findByText('已拒绝或已过期')).toBeInTheDocument();
    expect(decisions).toEqual(['refuse']);
  });

  it('shows the current state when the server refuses the decision', async () => {
    let reads = 0;
    server.use(
      mock.get('*/api/sandbox/qr/:qrId', () => {
        reads += 1;
        return ok(reads === 1 ? pendingQr : { ...pendingQr, status: 2 });
      }),
      mock.post('*/api/sandbox/qr/:qrId/:decision', () =>
        HttpResponse.json({ code: 'CONFLICT', msg: '二维码已失效' }, { status: 409 }),
      ),
    );
    renderAt(`/sandbox/qr/${pendingQr.qrId}`);
    fireEvent.click((await screen.findByText('确认授权')).closest('button')!);

    expect(await screen.findByText('已拒绝或已过期')).toBeInTheDocument();
    expect(reads).toBe(2);
    expect(screen.getByText('确认授权').closest('button')).toBeDisabled();
  });

  it('tells an unknown code from a sandbox that is off', async () => {
    renderAt('/sandbox/qr-missing');
    expect(await screen.findByText('二维码不存在或已失效')).toBeInTheDocument();
  });

  it('shows 沙箱未开启 when the sandbox is off', async () => {
    server.use(mock.get('*/api/sandbox/qr/:qrId', notFound), mock.get('*/api/sandbox/qr', notFound));
    renderAt(`/sandbox/qr/${pendingQr.qrId}`);
    expect(await screen.findByText('沙箱未开启')).toBeInTheDocument();
  });
});

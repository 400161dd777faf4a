import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { listenFailingUnhandled } from '@/testing/signed-in-landing';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import App from 'antd/es/app';
import ConfigProvider from 'antd/es/config-provider';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Contract, EsignAccountState, Seal, SignInfo, SignRecord } from '@contract/e-contract-schemas';
import { createAppStore } from '@/lib/store';
import { recordNotices, signInAs, type RecordingNotifier } from '@/testing/fake-adapter';
import {
  buttonNamed,
  buttonsNamed,
  dialogsNamed,
  findDialog,
  findNamed,
  oneNamed,
  theOnly,
} from '@/testing/queries';
import { ContractsPage } from './contracts-page';

configure({ asyncUtilTimeout: 5000 });

const ORG = '上海链票示范供应链有限公司';
const PLATFORM = '链票通供应链票据平台';
const ok = <T,>(data: T) => HttpResponse.json({ code: 200, msg: '成功', data });
const refuse = (status: number, code: string, msg: string) => HttpResponse.json({ code, msg }, { status });
const pageOf = <T,>(content: T[], totalElements = content.length, number = 0) =>
  ok({ content, totalElements, totalPages: Math.ceil(totalElements / 10), size: 10, number });

const contract = (n: number, overrides: Partial<Contract> = {}): Contract => ({
  id: `c-${n}`,
  contractNo: `HT2026112400000${n}`,
  title: '供应链票据平台服务协议',
  status: 'draft',
  parties: [
    { role: '甲方', name: PLATFORM, creditCode: '91310000MA1FL0000X' },
    { role: '乙方', name: ORG, creditCode: '91310000MA1FL8LK3Y' },
  ],
  bizType: 'org-agreement',
  bizId: `biz-${n}`,
  amount: '12000.00',
  expiresAt: '2099-01-01T00:00:00.000Z',
  signedAt: null,
  counterSignedAt: null,
  counterError: null,
  createdAt: '2026-11-24T01:00:00.000Z',
  ...overrides,
});
const seal = (template: Seal['template'], sizeMm: number, isDefault: boolean): Seal => ({
  id: `s-${template}`,
  template,
  sizeMm,
  name: ORG,
  label: template === 'contract38' ? '合同专用章' : null,
  isDefault,
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="none" stroke="red"/></svg>',
});
const record = (overrides: Partial<SignRecord> = {}): SignRecord => ({
  recordId: 'r-1',
  status: 'pending',
  total: 2,
  signed: 0,
  failed: 0,
  createdAt: '2026-11-24T02:00:00.000Z',
  finishedAt: null,
  items: [1, 2].map((n) => ({
    contractId: `c-${n}`,
    contractNo: `HT2026112400000${n}`,
    title: '供应链票据平台服务协议',
    status: 'pending' as const,
    message: null,
  })),
  ...overrides,
});

let account: EsignAccountState;
let contracts: Contract[];
let records: SignRecord[];
let results: SignRecord[];
let refuseSign = false;
let refuseCancel = false;
let pdfFails = false;
const contractQueries: Array<Record<string, string>> = [];
const signed: unknown[] = [];
const cancelled: string[] = [];
let opens = 0;

const server = setupServer(
  mock.get('*/api/edoc/acct/is-open', () => ok(account)),
  mock.post('*/api/edoc/acct/open', () => {
    opens += 1;
    account = { open: true, canOpen: true, missing: [], openedAt: '2026-11-24T01:30:00.000Z' };
    return ok(account);
  }),
  mock.get('*/api/scbill/open/contract/sign-info', () =>
    ok<SignInfo>({
      open: account.open,
      verification: 'qr',
      defaultSealId: 's-contract38',
      sealCount: 3,
      pending: contracts.filter((c) => c.status === 'draft').length,
      signed: contracts.filter((c) => c.status === 'complete').length,
    }),
  ),
  mock.get('*/api/edoc/acct/seal/list', () =>
    ok(account.open ? [seal('contract38', 38, true), seal('official40', 40, false)] : []),
  ),
  mock.get('*/api/edoc/contract/v2/page', ({ request }) => {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    contractQueries.push(query);
    const shown = query.status ? contracts.filter((c) => c.status === query.status) : contracts;
    // Twelve in all: a second page to go to.
    return pageOf(shown, query.status ? shown.length : 12, Number(query.page));
  }),
  mock.get('*/api/edoc/contract/v2/:id/preview', () =>
    pdfFails
      ? refuse(404, 'NOT_FOUND', '合同文件不存在')
      : new HttpResponse(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
          headers: { 'Content-Type': 'application/pdf' },
        }),
  ),
  mock.get('*/api/scbill/contract/sign/status', ({ request }) => {
    const id = new URL(request.url).searchParams.get('contractId');
    const found = contracts.find((c) => c.id === id)!;
    return ok({ contractId: found.id, status: found.status, signedAt: found.signedAt });
  }),
  mock.post('*/api/edoc/contract/v2/batch-sign', async ({ request }) => {
    signed.push(await request.json());
    if (refuseSign) return refuse(409, 'CONTRACT_NOT_SIGNABLE', '合同HT20261124000001当前不可签署');
    return ok(record());
  }),
  mock.get('*/api/sign/record/result', () => ok(results.length > 1 ? results.shift()! : results[0]!)),
  mock.get('*/api/sign/record/page', () => pageOf(records)),
  mock.post('*/api/sign/record/auth/cancel', ({ request }) => {
    cancelled.push(new URL(request.url).searchParams.get('recordId') ?? '');
    if (refuseCancel) return refuse(409, 'SIGN_RECORD_FINISHED', '签署已完成，无法取消');
    return ok(record({ status: 'cancelled' }));
  }),
);
let notices: RecordingNotifier;
listenFailingUnhandled(server);
beforeEach(() => {
  account = { open: true, canOpen: true, missing: [], openedAt: '2026-11-24T01:30:00.000Z' };
  contracts = [
    contract(1),
    contract(2),
    contract(3, { status: 'complete', signedAt: '2026-11-24T01:40:00.000Z' }),
  ];
  records = [];
  results = [record()];
  refuseSign = false;
  refuseCancel = false;
  pdfFails = false;
  contractQueries.length = 0;
  signed.length = 0;
  cancelled.length = 0;
  opens = 0;
  notices = recordNotices();
  URL.createObjectURL = vi.fn(() => 'blob:contract-pdf');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  notices.unbind();
  server.resetHandlers();
});
afterAll(() => server.close());

function renderPage() {
  signInAs();
  render(
    <Provider store={createAppStore()}>
      <MemoryRouter>
        <ConfigProvider button={{ autoInsertSpace: false }}>
          <App>
            <ContractsPage />
          </App>
        </ConfigProvider>
      </MemoryRouter>
    </Provider>,
  );
}

const rowOf = async (contractNo: string) =>
  (await screen.findByText(contractNo)).closest('tr') as HTMLTableRowElement;

async function confirmDialog(name: string | RegExp, button: string) {
  fireEvent.click(buttonNamed(button, await findDialog(name)));
}

// antd's tables and dialogs in jsdom take seconds on a busy 2-core machine.
describe('ContractsPage', { timeout: 45_000 }, () => {
  it('offers an unopened account to an authenticated company, opens it, and then shows its seals and counts', async () => {
    account = { open: false, canOpen: true, missing: [], openedAt: null };
    renderPage();
    expect(await screen.findByText('未开通')).toBeInTheDocument();
    expect(screen.getByText('开通电子签章账户后生成模板印章')).toBeInTheDocument();
    expect(await screen.findByText('请先开通电子签章账户，再签署合同。')).toBeInTheDocument();
    const row = await rowOf('HT20261124000001');
    expect(
      within(row).getByLabelText('选择HT20261124000001', { selector: 'input[type=checkbox]' }),
    ).toBeDisabled();

    fireEvent.click(buttonNamed('开通电子签章账户'));
    await confirmDialog('开通电子签章账户', '开通');
    expect(await screen.findByText('已开通')).toBeInTheDocument();
    expect(opens).toBe(1);
    const seals = await findNamed('ul', '印章');
    expect(within(seals).getByAltText(`${ORG}（合同专用章，直径38mm）`).getAttribute('src')).toMatch(
      /^data:image\/svg\+xml/,
    );
    expect(within(seals).getByAltText(`${ORG}（公章，直径40mm）`)).toBeInTheDocument();
    expect(within(seals).getAllByText('默认印章')).toHaveLength(1);
    expect(await screen.findByText('电子营业执照扫码')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(row).getByLabelText('选择HT20261124000001', { selector: 'input[type=checkbox]' }),
      ).toBeEnabled(),
    );
  });

  it('sends a company that is not authenticated to authentication instead of offering the account', async () => {
    account = {
      open: false,
      canOpen: false,
      missing: ['AUTHENTICATION', 'SETTLEMENT_ACCOUNT', 'AGREEMENT'],
      openedAt: null,
    };
    renderPage();
    expect(await screen.findByText('企业完成认证后方可开通电子签章账户。')).toBeInTheDocument();
    expect(oneNamed('a', '去完成企业认证')).toHaveAttribute('href', '/company-center?type=authorize');
    expect(buttonsNamed('开通电子签章账户')).toEqual([]);
  });

  it('names what an authenticated company still needs before the account, and links to where the first is done', async () => {
    account = {
      open: false,
      canOpen: false,
      missing: ['AGREEMENT', 'BUSINESS_AUTHORISATION'],
      openedAt: null,
    };
    renderPage();
    expect(
      await screen.findByText('开通电子签章账户前需完成：签署协议、电子营业执照业务授权'),
    ).toBeInTheDocument();
    expect(oneNamed('a', '去签署协议')).toHaveAttribute('href', '/company-center?type=agreements');
    expect(buttonsNamed('开通电子签章账户')).toEqual([]);
  });

  it('lists the contracts with parties, business, amount and status, filters by status and pages on', async () => {
    renderPage();
    const row = await rowOf('HT20261124000001');
    expect(row).toHaveTextContent(`甲方：${PLATFORM}`);
    expect(row).toHaveTextContent(`乙方：${ORG}`);
    expect(row).toHaveTextContent('企业签约协议');
    expect(row).toHaveTextContent('12,000.00');
    expect(row).toHaveTextContent('待签署');
    const done = await rowOf('HT20261124000003');
    expect(done).toHaveTextContent('已签署');
    expect(
      within(done).getByLabelText('选择HT20261124000003', { selector: 'input[type=checkbox]' }),
    ).toBeDisabled();

    fireEvent.click(await screen.findByTitle('2'));
    await waitFor(() => expect(contractQueries.at(-1)).toEqual({ page: '1', size: '10' }));

    // A filter starts again from the first page.
    fireEvent.mouseDown(screen.getByLabelText('合同状态'));
    fireEvent.click(await screen.findByTitle('已签署'));
    await waitFor(() =>
      expect(contractQueries.at(-1)).toEqual({ page: '0', size: '10', status: 'complete' }),
    );
    await waitFor(() => expect(screen.queryByText('HT20261124000001')).not.toBeInTheDocument());
    expect(await rowOf('HT20261124000003')).toHaveTextContent('已签署');
  });

  it('signs the selected contracts together and follows the batch until every contract is signed', async () => {
    results = [
      record({ status: 'running' }),
      record({
        status: 'done',
        signed: 2,
        finishedAt: '2026-11-24T02:00:05.000Z',
        items: record().items.map((item) => ({ ...item, status: 'signed' as const })),
      }),
    ];
    renderPage();
    const first = await rowOf('HT20261124000001');
    const second = await rowOf('HT20261124000002');
    await waitFor(() => expect(theOnly('input[type=checkbox]', first)).toBeEnabled());
    fireEvent.click(theOnly('input[type=checkbox]', first));
    fireEvent.click(theOnly('input[type=checkbox]', second));
    fireEvent.click(buttonNamed('批量签署（2）'));
    await confirmDialog('签署以下2份合同？', '确认签署');

    const result = await findDialog('签署结果');
    expect(signed).toEqual([{ contractIds: ['c-1', 'c-2'] }]);
    expect(
      await within(result).findByText('共2份，成功2份，失败0份', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(within(result).getAllByText('已签署')).toHaveLength(2);
    expect(buttonNamed('批量签署')).toBeDisabled();
  });

  it('tells why a batch was refused and opens no result', async () => {
    refuseSign = true;
    renderPage();
    const first = await rowOf('HT20261124000001');
    await waitFor(() => expect(theOnly('input[type=checkbox]', first)).toBeEnabled());
    fireEvent.click(theOnly('input[type=checkbox]', first));
    fireEvent.click(buttonNamed('批量签署（1）'));
    await confirmDialog('签署以下1份合同？', '确认签署');
    expect(await screen.findByText('合同HT20261124000001当前不可签署')).toBeInTheDocument();
    expect(dialogsNamed('签署结果')).toEqual([]);
  });

  it('previews a contract inline with its sign status, and says so when the file cannot be loaded', async () => {
    renderPage();
    fireEvent.click(
      buttonNamed('预览供应链票据平台服务协议（HT20261124000003）', await rowOf('HT20261124000003')),
    );
    const preview = await findDialog('合同预览：供应链票据平台服务协议');
    const frame = await within(preview).findByTitle('供应链票据平台服务协议（HT20261124000003）PDF');
    expect(frame).toHaveAttribute('src', 'blob:contract-pdf');
    expect(await within(preview).findByText('已签署')).toBeInTheDocument();
    fireEvent.click(buttonNamed('Close', preview));
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:contract-pdf'));

    pdfFails = true;
    fireEvent.click(buttonNamed(/^预览.*HT20261124000001/, await rowOf('HT20261124000001')));
    expect(await screen.findByText('合同文件加载失败，请稍后重试')).toBeInTheDocument();
  });

  it('lists the sign records, shows a result and cancels an unfinished batch', async () => {
    records = [record()];
    renderPage();
    fireEvent.click(await findNamed('[role=tab]', '签署记录'));
    const row = (await screen.findByText('HT20261124000001、HT20261124000002')).closest('tr')!;
    expect(row).toHaveTextContent('排队中');

    fireEvent.click(buttonNamed(/^查看/, row));
    const result = await findDialog('签署结果');
    expect(await within(result).findByText('正在签署，请稍候……')).toBeInTheDocument();
    fireEvent.click(buttonNamed('Close', result));

    fireEvent.click(buttonNamed(/^取消/, row));
    await confirmDialog('取消签署', '取消签署');
    await waitFor(() => expect(cancelled).toEqual(['r-1']));
    expect(await screen.findByText('已取消未执行的签署')).toBeInTheDocument();
  });

  it('tells why a finished batch cannot be cancelled', async () => {
    records = [record({ status: 'running' })];
    refuseCancel = true;
    renderPage();
    fireEvent.click(await findNamed('[role=tab]', '签署记录'));
    const row = (await screen.findByText('HT20261124000001、HT20261124000002')).closest('tr')!;
    fireEvent.click(buttonNamed(/^取消/, row));
    await confirmDialog('取消签署', '取消签署');
    expect(await screen.findByText('签署已完成，无法取消')).toBeInTheDocument();
    expect(cancelled).toEqual(['r-1']);
  });
});

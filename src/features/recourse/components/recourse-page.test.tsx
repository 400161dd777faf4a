import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http as mock } from 'msw';
import { recourseCandidate, recourseClaim, recourseNotice } from '@/testing/recourse-fixtures';
import { created, ok, pageOf, renderInApp, serveLedgerPage } from '@/testing/ledger-page';
import { buttonNamed, buttonsNamed, dialogsNamed, findDialog, findTheOnly } from '@/testing/queries';
import { RecoursePage } from './recourse-page';

configure({ asyncUtilTimeout: 5000 });

const claim = recourseClaim;
const candidate = recourseCandidate;
const record = recourseNotice;

const notices: unknown[] = [];
const agreements: Array<{ id: string; body: unknown }> = [];
const rejections: Array<{ id: string; body: unknown }> = [];
const signatures: string[] = [];
const withdrawals: string[] = [];
const listQueries: Record<string, string>[] = [];
const exports: unknown[] = [];
const candidateKinds: string[] = [];
const uploads: string[] = [];
serveLedgerPage(
  {
    recording: [
      notices,
      agreements,
      rejections,
      signatures,
      withdrawals,
      listQueries,
      candidateKinds,
      uploads,
    ],
    exportsInto: exports,
  },
  mock.get('*/api/scbill/recourse/candidates', ({ request }) => {
    const kind = new URL(request.url).searchParams.get('kind');
    candidateKinds.push(kind ?? '');
    return ok([kind === 'BC15' ? { ...candidate, kind: 'BC15', holdingId: 'h-2' } : candidate]);
  }),
  mock.post('*/api/scbill/recourse/attachments', async ({ request }) => {
    uploads.push(request.headers.get('content-type') ?? '');
    return created({ id: 'f-1', type: 'application/pdf', size: 9 });
  }),
  mock.get('*/api/scbill/recourse/list', ({ request }) => {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    listQueries.push(query);
    return ok(
      pageOf(
        query.side === 'debtor'
          ? [
              record({ actions: ['agree'] }),
              record({
                id: 'n-3',
                pursuer: { orgId: 'o-spdb', name: '浦发银行（模拟）' },
                pursuerPledgee: true,
                debtor: { orgId: 'o-nb', name: '宁波海曙包装材料有限公司' },
                debtorRole: 'endorser',
                actions: ['agree'],
              }),
            ]
          : [
              record({
                status: 'agreed',
                agreedAmount: '1000482.50',
                clearing: 'SM00',
                actions: ['reject', 'sign'],
              }),
              record({
                id: 'n-2',
                debtor: { orgId: 'o-nb', name: '宁波海曙包装材料有限公司' },
                debtorRole: 'endorser',
                claim,
                actions: ['withdraw'],
              }),
            ],
      ),
    );
  }),
  mock.post('*/api/scbill/recourse/notify', async ({ request }) => {
    notices.push(await request.json());
    return created([record({})]);
  }),
  mock.post('*/api/scbill/recourse/:id/agree', async ({ params, request }) => {
    agreements.push({ id: String(params.id), body: await request.json() });
    return ok(record({ status: 'agreed' }));
  }),
  mock.post('*/api/scbill/recourse/:id/reject', async ({ params, request }) => {
    rejections.push({ id: String(params.id), body: await request.json() });
    return ok(record({}));
  }),
  mock.post('*/api/scbill/recourse/:id/sign', ({ params }) => {
    signatures.push(String(params.id));
    return ok(record({ status: 'paid' }));
  }),
  mock.post('*/api/scbill/recourse/:id/withdraw', ({ params }) => {
    withdrawals.push(String(params.id));
    return ok(record({ id: String(params.id), status: 'withdrawn' }));
  }),
);

function renderPage(initialSide?: 'pursuer' | 'debtor') {
  renderInApp(
    <RecoursePage
      {...(initialSide ? { initialSide } : {})}
      canExport
      detail={{ link: () => null, drawer: null }}
    />,
  );
}

describe('the 追索 page', () => {
  it('shows the claim made up with the costs typed, and sends the notice to the parties chosen after the confirmation', async () => {
    renderPage();
    fireEvent.mouseDown(screen.getByLabelText('追索票据'));
    fireEvent.click(
      await screen.findByTitle(
        `${candidate.packageNo} 子票区间${candidate.range}（1,000,000.00元，追索期限至2026-12-02）`,
      ),
    );
    expect(await screen.findByText('2026-06-02 至 2026-06-05，共3天')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('宁波海曙包装材料有限公司（背书人）'));
    fireEvent.change(screen.getByLabelText('追索费用（元）'), { target: { value: '120' } });
    // 1,000,000.00 + 362.50 interest + 120.00 costs.
    expect(await screen.findByText('1,000,482.50')).toBeInTheDocument();
    fireEvent.click(screen.getByText('发出追索通知').closest('button')!);
    const dialog = await findDialog();
    expect(dialog).toHaveTextContent('宁波海曙包装材料有限公司');
    expect(dialog).toHaveTextContent('1,000,482.50 元');
    expect(notices).toEqual([]);
    fireEvent.click(buttonNamed('确认并验证', dialog));
    await waitFor(() =>
      expect(notices).toEqual([{ holdingId: 'h-1', debtorOrgIds: ['o-nb'], costs: '120.00' }]),
    );
  });

  it('pursues before maturity with a reason and its proof, uploaded before the notice is sent', async () => {
    renderPage();
    fireEvent.click(screen.getByText('非拒付追索'));
    await waitFor(() => expect(candidateKinds).toContain('BC15'));
    fireEvent.mouseDown(screen.getByLabelText('追索票据'));
    fireEvent.click(
      await screen.findByTitle(
        `${candidate.packageNo} 子票区间${candidate.range}（1,000,000.00元，追索期限至2026-12-02）`,
      ),
    );
    fireEvent.click(await screen.findByLabelText('上海链票示范供应链有限公司（承兑人）'));
    fireEvent.click(screen.getByText('发出追索通知').closest('button')!);
    expect(await screen.findByText('请选择追索理由')).toBeInTheDocument();
    expect(await screen.findByText('请上传证明材料')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByLabelText('追索理由'));
    fireEvent.click(await screen.findByTitle('承兑人被依法宣告破产'));
    const file = new File(['%PDF-1.4'], 'ruling.pdf', { type: 'application/pdf' });
    fireEvent.change(document.querySelector('input[type="file"]')!, { target: { files: [file] } });
    expect(await screen.findByText('ruling.pdf')).toBeInTheDocument();
    fireEvent.click(screen.getByText('发出追索通知').closest('button')!);
    const dialog = await findDialog();
    expect(uploads).toEqual([]);
    fireEvent.click(buttonNamed('确认并验证', dialog));
    await waitFor(() =>
      expect(notices).toEqual([
        { holdingId: 'h-2', debtorOrgIds: ['o-sh'], nonRefusalReason: 'NR01', attachmentId: 'f-1' },
      ]),
    );
    expect(uploads).toEqual(['application/pdf']);
  });

  it('asks for a party before sending', async () => {
    renderPage();
    fireEvent.click(screen.getByText('发出追索通知').closest('button')!);
    expect(await screen.findByText('请选择追索票据')).toBeInTheDocument();
    expect(await screen.findByText('请选择至少一个被追索人')).toBeInTheDocument();
    expect(notices).toEqual([]);
  });

  it('lets the pursued party agree to pay the claim, 线下 when it chooses', async () => {
    renderPage('debtor');
    const table = await findTheOnly('table');
    const tr = (await within(table).findByText('上海链票示范供应链有限公司（承兑人）')).closest('tr')!;
    expect(tr).toHaveTextContent('待清偿');
    expect(tr).toHaveTextContent('票面1,000,000.00＋利息362.50＋费用120.00');
    expect(listQueries[0]).toMatchObject({ side: 'debtor' });
    fireEvent.click(buttonNamed('同意清偿', tr));
    const form = await findDialog();
    expect(within(form).getByLabelText('清偿金额（元）')).toHaveValue('1,000,482.5');
    fireEvent.click(within(form).getByLabelText('线下清算'));
    fireEvent.click(buttonNamed('同意清偿', form));
    const confirm = await findDialog('确认同意清偿');
    await waitFor(() => expect(confirm).toHaveTextContent('苏州工业园区精密制造有限公司'));
    fireEvent.click(buttonNamed('确认并验证', confirm));
    await waitFor(() =>
      expect(agreements).toEqual([{ id: 'n-1', body: { amount: '1000482.50', clearing: 'SM01' } }]),
    );
  });

  it('names a pledgee pursuing as the institution, 质权人, and the party answers it as any pursuer', async () => {
    renderPage('debtor');
    const table = await findTheOnly('table');
    const tr = (await within(table).findByText('浦发银行（模拟）（质权人，拒付追索）')).closest('tr')!;
    expect(within(table).getByText('苏州工业园区精密制造有限公司（拒付追索）')).toBeInTheDocument();
    fireEvent.click(buttonNamed('同意清偿', tr));
    const form = await findDialog();
    fireEvent.click(buttonNamed('同意清偿', form));
    const confirm = await findDialog('确认同意清偿');
    await waitFor(() => expect(confirm).toHaveTextContent('浦发银行（模拟）'));
    fireEvent.click(buttonNamed('确认并验证', confirm));
    await waitFor(() =>
      expect(agreements).toEqual([{ id: 'n-3', body: { amount: '1000482.50', clearing: 'SM00' } }]),
    );
  });

  it('lets the holder refuse an agreement with a reason, or sign it', async () => {
    renderPage();
    const table = await findTheOnly('table');
    const tr = (await within(table).findByText('同意清偿待签收')).closest('tr')!;
    expect(tr).toHaveTextContent('1,000,482.50（线上清算）');
    fireEvent.click(buttonNamed('驳回', tr));
    const dialog = await findDialog();
    fireEvent.click(buttonNamed('驳回', dialog));
    expect(await within(dialog).findByText('请填写驳回理由')).toBeInTheDocument();
    expect(rejections).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('驳回理由'), { target: { value: '金额不足' } });
    fireEvent.click(buttonNamed('驳回', dialog));
    await waitFor(() => expect(rejections).toEqual([{ id: 'n-1', body: { reason: '金额不足' } }]));

    fireEvent.click(buttonNamed('签收', tr));
    const confirm = await findDialog('确认签收追索清偿');
    fireEvent.click(buttonNamed('确认并验证', confirm));
    await waitFor(() => expect(signatures).toEqual(['n-1']));
  });

  it('lets the holder withdraw a notice not yet answered, after confirming what it takes back', async () => {
    renderPage();
    const table = await findTheOnly('table');
    const tr = (await within(table).findByText('宁波海曙包装材料有限公司（背书人）')).closest('tr')!;
    expect(tr).toHaveTextContent('待清偿');
    // Only the notice the party has not answered offers 撤回.
    const answered = within(table).getByText('同意清偿待签收').closest('tr')!;
    expect(buttonsNamed('撤回', answered)).toEqual([]);
    fireEvent.click(buttonNamed('撤回', tr));
    const confirm = await findDialog('确认撤回追索通知');
    expect(confirm).toHaveTextContent('宁波海曙包装材料有限公司');
    expect(confirm).toHaveTextContent('1,000,362.50 元');
    expect(withdrawals).toEqual([]);
    fireEvent.click(buttonNamed('取消', confirm));
    await waitFor(() => expect(dialogsNamed()).toEqual([]));
    expect(withdrawals).toEqual([]);
    fireEvent.click(buttonNamed('撤回', tr));
    fireEvent.click(buttonNamed('确认并验证', await findDialog('确认撤回追索通知')));
    await waitFor(() => expect(withdrawals).toEqual(['n-2']));
    expect(await screen.findByText('已撤回追索通知')).toBeInTheDocument();
  });

  it('filters its side by status and package number and exports what it shows', async () => {
    renderPage('debtor');
    await findTheOnly('table');
    fireEvent.mouseDown(screen.getByLabelText('状态'));
    fireEvent.click(await screen.findByTitle('待清偿'));
    fireEvent.change(screen.getByLabelText('票据包号'), { target: { value: '2026' } });
    fireEvent.click(screen.getByText('查询').closest('button')!);
    await waitFor(() =>
      expect(listQueries.at(-1)).toMatchObject({ side: 'debtor', status: 'notified', packageNo: '2026' }),
    );
    fireEvent.click(screen.getByText('导出').closest('button')!);
    await waitFor(() =>
      expect(exports).toEqual([
        { kind: 'recourse', params: { recourseSide: 'debtor', billStatus: 'notified', packageNo: '2026' } },
      ]),
    );
  });
});

import { listenFailingUnhandled } from '@/testing/signed-in-landing';
import { renderSandbox } from '@/testing/render-sandbox';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { SandboxPledge } from '@contract/pledge-schemas';
import type { RecourseRecord } from '@contract/recourse-schemas';
import {
  NINGBO,
  SHANGHAI,
  recourseCandidate,
  recourseClaim,
  recourseNotice,
} from '@/testing/recourse-fixtures';
import { buttonNamed, dialogsNamed, findDialog, findNamed, oneNamed } from '@/testing/queries';
import { SandboxPledgeCard } from './sandbox-pledge-card';
import { SandboxRecourseCard } from './sandbox-recourse-card';

configure({ asyncUtilTimeout: 5000 });

const ok = <T,>(data: T) => HttpResponse.json({ code: 200, msg: '成功', data });
const conflict = (msg: string) => HttpResponse.json({ code: 'BILL_STATE_INVALID', msg }, { status: 409 });

const SPDB = { orgId: 'org-spdb', name: '浦发银行（模拟）' };

const refusedPledge: SandboxPledge = {
  id: 'g-1',
  institutionName: SPDB.name,
  pledgorName: '苏州华信精密零部件有限公司',
  packageNo: recourseCandidate.packageNo,
  range: recourseCandidate.range,
  amount: '1000000.00',
  maturityDate: '2026-06-02',
  status: 'pledged',
  pledgedAt: '2026-03-02T01:00:00.000Z',
  underRecourse: true,
};
const inForce: SandboxPledge = {
  ...refusedPledge,
  id: 'g-2',
  packageNo: '530099999999999999999999999999',
  underRecourse: false,
};

const claim = recourseClaim;
const candidate = recourseCandidate;
/** The sandbox's view: the pledgee pursues the endorser, and may withdraw. */
const notice = (over: Partial<RecourseRecord>): RecourseRecord =>
  recourseNotice({
    pursuer: SPDB,
    pursuerPledgee: true,
    debtor: NINGBO,
    debtorRole: 'endorser',
    claim,
    costsNote: null,
    actions: ['withdraw'],
    ...over,
  });

let notices: RecourseRecord[] = [];
const sent: unknown[] = [];
const answers: unknown[] = [];
const withdrawn: string[] = [];
let afterSign: Partial<RecourseRecord> = { status: 'paid', actions: [] };

const server = setupServer(
  mock.get('*/api/sandbox/institution/pledges', () => ok([refusedPledge, inForce])),
  mock.get('*/api/sandbox/institution/pledges/:id/recourse', ({ params }) =>
    params.id === refusedPledge.id ? ok(candidate) : conflict('该票据未处于追索状态'),
  ),
  mock.post('*/api/sandbox/institution/pledges/:id/recourse', async ({ request, params }) => {
    const body = (await request.json()) as { debtorOrgIds: string[] };
    sent.push({ id: params.id, ...body });
    notices = body.debtorOrgIds.map((id, index) =>
      notice({ id: `n-${index + 1}`, debtor: id === SHANGHAI.orgId ? SHANGHAI : NINGBO }),
    );
    return ok(notices.map((n) => n.id));
  }),
  mock.get('*/api/sandbox/institution/recourse', () => ok(notices)),
  mock.post('*/api/sandbox/institution/recourse/:id/answer', async ({ request, params }) => {
    const body = (await request.json()) as { decision: string };
    answers.push({ id: params.id, ...body });
    notices = notices.map((n) =>
      n.id !== params.id
        ? n
        : body.decision === 'sign'
          ? { ...n, ...afterSign }
          : { ...n, status: 'notified', agreedAmount: null, actions: ['withdraw'] },
    );
    return ok(null);
  }),
  mock.post('*/api/sandbox/institution/recourse/:id/withdraw', ({ params }) => {
    withdrawn.push(String(params.id));
    notices = notices.map((n) => (n.id === params.id ? { ...n, status: 'withdrawn', actions: [] } : n));
    return ok(null);
  }),
);

listenFailingUnhandled(server);
afterEach(() => {
  server.resetHandlers();
  notices = [];
  sent.length = 0;
  answers.length = 0;
  withdrawn.length = 0;
  afterSign = { status: 'paid', actions: [] };
});
afterAll(() => server.close());

function renderCards() {
  renderSandbox(
    <>
      <SandboxPledgeCard />
      <SandboxRecourseCard />
    </>,
  );
}

const button = (scope: HTMLElement, name: string) => buttonNamed(name, scope);

// Each test walks a two-step dialog over the whole sandbox page: about 10 s alone, past 20 s when the suite's files
// run side by side on two cores.
describe('the sandbox institutions’ recourse', { timeout: 60_000 }, () => {
  it('offers 发起追索 only on a pledge refused at maturity, with the parties it may reach and the claim made up', async () => {
    renderCards();
    const pledges = await findNamed('table', '沙箱金融机构的质押');
    const refusedRow = (await within(pledges).findByText(refusedPledge.packageNo)).closest('tr')!;
    const inForceRow = within(pledges).getByText(inForce.packageNo).closest('tr')!;
    // Under recourse the pledge can no longer be released; one in force cannot be pursued.
    expect(within(refusedRow).queryByText('申请解除质押')).toBeNull();
    expect(within(inForceRow).queryByText('发起追索')).toBeNull();
    fireEvent.click(button(refusedRow, '发起追索'));

    const dialog = await findDialog('代机构发起追索');
    expect(await within(dialog).findByText('追索金额构成')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('追索截止日2026-12-02');
    expect(within(dialog).getByLabelText(`${SHANGHAI.name}（承兑人）`)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(`${NINGBO.name}（背书人）`)).toBeInTheDocument();
    // The pledgor is no party of the pledgee's recourse.
    expect(within(dialog).queryByLabelText(/苏州华信/)).toBeNull();
    expect(dialog).toHaveTextContent('2026-06-02 至 2026-06-05，共3天');
    expect(dialog).toHaveTextContent('1,000,362.50');
  });

  it('asks for a party, adds the costs to the claim exactly, and sends the notice only once confirmed', async () => {
    renderCards();
    const pledges = await findNamed('table', '沙箱金融机构的质押');
    fireEvent.click(
      button((await within(pledges).findByText(refusedPledge.packageNo)).closest('tr')!, '发起追索'),
    );
    const dialog = await findDialog('代机构发起追索');
    expect(await within(dialog).findByText('追索金额构成')).toBeInTheDocument();
    fireEvent.click(button(dialog, '下一步'));
    expect(await within(dialog).findByText('请选择被追索人')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByLabelText(`${NINGBO.name}（背书人）`));
    fireEvent.change(within(dialog).getByLabelText('追索费用（元）'), { target: { value: '100.10' } });
    expect(await within(dialog).findByText('1,000,462.60')).toBeInTheDocument();
    fireEvent.click(button(dialog, '下一步'));

    const confirm = await findDialog('确认发起追索');
    expect(await within(confirm).findByText(NINGBO.name)).toBeInTheDocument();
    expect(within(confirm).getByTestId('act-summary')).toHaveTextContent('1,000,462.60 元');
    expect(sent).toEqual([]);
    fireEvent.click(button(confirm, '确认发起追索'));
    await waitFor(() =>
      expect(sent).toEqual([{ id: refusedPledge.id, debtorOrgIds: [NINGBO.orgId], costs: '100.10' }]),
    );
    expect(await screen.findByText('已代机构发出1份追索通知，等待被追索人同意清偿')).toBeInTheDocument();
    const list = oneNamed('table', '沙箱金融机构的追索通知');
    const row = (await within(list).findByText(`${NINGBO.name}（背书人）`)).closest('tr')!;
    expect(row).toHaveTextContent('待清偿');
    expect(within(row).getByText('撤回')).toBeInTheDocument();
  });

  it('goes back from the confirmation to the form as typed, and sends nothing on 取消', async () => {
    renderCards();
    const pledges = await findNamed('table', '沙箱金融机构的质押');
    fireEvent.click(
      button((await within(pledges).findByText(refusedPledge.packageNo)).closest('tr')!, '发起追索'),
    );
    const dialog = await findDialog('代机构发起追索');
    fireEvent.click(await within(dialog).findByLabelText(`${SHANGHAI.name}（承兑人）`));
    fireEvent.click(button(dialog, '下一步'));
    const confirm = await findDialog('确认发起追索');
    fireEvent.click(button(confirm, '上一步'));
    const again = await findDialog('代机构发起追索');
    expect(within(again).getByLabelText(`${SHANGHAI.name}（承兑人）`)).toBeChecked();
    fireEvent.click(button(again, '取消'));
    await waitFor(() => expect(dialogsNamed()).toEqual([]));
    expect(sent).toEqual([]);
  });

  it('withdraws a notice not yet answered, after confirmation', async () => {
    notices = [notice({})];
    renderCards();
    const list = await findNamed('table', '沙箱金融机构的追索通知');
    const row = (await within(list).findByText(`${NINGBO.name}（背书人）`)).closest('tr')!;
    fireEvent.click(button(row, '撤回'));
    const confirm = await findDialog('确认撤回追索通知');
    expect(within(confirm).getByTestId('act-summary')).toHaveTextContent(NINGBO.name);
    expect(withdrawn).toEqual([]);
    fireEvent.click(button(confirm, '确认撤回追索通知'));
    await waitFor(() => expect(withdrawn).toEqual(['n-1']));
    expect(await screen.findByText('已代机构撤回追索通知')).toBeInTheDocument();
    expect(await within(list).findByText('已撤回')).toBeInTheDocument();
    expect(within(list).queryByText('撤回')).toBeNull();
  });

  const agreed = () =>
    notice({
      status: 'agreed',
      agreedAmount: '1000362.50',
      clearing: 'SM00',
      agreedAt: '2026-06-05T03:00:00.000Z',
      actions: ['reject', 'sign'],
    });

  it('signs a 同意清偿 after confirmation: paid', async () => {
    notices = [agreed()];
    renderCards();
    const list = await findNamed('table', '沙箱金融机构的追索通知');
    const row = (await within(list).findByText(`${NINGBO.name}（背书人）`)).closest('tr')!;
    expect(row).toHaveTextContent('1,000,362.50（线上清算）');
    fireEvent.click(button(row, '签收'));
    const confirm = await findDialog('确认签收同意清偿');
    fireEvent.click(button(confirm, '确认签收同意清偿'));
    await waitFor(() => expect(answers).toEqual([{ id: 'n-1', decision: 'sign' }]));
    expect(await screen.findByText('已代机构签收同意清偿，款项已清偿')).toBeInTheDocument();
    expect(await within(list).findByText('已清偿')).toBeInTheDocument();
  });

  it('says so when the bank refused the payment on 签收: the 同意清偿 went back to the party', async () => {
    afterSign = { status: 'notified', actions: ['withdraw'], rejectReason: '线上清算失败：付款账户余额不足' };
    notices = [agreed()];
    renderCards();
    const list = await findNamed('table', '沙箱金融机构的追索通知');
    fireEvent.click(
      button((await within(list).findByText(`${NINGBO.name}（背书人）`)).closest('tr')!, '签收'),
    );
    fireEvent.click(button(await findDialog('确认签收同意清偿'), '确认签收同意清偿'));
    expect(
      await screen.findByText(
        '款项未清偿（线上清算失败：付款账户余额不足），同意清偿已退回，等待被追索人重新同意清偿',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('已代机构签收同意清偿，款项已清偿')).toBeNull();
  });

  it('rejects a 同意清偿 with a reason, which it asks for first', async () => {
    notices = [agreed()];
    renderCards();
    const list = await findNamed('table', '沙箱金融机构的追索通知');
    fireEvent.click(
      button((await within(list).findByText(`${NINGBO.name}（背书人）`)).closest('tr')!, '驳回'),
    );
    const confirm = await findDialog('确认驳回同意清偿');
    fireEvent.click(button(confirm, '驳回'));
    expect(await within(confirm).findByText('请输入驳回理由')).toBeInTheDocument();
    expect(answers).toEqual([]);
    fireEvent.change(within(confirm).getByLabelText('驳回理由'), { target: { value: ' 金额不足 ' } });
    fireEvent.click(button(confirm, '驳回'));
    await waitFor(() => expect(answers).toEqual([{ id: 'n-1', decision: 'reject', reason: '金额不足' }]));
    expect(await screen.findByText('已代机构驳回同意清偿')).toBeInTheDocument();
  });
});

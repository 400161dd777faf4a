import { BILL_STATUS, BILL_URL, CIRCULATION } from '@contract/bills';
import type { BillDetail } from '@contract/bills-schemas';
import type { Page } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { pathOf } from '@contract/paths';
import { PAYMENT_URL } from '@contract/payment';
import type { PaymentRecord } from '@contract/payment-schemas';
import { RECOURSE_URL } from '@contract/recourse';
import type { RecourseAttachment, RecourseCandidate, RecourseRecord } from '@contract/recourse-schemas';
import { SETTLEMENT_URL } from '@contract/settlement';
import type { SettlementStatement } from '@contract/settlement-schemas';
import { SHELL_URL } from '@contract/shell';
import type { OperationItem } from '@contract/shell-schemas';
import { STATISTICS_URL } from '@contract/statistics';
import type { Statistics } from '@contract/statistics-schemas';
import { DEMO_ORGS } from '../../../src/db/seed';
import { agreeRecourse, withdrawRecourse } from '../../../src/modules/recourse/commands';
import { EXE, PDF } from '../../support/apply-record-helpers';
import {
  billCall,
  confirmed,
  dataOf,
  endorsed,
  errorCodeOf,
  issueBody,
  ledgerAppEach,
  type LedgerTokens,
  ledgerTokensOn,
  MOBILE,
  ORG,
  refusedBefore,
  signedFor,
  signsPending,
  userIdOf,
  currentHoldingOf,
} from '../../support/bill-helpers';
import { refusesPayment } from '../../support/payment-helpers';
import type { TestApp } from '../../support/helpers';

let t: TestApp;
let token: LedgerTokens;
ledgerAppEach((app) => ({ t, token } = app));

type Org = keyof LedgerTokens;

const currentHolding = (packageId: string, orgId: string) => currentHoldingOf(t, packageId, orgId);

/**
 * 上海 draws and accepts a bill (due 2026-06-02) to 宁波, which endorses it to 苏州; 苏州 presents on `presentOn`
 * and 上海 refuses. Answers the package and 苏州's holding, under recourse.
 */
async function refusedAtSuzhou(
  options: { amount?: string; presentOn?: string; overdueReason?: string } = {},
) {
  const amount = options.amount ?? '1000000.00';
  const detail = await signedFor(t, token, 'shanghai', 'ningbo', issueBody(t, { amount }));
  const packageId = detail.bill.id;
  const ningbo = await currentHolding(packageId, ORG.ningbo);
  await endorsed(t, MOBILE.ningbo, token.ningbo, { holdingId: ningbo.id, endorseeOrgId: ORG.suzhou, amount });
  await signsPending(t, token, 'suzhou', packageId);
  token = await ledgerTokensOn(t, options.presentOn ?? '2026-06-02');
  const suzhou = await currentHolding(packageId, ORG.suzhou);
  const presented = await dataOf<PaymentRecord>(
    await confirmed(t, token.suzhou, (headers) =>
      billCall(
        t.app,
        'POST',
        PAYMENT_URL.present,
        token.suzhou,
        { holdingId: suzhou.id, ...(options.overdueReason ? { overdueReason: options.overdueReason } : {}) },
        headers,
      ),
    ),
    201,
  );
  await dataOf(await refusesPayment(t, token.shanghai, presented.id, { code: 'DC00', text: '货物质量争议' }));
  const holding = await currentHolding(packageId, ORG.suzhou);
  expect(holding.circ_status).toBe(CIRCULATION.recourse);
  return { packageId, holdingId: holding.id };
}

const notifyCall = (as: Org, body: object) => (headers: Record<string, string>) =>
  billCall(t.app, 'POST', RECOURSE_URL.notify, token[as], body, headers);
const notify = async (as: Org, body: object) =>
  dataOf<RecourseRecord[]>(await confirmed(t, token[as], notifyCall(as, body)), 201);
const agreeCall = (as: Org, id: string, body: object) => (headers: Record<string, string>) =>
  billCall(t.app, 'POST', pathOf(RECOURSE_URL.agree, { id }), token[as], body, headers);
const agree = async (as: Org, id: string, body: object) =>
  dataOf<RecourseRecord>(await confirmed(t, token[as], agreeCall(as, id, body)));
const signCall = (as: Org, id: string) => (headers: Record<string, string>) =>
  billCall(t.app, 'POST', pathOf(RECOURSE_URL.sign, { id }), token[as], undefined, headers);
const rejectCall = (as: Org, id: string, reason: string) => (headers: Record<string, string>) =>
  billCall(t.app, 'POST', pathOf(RECOURSE_URL.reject, { id }), token[as], { reason }, headers);
const candidatesOf = async (as: Org) =>
  dataOf<RecourseCandidate[]>(await billCall(t.app, 'GET', RECOURSE_URL.candidates, token[as]));
const list = async (as: Org, query: string) =>
  dataOf<Page<RecourseRecord>>(await billCall(t.app, 'GET', `${RECOURSE_URL.list}?${query}`, token[as]));
const balanceOf = async (as: Org) =>
  (await dataOf<SettlementStatement>(await billCall(t.app, 'GET', SETTLEMENT_URL.statement, token[as])))
    .balance;

describe('拒付追索 and 同意清偿', () => {
  it('pursues an endorser, who pays online and pursues the acceptor in turn, who pays 线下: the range is settled', async () => {
    const { packageId, holdingId } = await refusedAtSuzhou();
    token = await ledgerTokensOn(t, '2026-06-05');

    const [candidate] = await candidatesOf('suzhou');
    expect(candidate).toMatchObject({
      holdingId,
      kind: 'BC14',
      since: '2026-06-02',
      lastDay: '2026-12-02',
      overdue: false,
      claim: {
        face: '1000000.00',
        rate: '4.3500',
        days: 3,
        interest: '362.50',
        costs: '0.00',
        total: '1000362.50',
      },
    });
    expect(candidate!.parties.map((p) => [p.orgId, p.role])).toEqual([
      [ORG.shanghai, 'acceptor'],
      [ORG.ningbo, 'endorser'],
    ]);

    const [notice] = await notify('suzhou', {
      holdingId,
      debtorOrgIds: [ORG.ningbo],
      costs: '120.00',
      costsNote: '公证费',
    });
    // 1,000,000.00 x 4.35 % x 3 / 360 = 362.50 from maturity to today, and the costs the holder entered.
    expect(notice).toMatchObject({
      status: 'notified',
      kind: 'BC14',
      debtorRole: 'endorser',
      claim: {
        basis: 'face',
        interestFrom: '2026-06-02',
        interestTo: '2026-06-05',
        interest: '362.50',
        costs: '120.00',
        total: '1000482.50',
      },
      actions: ['withdraw'],
    });
    const [toAnswer] = (await list('ningbo', 'side=debtor')).content;
    expect(toAnswer).toMatchObject({ id: notice!.id, actions: ['agree'] });
    const todo = await t.app.db
      .selectFrom('plat_messages')
      .select(['org_id', 'closed_at'])
      .where('subject', '=', `recourse-notice:${notice!.id}`)
      .executeTakeFirstOrThrow();
    expect(todo).toMatchObject({ org_id: ORG.ningbo, closed_at: null });

    const above = await agreeCall('ningbo', notice!.id, { amount: '1000482.51' })({});
    expect([above.statusCode, errorCodeOf(above)]).toEqual([400, API_ERROR.amountInvalid]);
    const agreed = await agree('ningbo', notice!.id, { amount: '1000482.50', clearing: 'SM00' });
    expect(agreed).toMatchObject({
      status: 'agreed',
      agreedAmount: '1000482.50',
      clearing: 'SM00',
      actions: [],
    });
    expect((await list('suzhou', 'side=pursuer')).content[0]).toMatchObject({ actions: ['reject', 'sign'] });

    const [suzhouBefore, ningboBefore] = [await balanceOf('suzhou'), await balanceOf('ningbo')];
    const signed = await dataOf<RecourseRecord>(
      await confirmed(t, token.suzhou, signCall('suzhou', notice!.id)),
    );
    expect(signed).toMatchObject({ status: 'paid', actions: [] });
    expect(Number(await balanceOf('suzhou')) - Number(suzhouBefore)).toBeCloseTo(1000482.5, 2);
    expect(Number(ningboBefore) - Number(await balanceOf('ningbo'))).toBeCloseTo(1000482.5, 2);
    const passed = await currentHolding(packageId, ORG.ningbo);
    expect([passed.bill_status, passed.circ_status, Number(passed.amount_fen)]).toEqual([
      BILL_STATUS.received,
      CIRCULATION.recourse,
      100_000_000,
    ]);
    expect(await candidatesOf('suzhou')).toEqual([]);

    // 宁波 paid on 2026-06-05: it may pursue the parties before it, the acceptor (and drawer) 上海, for three months.
    token = await ledgerTokensOn(t, '2026-06-10');
    const [own] = await candidatesOf('ningbo');
    expect(own).toMatchObject({ kind: 'BC14', since: '2026-06-05', lastDay: '2026-09-05' });
    expect(own!.parties.map((p) => [p.orgId, p.role])).toEqual([[ORG.shanghai, 'acceptor']]);
    const suzhouAgain = await notifyCall('ningbo', { holdingId: own!.holdingId, debtorOrgIds: [ORG.suzhou] })(
      {},
    );
    expect([suzhouAgain.statusCode, errorCodeOf(suzhouAgain)]).toEqual([
      400,
      API_ERROR.recourseDebtorInvalid,
    ]);
    const [second] = await notify('ningbo', { holdingId: own!.holdingId, debtorOrgIds: [ORG.shanghai] });
    // What 宁波 paid, from the day it paid: 1,000,482.50 x 4.35 % x 5 / 360 = 604.458… rounds to 604.46.
    expect(second!.claim).toMatchObject({
      basis: 'paid',
      face: '1000482.50',
      interestFrom: '2026-06-05',
      days: 5,
      interest: '604.46',
      total: '1001086.96',
    });
    await agree('shanghai', second!.id, { amount: '1001086.96', clearing: 'SM01' });
    const shanghaiBefore = await balanceOf('shanghai');
    await dataOf(await confirmed(t, token.ningbo, signCall('ningbo', second!.id)));
    expect(await balanceOf('shanghai')).toBe(shanghaiBefore);
    const settled = await currentHolding(packageId, ORG.ningbo);
    expect([settled.bill_status, settled.circ_status]).toEqual([BILL_STATUS.settled, CIRCULATION.ended]);

    const detail = await dataOf<BillDetail>(
      await billCall(t.app, 'GET', pathOf(BILL_URL.detail, { id: packageId }), token.ningbo),
    );
    expect(detail.events.map((e) => e.type).filter((type) => type.startsWith('recourse'))).toEqual([
      'recourseNotified',
      'recourseAgreed',
      'recoursePaid',
      'recourseNotified',
      'recourseAgreed',
      'recoursePaid',
    ]);
  });

  it('lets one party agree at a time: another waits until the holder refuses the first', async () => {
    const { holdingId } = await refusedAtSuzhou();
    const notices = await notify('suzhou', { holdingId, debtorOrgIds: [ORG.ningbo, ORG.shanghai] });
    expect(notices.map((n) => n.debtorRole)).toEqual(['endorser', 'acceptor']);
    const [toNingbo, toShanghai] = notices;
    await agree('ningbo', toNingbo!.id, { amount: '1000000.00' });
    expect((await list('shanghai', 'side=debtor')).content[0]).toMatchObject({
      status: 'notified',
      actions: [],
    });
    expect(await refusedBefore(t, agreeCall('shanghai', toShanghai!.id, { amount: '1000000.00' }))).toEqual([
      409,
      API_ERROR.recourseAgreementPending,
    ]);
    const again = await notifyCall('suzhou', { holdingId, debtorOrgIds: [ORG.ningbo] })({});
    expect([again.statusCode, errorCodeOf(again)]).toEqual([409, API_ERROR.conflict]);

    const rejected = await dataOf<RecourseRecord>(
      await confirmed(t, token.suzhou, rejectCall('suzhou', toNingbo!.id, '金额不足')),
    );
    expect(rejected).toMatchObject({ status: 'notified', rejectReason: '金额不足', agreedAmount: null });
    await agree('shanghai', toShanghai!.id, { amount: '1000000.00', clearing: 'SM00' });
    await dataOf(await confirmed(t, token.suzhou, signCall('suzhou', toShanghai!.id)));
    // The acceptor paid: the range is settled where it is, and the notice to 宁波 ends with it.
    const [ningboNotice] = (await list('ningbo', 'side=debtor')).content;
    expect(ningboNotice).toMatchObject({ status: 'closed', actions: [] });
    const agreeClosed = await agreeCall('ningbo', toNingbo!.id, { amount: '1.00' })({});
    expect([agreeClosed.statusCode, errorCodeOf(agreeClosed)]).toEqual([
      409,
      API_ERROR.billApplicationAnswered,
    ]);
  });

  it('reopens the agreement when the payer’s bank refuses the 线上 payment, and moves nothing', async () => {
    const { packageId, holdingId } = await refusedAtSuzhou({ amount: '3000000.00' });
    const [notice] = await notify('suzhou', { holdingId, debtorOrgIds: [ORG.ningbo] });
    await agree('ningbo', notice!.id, { amount: '3000000.00', clearing: 'SM00' });
    const before = await balanceOf('ningbo');
    const answered = await dataOf<RecourseRecord>(
      await confirmed(t, token.suzhou, signCall('suzhou', notice!.id)),
    );
    expect(answered.status).toBe('notified');
    expect(answered.rejectReason).toContain('余额不足');
    expect(await balanceOf('ningbo')).toBe(before);
    expect((await currentHolding(packageId, ORG.suzhou)).circ_status).toBe(CIRCULATION.recourse);
  });
});

describe('the operation log and the dashboard', () => {
  const byText = (a: string[], b: string[]) => (a.join() < b.join() ? -1 : 1);
  const packageNoOf = async (id: string) =>
    (
      await t.app.db
        .selectFrom('bill_packages')
        .select('package_no')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).package_no;
  let packageNo = '';
  /**
   * The org's 追索 lines of the operation log about this test's bill (the demo's case in 追索 is logged too),
   * in a stable order: [business, operation, counterparty, status, amount].
   */
  const recourseLog = async (as: Org) =>
    (
      await dataOf<Page<OperationItem>>(
        await billCall(t.app, 'GET', `${SHELL_URL.operations}?bizType=recourse&size=50`, token[as]),
      )
    ).content
      .filter((o) => o.billNo === packageNo)
      .map((o) => [o.bizTypeName, o.opName, o.counterparty, o.statusName, o.amount])
      .sort(byText);
  const recourseFigure = async (as: Org) =>
    dataOf<Statistics>(
      await billCall(t.app, 'GET', pathOf(STATISTICS_URL.figures, { kind: 'recourse' }), token[as]),
    );

  it('logs each side’s acts, ends them with the answer, and counts the range recovered in the holder’s figure', async () => {
    const { packageId, holdingId } = await refusedAtSuzhou();
    packageNo = await packageNoOf(packageId);
    const [toNingbo, toShanghai] = await notify('suzhou', {
      holdingId,
      debtorOrgIds: [ORG.ningbo, ORG.shanghai],
    });
    expect(await recourseLog('suzhou')).toEqual(
      [
        ['追索', '追索通知', DEMO_ORGS.ningbo.name, '处理中', '1000000.00'],
        ['追索', '追索通知', DEMO_ORGS.shanghai.name, '处理中', '1000000.00'],
      ].sort(byText),
    );
    await agree('ningbo', toNingbo!.id, { amount: '1000000.00' });
    expect(await recourseLog('ningbo')).toEqual([
      ['追索', '同意清偿', DEMO_ORGS.suzhou.name, '处理中', '1000000.00'],
    ]);
    await confirmed(t, token.suzhou, rejectCall('suzhou', toNingbo!.id, '金额不足'));
    expect(await recourseLog('ningbo')).toEqual([
      ['追索', '同意清偿', DEMO_ORGS.suzhou.name, '失败', '1000000.00'],
    ]);
    await agree('shanghai', toShanghai!.id, { amount: '1000000.00', clearing: 'SM01' });
    expect((await recourseFigure('suzhou')).count).toBe(0);
    await dataOf(await confirmed(t, token.suzhou, signCall('suzhou', toShanghai!.id)));

    // The acceptor paid: its notice succeeded, the one to 宁波 ended with the range.
    expect(await recourseLog('suzhou')).toEqual(
      [
        ['追索', '追索通知', DEMO_ORGS.ningbo.name, '失败', '1000000.00'],
        ['追索', '追索通知', DEMO_ORGS.shanghai.name, '成功', '1000000.00'],
        ['追索', '驳回同意清偿', DEMO_ORGS.ningbo.name, '成功', '1000000.00'],
        ['追索', '追索清偿签收', DEMO_ORGS.shanghai.name, '成功', '1000000.00'],
      ].sort(byText),
    );
    expect(await recourseLog('shanghai')).toEqual([
      ['追索', '同意清偿', DEMO_ORGS.suzhou.name, '成功', '1000000.00'],
    ]);
    const figure = await recourseFigure('suzhou');
    expect([figure.count, figure.amount]).toEqual([1, '1000000.00']);
    expect(figure.monthly.find((m) => m.month === '2026-06')).toMatchObject({
      count: 1,
      amount: '1000000.00',
    });
    expect((await recourseFigure('shanghai')).count).toBe(0);
  });

  it('logs the holder’s signature the bank refused as failed, and the party’s 同意清偿 with it', async () => {
    const { packageId, holdingId } = await refusedAtSuzhou({ amount: '3000000.00' });
    packageNo = await packageNoOf(packageId);
    const [notice] = await notify('suzhou', { holdingId, debtorOrgIds: [ORG.ningbo] });
    await agree('ningbo', notice!.id, { amount: '3000000.00', clearing: 'SM00' });
    await dataOf(await confirmed(t, token.suzhou, signCall('suzhou', notice!.id)));
    expect(await recourseLog('suzhou')).toEqual(
      [
        ['追索', '追索清偿签收', DEMO_ORGS.ningbo.name, '失败', '3000000.00'],
        ['追索', '追索通知', DEMO_ORGS.ningbo.name, '处理中', '3000000.00'],
      ].sort(byText),
    );
    expect(await recourseLog('ningbo')).toEqual([
      ['追索', '同意清偿', DEMO_ORGS.suzhou.name, '失败', '3000000.00'],
    ]);
    expect((await recourseFigure('suzhou')).count).toBe(0);
  });
});

describe('whom and when a holder may pursue', () => {
  it('refuses before any confirmation what the server can tell: a range not refused, a party not earlier, another’s notice', async () => {
    const detail = await signedFor(t, token, 'shanghai', 'ningbo', issueBody(t));
    const resting = await currentHolding(detail.bill.id, ORG.ningbo);
    expect(
      await refusedBefore(t, notifyCall('ningbo', { holdingId: resting.id, debtorOrgIds: [ORG.shanghai] })),
    ).toEqual([409, API_ERROR.billStateInvalid]);

    const { holdingId } = await refusedAtSuzhou();
    expect(await refusedBefore(t, notifyCall('suzhou', { holdingId, debtorOrgIds: [ORG.hangzhou] }))).toEqual(
      [400, API_ERROR.recourseDebtorInvalid],
    );
    expect(await refusedBefore(t, notifyCall('suzhou', { holdingId, debtorOrgIds: [ORG.suzhou] }))).toEqual([
      400,
      API_ERROR.recourseDebtorInvalid,
    ]);
    expect(
      await refusedBefore(t, notifyCall('suzhou', { holdingId, debtorOrgIds: [ORG.ningbo], costs: '-1' })),
    ).toEqual([400, API_ERROR.amountInvalid]);
    // Another organisation's holding answers as a missing one.
    expect(await refusedBefore(t, notifyCall('ningbo', { holdingId, debtorOrgIds: [ORG.shanghai] }))).toEqual(
      [404, API_ERROR.notFound],
    );
    const [notice] = await notify('suzhou', { holdingId, debtorOrgIds: [ORG.ningbo] });
    const missing = await agreeCall('shanghai', 'no-such-notice', { amount: '1.00' })({});
    const others = await agreeCall('shanghai', notice!.id, { amount: '1.00' })({});
    expect([others.statusCode, errorCodeOf(others)]).toEqual([missing.statusCode, errorCodeOf(missing)]);
    expect(others.statusCode).toBe(404);
    expect(await refusedBefore(t, agreeCall('suzhou', notice!.id, { amount: '1.00' }))).toEqual([
      403,
      API_ERROR.forbidden,
    ]);
    expect(await refusedBefore(t, signCall('suzhou', notice!.id))).toEqual([
      409,
      API_ERROR.billApplicationAnswered,
    ]);
    expect(await refusedBefore(t, agreeCall('ningbo', notice!.id, { amount: '0' }))).toEqual([
      400,
      API_ERROR.amountInvalid,
    ]);
  });

  it('after an overdue presentation reaches only the drawer, the acceptor and their guarantors', async () => {
    const { holdingId } = await refusedAtSuzhou({
      presentOn: '2026-06-15',
      overdueReason: '财务人员交接延误',
    });
    const [candidate] = await candidatesOf('suzhou');
    expect(candidate).toMatchObject({ overdue: true });
    expect(candidate!.parties.map((p) => p.orgId)).toEqual([ORG.shanghai]);
    const endorser = await notifyCall('suzhou', { holdingId, debtorOrgIds: [ORG.ningbo] })({});
    expect([endorser.statusCode, errorCodeOf(endorser)]).toEqual([400, API_ERROR.recourseDebtorInvalid]);
    expect(endorser.json<{ msg: string }>().msg).toContain('逾期提示付款');
    await notify('suzhou', { holdingId, debtorOrgIds: [ORG.shanghai] });
  });

  it('keeps the window: six months from the refusal, its last day included', async () => {
    const { holdingId } = await refusedAtSuzhou();
    token = await ledgerTokensOn(t, '2026-12-03');
    expect(await refusedBefore(t, notifyCall('suzhou', { holdingId, debtorOrgIds: [ORG.ningbo] }))).toEqual([
      409,
      API_ERROR.recourseLapsed,
    ]);
    expect(await candidatesOf('suzhou')).toMatchObject([{ lastDay: '2026-12-02' }]);
    token = await ledgerTokensOn(t, '2026-12-02');
    await notify('suzhou', { holdingId, debtorOrgIds: [ORG.ningbo] });
  });

  it('claims in further recourse what the payer paid, with interest from the day it paid', async () => {
    const { holdingId } = await refusedAtSuzhou();
    token = await ledgerTokensOn(t, '2026-06-05');
    const [notice] = await notify('suzhou', { holdingId, debtorOrgIds: [ORG.ningbo], costs: '120.00' });
    // 宁波 agrees to less than the claim of the day (1,000,482.50) and pays it that day.
    await agree('ningbo', notice!.id, { amount: '1000400.00', clearing: 'SM01' });
    await dataOf(await confirmed(t, token.suzhou, signCall('suzhou', notice!.id)));

    // Ten days on 宁波 pursues the drawer 上海: 1,000,400.00 x 4.35 % x 10 / 360 = 1,208.816… rounds to 1,208.82.
    token = await ledgerTokensOn(t, '2026-06-15');
    const paidBasis = {
      basis: 'paid',
      face: '1000400.00',
      rate: '4.3500',
      interestFrom: '2026-06-05',
      interestTo: '2026-06-15',
    };
    const [own] = await candidatesOf('ningbo');
    expect(own!.claim).toEqual({
      ...paidBasis,
      days: 10,
      interest: '1208.82',
      costs: '0.00',
      total: '1001608.82',
    });
    const [further] = await notify('ningbo', {
      holdingId: own!.holdingId,
      debtorOrgIds: [ORG.shanghai],
      costs: '50.00',
    });
    const claim = { ...paidBasis, days: 10, interest: '1208.82', costs: '50.00', total: '1001658.82' };
    expect(further!.claim).toEqual(claim);
    expect((await list('shanghai', 'side=debtor')).content[0]).toMatchObject({ id: further!.id, claim });

    const above = await agreeCall('shanghai', further!.id, { amount: '1001658.83' })({});
    expect([above.statusCode, errorCodeOf(above)]).toEqual([400, API_ERROR.amountInvalid]);
    const agreed = await agree('shanghai', further!.id, { amount: '1001658.82', clearing: 'SM01' });
    expect(agreed).toMatchObject({ status: 'agreed', agreedAmount: '1001658.82', claim });
  });

  it('keeps three months for further recourse from the day the payer paid', async () => {
    const { packageId, holdingId } = await refusedAtSuzhou();
    const [notice] = await notify('suzhou', { holdingId, debtorOrgIds: [ORG.ningbo] });
    await agree('ningbo', notice!.id, { amount: '1000000.00', clearing: 'SM01' });
    await dataOf(await confirmed(t, token.suzhou, signCall('suzhou', notice!.id)));
    const taken = await currentHolding(packageId, ORG.ningbo);
    token = await ledgerTokensOn(t, '2026-09-03');
    expect(
      await refusedBefore(t, notifyCall('ningbo', { holdingId: taken.id, debtorOrgIds: [ORG.shanghai] })),
    ).toEqual([409, API_ERROR.recourseLapsed]);
    token = await ledgerTokensOn(t, '2026-09-02');
    await notify('ningbo', { holdingId: taken.id, debtorOrgIds: [ORG.shanghai] });
  });
});

describe('非拒付追索', () => {
  const upload = (as: Org, content: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: RECOURSE_URL.attachment,
      headers: { authorization: `Bearer ${token[as]}`, 'content-type': 'application/pdf' },
      payload: content,
    });

  it('pursues before maturity with a reason and its proof, which puts the range under recourse', async () => {
    const detail = await signedFor(t, token, 'shanghai', 'ningbo', issueBody(t));
    const holding = await currentHolding(detail.bill.id, ORG.ningbo);
    // The ranges at rest before maturity are offered for a 非拒付追索, each with every party of its chain.
    const early = await dataOf<RecourseCandidate[]>(
      await billCall(t.app, 'GET', `${RECOURSE_URL.candidates}?kind=BC15`, token.ningbo),
    );
    expect(early.find((c) => c.holdingId === holding.id)).toMatchObject({
      kind: 'BC15',
      claim: { days: 0 },
      parties: [{ orgId: ORG.shanghai, role: 'acceptor' }],
    });
    expect((await candidatesOf('ningbo')).map((c) => c.holdingId)).not.toContain(holding.id);

    const notPdf = await upload('ningbo', EXE);
    expect([notPdf.statusCode, errorCodeOf(notPdf)]).toEqual([415, API_ERROR.unsupportedMediaType]);
    const proof = await dataOf<RecourseAttachment>(await upload('ningbo', PDF), 201);
    expect(proof.type).toBe('application/pdf');

    expect(
      await refusedBefore(
        t,
        notifyCall('ningbo', {
          holdingId: holding.id,
          debtorOrgIds: [ORG.shanghai],
          nonRefusalReason: 'NR01',
        }),
      ),
    ).toEqual([400, API_ERROR.recourseProofRequired]);
    const shanghaiProof = await dataOf<RecourseAttachment>(await upload('suzhou', PDF), 201);
    expect(
      await refusedBefore(
        t,
        notifyCall('ningbo', {
          holdingId: holding.id,
          debtorOrgIds: [ORG.shanghai],
          nonRefusalReason: 'NR01',
          attachmentId: shanghaiProof.id,
        }),
      ),
    ).toEqual([400, API_ERROR.recourseProofRequired]);

    const [notice] = await notify('ningbo', {
      holdingId: holding.id,
      debtorOrgIds: [ORG.shanghai],
      nonRefusalReason: 'NR01',
      attachmentId: proof.id,
    });
    expect(notice).toMatchObject({ kind: 'BC15', nonRefusalReason: 'NR01', attachmentId: proof.id });
    // Before maturity no interest runs.
    expect(notice!.claim).toMatchObject({ days: 0, interest: '0.00', total: '1000000.00' });
    expect((await currentHolding(detail.bill.id, ORG.ningbo)).circ_status).toBe(CIRCULATION.recourse);
    // The pursued party reads the proof; an organisation the notice does not name gets 404.
    const read = await billCall(
      t.app,
      'GET',
      pathOf(RECOURSE_URL.attachmentFile, { id: proof.id }),
      token.shanghai,
    );
    expect([read.statusCode, read.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(read.headers['content-disposition']).toBe(
      `attachment; filename="recourse-proof.pdf"; filename*=UTF-8''recourse-proof.pdf`,
    );
    const stranger = await billCall(
      t.app,
      'GET',
      pathOf(RECOURSE_URL.attachmentFile, { id: proof.id }),
      token.suzhou,
    );
    expect(stranger.statusCode).toBe(404);

    await agree('shanghai', notice!.id, { amount: '1000000.00', clearing: 'SM00' });
    await dataOf(await confirmed(t, token.ningbo, signCall('ningbo', notice!.id)));
    const settled = await currentHolding(detail.bill.id, ORG.ningbo);
    expect([settled.bill_status, settled.circ_status]).toEqual([BILL_STATUS.settled, CIRCULATION.ended]);
  });

  it('is refused on or after the maturity date', async () => {
    const detail = await signedFor(t, token, 'shanghai', 'ningbo', issueBody(t));
    const holding = await currentHolding(detail.bill.id, ORG.ningbo);
    const proof = await dataOf<RecourseAttachment>(await upload('ningbo', PDF), 201);
    token = await ledgerTokensOn(t, '2026-06-02');
    expect(
      await refusedBefore(
        t,
        notifyCall('ningbo', {
          holdingId: holding.id,
          debtorOrgIds: [ORG.shanghai],
          nonRefusalReason: 'NR02',
          attachmentId: proof.id,
        }),
      ),
    ).toEqual([409, API_ERROR.billStateInvalid]);
  });
});

describe('撤回 a notice', () => {
  const withdrawCall = (as: Org, id: string) => (headers: Record<string, string>) =>
    billCall(t.app, 'POST', pathOf(RECOURSE_URL.withdraw, { id }), token[as], undefined, headers);

  it('takes back a notice the party has not answered: its to-do closes, it is told, the bill and the log show it', async () => {
    const { packageId, holdingId } = await refusedAtSuzhou();
    const [notice] = await notify('suzhou', { holdingId, debtorOrgIds: [ORG.ningbo] });
    expect((await list('suzhou', 'side=pursuer')).content[0]).toMatchObject({ actions: ['withdraw'] });
    expect((await list('ningbo', 'side=debtor')).content[0]).toMatchObject({ actions: ['agree'] });

    const key = { 'idempotency-key': 'recourse-withdraw-0001' };
    const first = await confirmed(t, token.suzhou, (headers) =>
      withdrawCall('suzhou', notice!.id)({ ...headers, ...key }),
    );
    expect(await dataOf<RecourseRecord>(first)).toMatchObject({ status: 'withdrawn', actions: [] });
    const replay = await confirmed(t, token.suzhou, (headers) =>
      withdrawCall('suzhou', notice!.id)({ ...headers, ...key }),
    );
    expect(replay.json()).toEqual(first.json());
    expect(await refusedBefore(t, withdrawCall('suzhou', notice!.id))).toEqual([
      409,
      API_ERROR.billApplicationAnswered,
    ]);

    const todo = await t.app.db
      .selectFrom('plat_messages')
      .select('closed_at')
      .where('subject', '=', `recourse-notice:${notice!.id}`)
      .executeTakeFirstOrThrow();
    expect(todo.closed_at).not.toBeNull();
    const told = await t.app.db
      .selectFrom('plat_messages')
      .select(['title', 'content'])
      .where('org_id', '=', ORG.ningbo)
      .where('title', '=', '追索通知已撤回')
      .executeTakeFirstOrThrow();
    expect(told.content).toContain(DEMO_ORGS.suzhou.name);
    expect((await list('ningbo', 'side=debtor')).content[0]).toMatchObject({
      status: 'withdrawn',
      actions: [],
    });
    expect(await refusedBefore(t, agreeCall('ningbo', notice!.id, { amount: '1.00' }))).toEqual([
      409,
      API_ERROR.billApplicationAnswered,
    ]);
    const detail = await dataOf<BillDetail>(
      await billCall(t.app, 'GET', pathOf(BILL_URL.detail, { id: packageId }), token.ningbo),
    );
    expect(detail.events.map((e) => e.type).filter((type) => type.startsWith('recourse'))).toEqual([
      'recourseNotified',
      'recourseWithdrawn',
    ]);
    const log = await t.app.db
      .selectFrom('bill_operations')
      .select(['op_type', 'status'])
      .where('biz_id', '=', notice!.id)
      .orderBy('op_type')
      .execute();
    expect(log).toEqual([
      { op_type: 'apply', status: 'failed' },
      { op_type: 'withdraw', status: 'success' },
    ]);
    // The range is still the holder's under recourse: it may notify the party again.
    expect((await currentHolding(packageId, ORG.suzhou)).circ_status).toBe(CIRCULATION.recourse);
    const [again] = await notify('suzhou', { holdingId, debtorOrgIds: [ORG.ningbo] });
    expect(again).toMatchObject({ status: 'notified' });
  });

  it('refuses before any confirmation a notice answered, the party’s own withdrawal and another organisation’s', async () => {
    const { holdingId } = await refusedAtSuzhou();
    const [notice] = await notify('suzhou', { holdingId, debtorOrgIds: [ORG.ningbo] });
    expect(await refusedBefore(t, withdrawCall('ningbo', notice!.id))).toEqual([403, API_ERROR.forbidden]);
    expect((await refusedBefore(t, withdrawCall('shanghai', notice!.id)))[0]).toBe(404);
    await agree('ningbo', notice!.id, { amount: '1000000.00' });
    const answered = await withdrawCall('suzhou', notice!.id)({});
    expect([answered.statusCode, errorCodeOf(answered)]).toEqual([409, API_ERROR.billApplicationAnswered]);
    expect(answered.json<{ msg: string }>().msg).toBe('被追索人已同意清偿，不能撤回追索通知');
    expect((await list('suzhou', 'side=pursuer')).content[0]).toMatchObject({ actions: ['reject', 'sign'] });
  });

  it('of a withdrawal and a 同意清偿 at once exactly one goes through', async () => {
    const { packageId, holdingId } = await refusedAtSuzhou();
    const [notice] = await notify('suzhou', { holdingId, debtorOrgIds: [ORG.ningbo] });
    const scope =
      (orgId: string, mobile: string) => (trx: Parameters<typeof withdrawRecourse>[0]['trx']) => ({
        trx,
        now: t.app.now(),
        actor: { orgId, userId: userIdOf(mobile) },
        realtime: null,
      });
    const results = await Promise.allSettled([
      t.app.db
        .transaction()
        .execute((trx) => withdrawRecourse(scope(ORG.suzhou, MOBILE.suzhou)(trx), notice!.id)),
      t.app.db.transaction().execute((trx) =>
        agreeRecourse(scope(ORG.ningbo, MOBILE.ningbo)(trx), {
          id: notice!.id,
          amount: '1000000.00',
          clearing: 'SM00',
        }),
      ),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const events = await t.app.db
      .selectFrom('bill_events')
      .select('type')
      .where('package_id', '=', packageId)
      .where('type', 'in', ['recourseWithdrawn', 'recourseAgreed'])
      .execute();
    expect(events).toHaveLength(1);
    const row = await t.app.db
      .selectFrom('recourse_notices')
      .select('status')
      .where('id', '=', notice!.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(events[0]!.type === 'recourseWithdrawn' ? 'withdrawn' : 'agreed');
  });
});

describe('one notice, one transaction', () => {
  it('takes the same notice twice once', async () => {
    const { holdingId } = await refusedAtSuzhou();
    const key = { 'idempotency-key': 'recourse-once-0001' };
    const body = { holdingId, debtorOrgIds: [ORG.ningbo] };
    const first = await confirmed(t, token.suzhou, (headers) =>
      notifyCall('suzhou', body)({ ...headers, ...key }),
    );
    expect(first.statusCode).toBe(201);
    const replay = await confirmed(t, token.suzhou, (headers) =>
      notifyCall('suzhou', body)({ ...headers, ...key }),
    );
    expect(replay.json()).toEqual(first.json());
    expect((await list('suzhou', 'side=pursuer')).totalElements).toBe(1);
  });
});

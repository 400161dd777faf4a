import { BILL_STATUS, CIRCULATION } from '@contract/bills';
import type { Page } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { pathOf } from '@contract/paths';
import { PLEDGE_URL } from '@contract/pledge';
import type { PledgeRecord, SandboxPledge } from '@contract/pledge-schemas';
import { RECOURSE_URL } from '@contract/recourse';
import type { RecourseCandidate, RecourseRecord } from '@contract/recourse-schemas';
import { DEMO_INSTITUTIONS } from '../../../src/db/demo/institutions';
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
  openFunctions,
  ORG,
  signedFor,
  signsPending,
  currentHoldingOf,
  defaultAccountOf,
  sandboxBalanceOf,
  holdingRowOf,
  pledgeRowOf,
} from '../../support/bill-helpers';
import type { TestApp } from '../../support/helpers';
import { pledgedToSpdb, refusedToPledgee } from '../../support/payment-helpers';

const SPDB = DEMO_INSTITUTIONS.spdb;
const FACE = '1000000.00';
const FACE_FEN = 100_000_000;

let t: TestApp;
let token: LedgerTokens;
ledgerAppEach((app) => ({ t, token } = app));

type Org = keyof LedgerTokens;

const currentHolding = (packageId: string, orgId: string) => currentHoldingOf(t, packageId, orgId);
const noticeRow = (id: string) =>
  t.app.db.selectFrom('recourse_notices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const titlesOf = async (orgId: string) =>
  (await t.app.db.selectFrom('plat_messages').select('title').where('org_id', '=', orgId).execute()).map(
    (n) => n.title,
  );
const balanceOf = (accountNo: string) => sandboxBalanceOf(t, accountNo);
const accountOf = (orgId: string) => defaultAccountOf(t, orgId);

// The institution's side, through the sandbox in its place.
const sandboxNotify = (pledgeId: string, payload: object) =>
  t.app.inject({ method: 'POST', url: pathOf(RECOURSE_URL.sandboxNotify, { id: pledgeId }), payload });
const sandboxStanding = (pledgeId: string) =>
  t.app.inject({ method: 'GET', url: pathOf(RECOURSE_URL.sandboxNotify, { id: pledgeId }) });
const sandboxPledgeOf = async (pledgeId: string) =>
  (
    (await t.app.inject({ method: 'GET', url: PLEDGE_URL.sandboxPledges })).json() as {
      data: SandboxPledge[];
    }
  ).data.find((p) => p.id === pledgeId)!;
const sandboxAnswer = (id: string, payload: object) =>
  t.app.inject({ method: 'POST', url: pathOf(RECOURSE_URL.sandboxAnswer, { id }), payload });
const sandboxWithdraw = (id: string) =>
  t.app.inject({ method: 'POST', url: pathOf(RECOURSE_URL.sandboxWithdraw, { id }) });

// The enterprises' side, in the app.
const agreeCall = (as: Org, id: string, body: object) => (headers: Record<string, string>) =>
  billCall(t.app, 'POST', pathOf(RECOURSE_URL.agree, { id }), token[as], body, headers);
const agree = async (as: Org, id: string, body: object) =>
  dataOf<RecourseRecord>(await confirmed(t, token[as], agreeCall(as, id, body)));
const list = async (as: Org, query: string) =>
  dataOf<Page<RecourseRecord>>(await billCall(t.app, 'GET', `${RECOURSE_URL.list}?${query}`, token[as]));
const candidatesOf = async (as: Org) =>
  dataOf<RecourseCandidate[]>(await billCall(t.app, 'GET', RECOURSE_URL.candidates, token[as]));

/**
 * 上海 draws and accepts 1,000,000.00 (due 2026-06-02) to 宁波, which endorses it to 苏州; 苏州 pledges all of
 * it to 浦发, which signs. On the maturity date 浦发 presents it through its adapter and 上海 refuses: the range
 * is 苏州's still, under recourse, the pledge in force.
 */
async function refusedAtPledgee() {
  const detail = await signedFor(t, token, 'shanghai', 'ningbo', issueBody(t, { amount: FACE }));
  const packageId = detail.bill.id;
  const ningbo = await currentHolding(packageId, ORG.ningbo);
  await endorsed(t, MOBILE.ningbo, token.ningbo, {
    holdingId: ningbo.id,
    endorseeOrgId: ORG.suzhou,
    amount: FACE,
  });
  await signsPending(t, token, 'suzhou', packageId);
  await openFunctions(t, MOBILE.suzhou, ORG.suzhou, ['BILL_PLEDGE']);
  const suzhou = await currentHolding(packageId, ORG.suzhou);
  const pledge = await pledgedToSpdb(t, token.suzhou, suzhou.id, FACE);
  const pledged = await currentHolding(packageId, ORG.suzhou);
  expect(pledged.circ_status).toBe(CIRCULATION.pledged);
  // Before the refusal the pledgee has nothing to pursue.
  const early = await sandboxNotify(pledge.id, { debtorOrgIds: [ORG.shanghai] });
  expect([early.statusCode, errorCodeOf(early)]).toEqual([409, API_ERROR.billStateInvalid]);
  const nothing = await sandboxStanding(pledge.id);
  expect([nothing.statusCode, errorCodeOf(nothing)]).toEqual([409, API_ERROR.billStateInvalid]);
  expect((await sandboxPledgeOf(pledge.id)).underRecourse).toBe(false);

  token = await ledgerTokensOn(t, '2026-06-02');
  await refusedToPledgee(t, token, pledge.id, packageId);
  const holding = await holdingRowOf(t, pledged.id);
  expect([holding.org_id, holding.circ_status]).toEqual([ORG.suzhou, CIRCULATION.recourse]);
  return { packageId, pledgeId: pledge.id, holdingId: pledged.id };
}

/** The pledgee's notices, sent through the sandbox: their ids, in the order of the parties named. */
async function pledgeeNotifies(pledgeId: string, debtorOrgIds: string[]): Promise<string[]> {
  const sent = await sandboxNotify(pledgeId, { debtorOrgIds });
  expect(sent.statusCode).toBe(200);
  return (sent.json() as { data: string[] }).data;
}

describe('recourse by a pledgee refused at maturity', () => {
  it('pursues an endorser through its adapter, who agrees in the app and pays 线上: the pledge ends, the payer takes the range and pursues the acceptor', async () => {
    const { packageId, pledgeId, holdingId } = await refusedAtPledgee();
    token = await ledgerTokensOn(t, '2026-06-05');
    const [toNingbo, toShanghai] = (await pledgeeNotifies(pledgeId, [ORG.ningbo, ORG.shanghai])) as [
      string,
      string,
    ];

    // The party pursued sees the institution as its pursuer, with the claim of the day and its answers.
    const [row] = (await list('ningbo', 'side=debtor&status=notified')).content;
    expect(row).toMatchObject({
      id: toNingbo,
      pursuer: { orgId: SPDB.orgId, name: SPDB.name },
      pursuerPledgee: true,
      debtorRole: 'endorser',
      claim: { face: FACE, days: 3 },
      actions: ['agree'],
    });
    expect(await titlesOf(ORG.ningbo)).toContain('追索通知待处理');
    // The notice is the institution's: the pledgor sent none and pursues nothing on the range.
    expect((await noticeRow(toNingbo)).applicant_user_id).toBeNull();
    expect((await list('suzhou', 'side=pursuer')).content).toEqual([]);
    expect((await candidatesOf('suzhou')).filter((c) => c.packageId === packageId)).toEqual([]);

    // The institution refuses the first agreement, signs the second.
    await agree('ningbo', toNingbo, { amount: FACE, clearing: 'SM00' });
    const rejected = await sandboxAnswer(toNingbo, { decision: 'reject', reason: '清偿金额不足' });
    expect(rejected.statusCode).toBe(200);
    expect((await noticeRow(toNingbo)).status).toBe('notified');
    await agree('ningbo', toNingbo, { amount: FACE, clearing: 'SM00' });
    // The sandbox lists the institution's notices with what it may do on each.
    const listed = await t.app.inject({ method: 'GET', url: RECOURSE_URL.sandboxNotices });
    const mine = (listed.json() as { data: RecourseRecord[] }).data.filter((n) => n.packageId === packageId);
    expect(mine.map((n) => [n.id, n.status, n.actions])).toEqual(
      expect.arrayContaining([
        [toNingbo, 'agreed', ['reject', 'sign']],
        [toShanghai, 'notified', ['withdraw']],
      ]),
    );
    expect(mine).toHaveLength(2);
    const ningboBefore = await balanceOf(await accountOf(ORG.ningbo));
    const spdbBefore = await balanceOf(SPDB.accountNo);
    const signed = await sandboxAnswer(toNingbo, { decision: 'sign' });
    expect(signed.statusCode).toBe(200);
    expect(await balanceOf(await accountOf(ORG.ningbo))).toBe(ningboBefore - FACE_FEN);
    expect(await balanceOf(SPDB.accountNo)).toBe(spdbBefore + FACE_FEN);

    // The pledge ends as a paid one does; the range leaves the pledgor for the payer, under recourse.
    const pledge = await pledgeRowOf(t, pledgeId);
    expect(pledge.released_at).not.toBeNull();
    expect(pledge.paid_at).not.toBeNull();
    expect((await holdingRowOf(t, holdingId)).ended_at).not.toBeNull();
    const taken = await currentHolding(packageId, ORG.ningbo);
    expect([taken.bill_status, taken.circ_status, Number(taken.amount_fen)]).toEqual([
      BILL_STATUS.received,
      CIRCULATION.recourse,
      FACE_FEN,
    ]);
    expect(await titlesOf(ORG.suzhou)).toContain('质押票据已追索清偿');
    const [suzhouPledge] = (
      await dataOf<Page<PledgeRecord>>(await billCall(t.app, 'GET', PLEDGE_URL.list, token.suzhou))
    ).content;
    expect(suzhouPledge!.status).toBe('paid');
    // The institution's other notice ends with the payment.
    expect((await noticeRow(toShanghai)).status).toBe('closed');

    // 宁波 pursues the acceptor in its own right; the sandbox cannot act on an enterprise's notice.
    const [candidate] = (await candidatesOf('ningbo')).filter((c) => c.packageId === packageId);
    expect(candidate!.parties.map((d) => d.orgId)).toEqual([ORG.shanghai]);
    const [own] = await dataOf<RecourseRecord[]>(
      await confirmed(t, token.ningbo, (headers) =>
        billCall(
          t.app,
          'POST',
          RECOURSE_URL.notify,
          token.ningbo,
          { holdingId: taken.id, debtorOrgIds: [ORG.shanghai] },
          headers,
        ),
      ),
      201,
    );
    expect(own!.pursuerPledgee).toBe(false);
    const institutions = await t.app.inject({ method: 'GET', url: RECOURSE_URL.sandboxNotices });
    expect((institutions.json() as { data: RecourseRecord[] }).data.map((n) => n.id)).not.toContain(own!.id);
    const foreign = await sandboxWithdraw(own!.id);
    expect([foreign.statusCode, errorCodeOf(foreign)]).toEqual([404, API_ERROR.notFound]);
    await agree('shanghai', own!.id, { amount: FACE, clearing: 'SM01' });
    expect(
      (
        await confirmed(t, token.ningbo, (headers) =>
          billCall(
            t.app,
            'POST',
            pathOf(RECOURSE_URL.sign, { id: own!.id }),
            token.ningbo,
            undefined,
            headers,
          ),
        )
      ).statusCode,
    ).toBe(200);
    const settled = await currentHolding(packageId, ORG.ningbo);
    expect([settled.bill_status, settled.circ_status]).toEqual([BILL_STATUS.settled, CIRCULATION.ended]);
  });

  it('is paid by the acceptor 线下: the range is settled where the pledgor holds it and the pledge ends with it', async () => {
    const { pledgeId, holdingId } = await refusedAtPledgee();
    const [id] = await pledgeeNotifies(pledgeId, [ORG.shanghai]);
    expect((await list('shanghai', 'side=debtor')).content[0]).toMatchObject({
      pursuer: { orgId: SPDB.orgId },
      debtorRole: 'acceptor',
    });
    await agree('shanghai', id!, { amount: FACE, clearing: 'SM01' });
    expect((await sandboxAnswer(id!, { decision: 'sign' })).statusCode).toBe(200);
    const settled = await holdingRowOf(t, holdingId);
    expect([settled.org_id, settled.bill_status, settled.circ_status, settled.ended_at]).toEqual([
      ORG.suzhou,
      BILL_STATUS.settled,
      CIRCULATION.ended,
      null,
    ]);
    expect((await pledgeRowOf(t, pledgeId)).paid_at).not.toBeNull();
    expect((await noticeRow(id!)).status).toBe('paid');
  });

  it('shows the sandbox page what the pledgee may pursue: the parties before the pledgor, its window and the claim of the day', async () => {
    const { packageId, pledgeId, holdingId } = await refusedAtPledgee();
    expect((await sandboxPledgeOf(pledgeId)).underRecourse).toBe(true);
    token = await ledgerTokensOn(t, '2026-06-05');
    const standing = await sandboxStanding(pledgeId);
    expect(standing.statusCode).toBe(200);
    const candidate = await dataOf<RecourseCandidate>(standing);
    expect(candidate).toMatchObject({
      holdingId,
      packageId,
      amount: FACE,
      dueDate: '2026-06-02',
      kind: 'BC14',
      since: '2026-06-02',
      lastDay: '2026-12-02',
      overdue: false,
      agreementPending: false,
    });
    // Never the pledgor (苏州): the acceptor and drawer 上海, the endorser 宁波.
    expect(candidate.parties.map((p) => [p.orgId, p.role])).toEqual(
      expect.arrayContaining([
        [ORG.shanghai, 'acceptor'],
        [ORG.ningbo, 'endorser'],
      ]),
    );
    expect(candidate.parties.map((p) => p.orgId)).not.toContain(ORG.suzhou);
    // Interest at the platform's rate from maturity to today: 3 days on 1,000,000.00 at 4.35% / 360.
    expect(candidate.claim).toMatchObject({
      basis: 'face',
      face: FACE,
      interestFrom: '2026-06-02',
      interestTo: '2026-06-05',
      days: 3,
      interest: '362.50',
      costs: '0.00',
      total: '1000362.50',
    });
    const missing = await sandboxStanding('no-such-pledge');
    expect([missing.statusCode, errorCodeOf(missing)]).toEqual([404, API_ERROR.notFound]);
  });

  it('reaches only the parties before the pledgor, only for an institution, and only the party pursued answers', async () => {
    const { packageId, pledgeId } = await refusedAtPledgee();
    // The pledgor is no party of the pledgee's recourse; nor is an organisation off the bill.
    const pledgor = await sandboxNotify(pledgeId, { debtorOrgIds: [ORG.suzhou] });
    expect([pledgor.statusCode, errorCodeOf(pledgor)]).toEqual([400, API_ERROR.recourseDebtorInvalid]);
    const missing = await sandboxNotify('no-such-pledge', { debtorOrgIds: [ORG.shanghai] });
    expect([missing.statusCode, errorCodeOf(missing)]).toEqual([404, API_ERROR.notFound]);
    // The pledgor cannot pursue on the pledgee's refusal.
    const pledged = await candidateHolding();
    const suzhou = await confirmed(t, token.suzhou, (headers) =>
      billCall(
        t.app,
        'POST',
        RECOURSE_URL.notify,
        token.suzhou,
        { holdingId: pledged.id, debtorOrgIds: [ORG.shanghai] },
        headers,
      ),
    );
    expect([suzhou.statusCode, errorCodeOf(suzhou)]).toEqual([409, API_ERROR.billStateInvalid]);

    const [id] = await pledgeeNotifies(pledgeId, [ORG.ningbo]);
    // Another organisation's 同意清偿 of the notice answers as for a missing notice.
    const other = await confirmed(t, token.shanghai, agreeCall('shanghai', id!, { amount: FACE }));
    expect([other.statusCode, errorCodeOf(other)]).toEqual([404, API_ERROR.notFound]);
    expect((await list('shanghai', 'side=debtor')).content.filter((r) => r.packageId === packageId)).toEqual(
      [],
    );
    // Nothing agreed yet: nothing to sign. Withdrawn, the party's to-do closes and it cannot agree.
    const early = await sandboxAnswer(id!, { decision: 'sign' });
    expect(early.statusCode).toBe(409);
    expect((await sandboxWithdraw(id!)).statusCode).toBe(200);
    const late = await confirmed(t, token.ningbo, agreeCall('ningbo', id!, { amount: FACE }));
    expect(late.statusCode).toBe(409);
    expect((await noticeRow(id!)).status).toBe('withdrawn');
    const unknown = await sandboxAnswer('no-such-notice', { decision: 'sign' });
    expect([unknown.statusCode, errorCodeOf(unknown)]).toEqual([404, API_ERROR.notFound]);
  });

  it('pays once of two signatures at once', async () => {
    const { pledgeId } = await refusedAtPledgee();
    const [id] = await pledgeeNotifies(pledgeId, [ORG.ningbo]);
    await agree('ningbo', id!, { amount: FACE, clearing: 'SM00' });
    const before = await balanceOf(SPDB.accountNo);
    const answers = await Promise.all([
      sandboxAnswer(id!, { decision: 'sign' }),
      sandboxAnswer(id!, { decision: 'sign' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await balanceOf(SPDB.accountNo)).toBe(before + FACE_FEN);
    expect((await noticeRow(id!)).status).toBe('paid');
  });
});

/** 苏州's holding of the range the pledgee pursues for (the refused bill is the only one it holds). */
const candidateHolding = () =>
  t.app.db
    .selectFrom('bill_holdings')
    .selectAll()
    .where('org_id', '=', ORG.suzhou)
    .where('ended_at', 'is', null)
    .where('circ_status', '=', CIRCULATION.recourse)
    .executeTakeFirstOrThrow();

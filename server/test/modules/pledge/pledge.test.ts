import { BILL_URL } from '@contract/bills';
import type { BillDetail, Holding } from '@contract/bills-schemas';
import { DISCOUNT_URL } from '@contract/discount';
import type { Page } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { EXPORT_KIND } from '@contract/export';
import { pathOf } from '@contract/paths';
import { PLEDGE_MINE_LINK, PLEDGE_URL } from '@contract/pledge';
import type { PledgeRecord, SandboxPledge } from '@contract/pledge-schemas';
import { type SandboxInstitutionGateway } from '../../../src/adapters/institution/sandbox';
import { ApiFailure } from '../../../src/lib/errors';
import type { Actor, CommandScope } from '../../../src/modules/bills/service';
import { answerRelease, withdrawRelease } from '../../../src/modules/pledge/commands';
import { DEMO_INSTITUTIONS } from '../../../src/db/demo/institutions';
import {
  billCall,
  challengeCount,
  confirmed,
  dataOf,
  endorsed,
  errorCodeOf,
  heldAfterSigning,
  heldIn,
  institutionAnswers,
  issueBody,
  ledgerAppEach,
  type LedgerTokens,
  ledgerTokens,
  MOBILE,
  openFunctions,
  ORG,
  pendingIn,
  refusedBefore,
  userIdOf,
} from '../../support/bill-helpers';
import { exportedRows } from '../../support/export-helpers';
import type { TestApp } from '../../support/helpers';

const SPDB = DEMO_INSTITUTIONS.spdb;
const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
let token: LedgerTokens;
let institutions: SandboxInstitutionGateway;

ledgerAppEach((app) => {
  ({ t, token } = app);
  institutions = t.app.adapters.institution as SandboxInstitutionGateway;
});

/** Shanghai issues 1,000,000.00 accepted by itself to Ningbo, which signs: Ningbo holds it, received. */
const heldByNingbo = (fields: Parameters<typeof issueBody>[1] = {}) =>
  heldAfterSigning(t, token, 'shanghai', 'ningbo', issueBody(t, fields));

const applyBody = (holding: Pick<Holding, 'id'>, fields: object = {}) => ({
  holdingId: holding.id,
  institutionOrgId: SPDB.orgId,
  amount: '400000.00',
  ...fields,
});
const apply =
  (body: object, accessToken = token.ningbo) =>
  (headers: Record<string, string> = {}) =>
    billCall(t.app, 'POST', PLEDGE_URL.apply, accessToken, body, headers);
const pledged = async (body: object) =>
  dataOf<PledgeRecord>(await confirmed(t, token.ningbo, apply(body)), 201);
const ningboOpensPledge = () => openFunctions(t, MOBILE.ningbo, ORG.ningbo, ['BILL_PLEDGE']);

const detailOf = async (packageId: string, accessToken = token.ningbo) =>
  dataOf<BillDetail>(await billCall(t.app, 'GET', pathOf(BILL_URL.detail, { id: packageId }), accessToken));
const current = async (packageId: string) =>
  (await detailOf(packageId)).holdings.filter((h) => h.endedAt === null);
const pledges = async (query = '', accessToken = token.ningbo) =>
  dataOf<Page<PledgeRecord>>(await billCall(t.app, 'GET', `${PLEDGE_URL.list}${query}`, accessToken));

/** The sandbox institution asks the pledgor to release, as a developer does on the sandbox page. */
const askRelease = (id: string) =>
  t.app.inject({ method: 'POST', url: pathOf(PLEDGE_URL.sandboxRelease, { id }) });
const releaseSign =
  (id: string, accessToken = token.ningbo) =>
  (headers: Record<string, string>) =>
    billCall(t.app, 'POST', pathOf(PLEDGE_URL.releaseSign, { id }), accessToken, undefined, headers);
const releaseRefuse =
  (id: string, reason: string, accessToken = token.ningbo) =>
  (headers: Record<string, string>) =>
    billCall(t.app, 'POST', pathOf(PLEDGE_URL.releaseRefuse, { id }), accessToken, { reason }, headers);

/** A pledge of the front 400,000.00 that the institution has signed. */
async function inForce() {
  const { detail, holding } = await heldByNingbo();
  const record = await pledged(applyBody(holding));
  await institutionAnswers(t);
  return { detail, record };
}

describe('质押 needs 票据质押 opened', () => {
  it('refuses an organisation that has not opened it before any confirmation is asked for', async () => {
    const { holding } = await heldByNingbo();
    const before = await challengeCount(t);
    const closed = await apply(applyBody(holding))();
    expect(closed.statusCode).toBe(409);
    expect(errorCodeOf(closed)).toBe(API_ERROR.functionNotOpened);
    expect(closed.json<{ msg: string }>().msg).toContain('「票据质押」');
    expect(await challengeCount(t)).toBe(before);

    await ningboOpensPledge();
    expect([406, 412]).toContain((await apply(applyBody(holding))()).statusCode);
  });
});

describe('质押', () => {
  beforeEach(ningboOpensPledge);

  it('refuses a mistake before any confirmation is asked for', async () => {
    const { holding } = await heldByNingbo();
    const refusals: Array<[object, number, string]> = [
      [{ institutionOrgId: ORG.shanghai }, 400, API_ERROR.billCounterpartyInvalid],
      [{ institutionOrgId: 'no-such-org' }, 400, API_ERROR.billCounterpartyInvalid],
      [{ amount: '1000000.01' }, 400, API_ERROR.amountInvalid],
      [{ amount: '0' }, 400, API_ERROR.amountInvalid],
      [{ amount: '1.001' }, 400, API_ERROR.amountInvalid],
      [{ holdingId: 'not-a-holding' }, 404, API_ERROR.notFound],
    ];
    for (const [fields, status, code] of refusals) {
      expect(await refusedBefore(t, apply(applyBody(holding, fields))), JSON.stringify(fields)).toEqual([
        status,
        code,
      ]);
    }
    expect((await apply(applyBody(holding, { amount: 400000 }))()).statusCode).toBe(400);
    // Another organisation's holding answers as a missing one.
    const foreign = await apply(applyBody(holding), token.suzhou)();
    expect(foreign.statusCode).not.toBe(406);
    expect([404, 409]).toContain(foreign.statusCode);
  });

  it('refuses a 不得转让 bill, a part of a bill that may not be split, and a matured bill', async () => {
    const fixed = await heldByNingbo({ noTransfer: true });
    expect(errorCodeOf(await apply(applyBody(fixed.holding))())).toBe(API_ERROR.billNotTransferable);
    const whole = await heldByNingbo({ splittable: false });
    expect(errorCodeOf(await apply(applyBody(whole.holding))())).toBe(API_ERROR.amountInvalid);
    expect([406, 412]).toContain(
      (await apply(applyBody(whole.holding, { amount: '1000000.00' }))()).statusCode,
    );
    const due = await heldByNingbo();
    t.clock.advance(200 * DAY_MS);
    token = await ledgerTokens(t);
    expect(errorCodeOf(await apply(applyBody(due.holding))())).toBe(API_ERROR.billStateInvalid);
  });

  it('locks the front part; the institution signs; the holder keeps it pledged and can do nothing with it', async () => {
    const { detail, holding } = await heldByNingbo();
    const record = await pledged(applyBody(holding, { remark: '流贷质押' }));
    expect(record).toMatchObject({
      packageId: detail.bill.id,
      amount: '400000.00',
      institution: { orgId: SPDB.orgId, name: SPDB.name },
      status: 'pending',
      remark: '流贷质押',
      actions: ['withdraw'],
    });
    const locked = await current(detail.bill.id);
    expect(locked.map((h) => [h.amount, h.circulation])).toEqual([
      ['400000.00', 'TF0302'],
      ['600000.00', 'TF0301'],
    ]);

    await institutionAnswers(t);
    const [signed] = (await pledges()).content;
    expect(signed).toMatchObject({ id: record.id, status: 'pledged', actions: [] });
    expect(signed!.pledgedAt).not.toBeNull();
    const after = await current(detail.bill.id);
    expect(after.map((h) => [h.amount, h.billStatus, h.circulation, h.actions])).toEqual([
      ['400000.00', 'CS03', 'TF0304', []],
      ['600000.00', 'CS03', 'TF0301', ['endorse', 'pledge', 'presentPayment']],
    ]);
    expect(after.map((h) => h.pledgee)).toEqual([{ orgId: SPDB.orgId, name: SPDB.name }, undefined]);
    // Still the holder's: in its held list.
    const held = await heldIn(t, token.ningbo, detail.bill.id);
    expect(held.map((h) => h.amount).sort()).toEqual(['400000.00', '600000.00']);

    // Neither endorsed, discounted nor pledged again, refused before any confirmation.
    await openFunctions(t, MOBILE.ningbo, ORG.ningbo, ['BILL_DISCOUNT']);
    const before = await challengeCount(t);
    const attempts = [
      billCall(t.app, 'POST', BILL_URL.endorse, token.ningbo, {
        holdingId: after[0]!.id,
        endorseeOrgId: ORG.suzhou,
        amount: '400000.00',
      }),
      billCall(t.app, 'POST', DISCOUNT_URL.apply, token.ningbo, {
        holdingId: after[0]!.id,
        institutionOrgId: SPDB.orgId,
        amount: '400000.00',
        annualRate: '2.0000',
        interestPayer: 'PT02',
        clearing: 'SM01',
      }),
      apply(applyBody(after[0]!))(),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(409);
      expect(errorCodeOf(response)).toBe(API_ERROR.billStateInvalid);
      expect(response.json<{ msg: string }>().msg).toContain('已质押');
    }
    expect(await challengeCount(t)).toBe(before);

    const chain = (await detailOf(detail.bill.id)).events.filter((e) => e.kind === 'pledge');
    expect(chain.map((e) => [e.label, e.to?.name, e.amount])).toEqual([
      ['质押', SPDB.name, '400000.00'],
      ['质押签收', SPDB.name, '400000.00'],
    ]);
    const notice = await t.app.db
      .selectFrom('plat_messages')
      .select(['title', 'content'])
      .where('org_id', '=', ORG.ningbo)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(notice.title).toBe('质押已签收');
    expect(notice.content).toContain(SPDB.name);
    const operations = await t.app.db
      .selectFrom('bill_operations')
      .select(['biz_type', 'status'])
      .where('biz_id', '=', record.id)
      .execute();
    expect(operations).toEqual([{ biz_type: 'pledge', status: 'success' }]);
  });

  it('returns the range when the institution refuses, with its reason', async () => {
    const { detail, holding } = await heldByNingbo();
    const record = await pledged(applyBody(holding));
    expect(await institutions.answerByHand(record.id, { decision: 'refuse', reason: 'over_limit' })).toBe(
      true,
    );
    const [refused] = (await pledges('?status=refused')).content;
    expect(refused).toMatchObject({ id: record.id, status: 'refused', reason: '金额超过本行单张票据额度' });
    expect((await current(detail.bill.id)).map((h) => [h.amount, h.circulation])).toEqual([
      ['1000000.00', 'TF0301'],
    ]);
  });

  it('takes the sandbox policy: an amount above the institution’s limit is refused', async () => {
    const { detail, holding } = await heldByNingbo({ amount: '6000000.00' });
    await pledged(applyBody(holding, { amount: '5500000.00' }));
    await institutionAnswers(t);
    expect((await pledges()).content[0]).toMatchObject({ status: 'refused' });
    expect((await current(detail.bill.id)).map((h) => h.circulation)).toEqual(['TF0301']);
  });

  it('withdraws before the answer: the range returns and the institution answers it no longer', async () => {
    const { detail, holding } = await heldByNingbo();
    const record = await pledged(applyBody(holding));
    const url = pathOf(PLEDGE_URL.withdraw, { id: record.id });
    const withdrawn = await dataOf<PledgeRecord>(
      await confirmed(t, token.ningbo, (headers) =>
        billCall(t.app, 'POST', url, token.ningbo, undefined, headers),
      ),
    );
    expect(withdrawn.status).toBe('withdrawn');
    await institutionAnswers(t);
    expect((await pledges()).content[0]!.status).toBe('withdrawn');
    expect((await current(detail.bill.id)).map((h) => [h.amount, h.circulation])).toEqual([
      ['1000000.00', 'TF0301'],
    ]);
    expect((await billCall(t.app, 'POST', url, token.ningbo)).statusCode).toBe(409);
  });

  it('answers a withdrawal of another organisation’s pledge, or of an application that is no pledge, as of a missing one', async () => {
    const { holding } = await heldByNingbo();
    const record = await pledged(applyBody(holding));
    const other = await heldByNingbo();
    const endorsement = await endorsed(t, MOBILE.ningbo, token.ningbo, {
      holdingId: other.holding.id,
      endorseeOrgId: ORG.suzhou,
      amount: '1000000.00',
    });
    const withdraw = (id: string, accessToken: string) => (headers: Record<string, string>) =>
      billCall(t.app, 'POST', pathOf(PLEDGE_URL.withdraw, { id }), accessToken, undefined, headers);
    const missing = await withdraw('no-such-pledge', token.ningbo)({});
    expect([missing.statusCode, errorCodeOf(missing)]).toEqual([404, API_ERROR.notFound]);
    await openFunctions(t, MOBILE.suzhou, ORG.suzhou, ['BILL_PLEDGE']);
    for (const [id, accessToken] of [
      [record.id, token.suzhou],
      [endorsement.id, token.ningbo],
      [endorsement.id, token.suzhou],
    ] as const) {
      expect(await refusedBefore(t, withdraw(id, accessToken))).toEqual([404, API_ERROR.notFound]);
      const again = await withdraw(id, accessToken)({});
      expect(again.json<{ msg: string }>().msg).toBe(missing.json<{ msg: string }>().msg);
    }
    expect((await pledges()).content.map((p) => [p.id, p.status])).toEqual([[record.id, 'pending']]);
    expect((await pendingIn(t, token.suzhou, other.detail.bill.id)).map((a) => a.id)).toEqual([
      endorsement.id,
    ]);
  });

  it('lets exactly one of the institution’s 签收 and the holder’s withdrawal through', async () => {
    const { detail, holding } = await heldByNingbo();
    const record = await pledged(applyBody(holding));
    const url = pathOf(PLEDGE_URL.withdraw, { id: record.id });
    const [withdrawal] = await Promise.all([
      confirmed(t, token.ningbo, (headers) => billCall(t.app, 'POST', url, token.ningbo, undefined, headers)),
      institutions.answerByHand(record.id, { decision: 'sign' }),
    ]);
    const [final] = (await pledges()).content;
    const holdings = await current(detail.bill.id);
    if (withdrawal.statusCode === 200) {
      expect(final!.status).toBe('withdrawn');
      expect(holdings.map((h) => h.circulation)).toEqual(['TF0301']);
    } else {
      expect(withdrawal.statusCode).toBe(409);
      expect(final!.status).toBe('pledged');
      expect(holdings.map((h) => h.circulation)).toEqual(['TF0304', 'TF0301']);
    }
  });

  it('takes an institution’s 签收 on or after maturity as a refusal', async () => {
    const { detail, holding } = await heldByNingbo();
    const record = await pledged(applyBody(holding));
    t.clock.advance(200 * DAY_MS);
    token = await ledgerTokens(t);
    expect(await institutions.answerByHand(record.id, { decision: 'sign' })).toBe(true);
    const [late] = (await pledges()).content;
    expect(late).toMatchObject({ status: 'refused' });
    expect(late!.reason).toContain('已到期');
    expect((await current(detail.bill.id)).map((h) => h.circulation)).toEqual(['TF0301']);
  });
});

describe('质押解除', () => {
  beforeEach(ningboOpensPledge);

  it('the pledgee asks, the pledgor refuses and then signs: the range is negotiable and whole again', async () => {
    const { detail, record } = await inForce();
    const sandboxList = await t.app.inject({ method: 'GET', url: PLEDGE_URL.sandboxPledges });
    expect(sandboxList.json<{ data: SandboxPledge[] }>().data.find((p) => p.id === record.id)).toMatchObject({
      status: 'pledged',
      institutionName: SPDB.name,
      amount: '400000.00',
    });

    expect((await askRelease(record.id)).statusCode).toBe(200);
    expect((await askRelease(record.id)).statusCode).toBe(409);
    const [releasing] = (await pledges('?status=releasing')).content;
    expect(releasing).toMatchObject({ id: record.id, actions: ['releaseSign', 'releaseRefuse'] });
    const todo = await t.app.db
      .selectFrom('plat_messages')
      .select(['title', 'link', 'closed_at'])
      .where('org_id', '=', ORG.ningbo)
      .where('title', '=', '质押解除待签收')
      .executeTakeFirstOrThrow();
    expect(todo).toMatchObject({ link: PLEDGE_MINE_LINK, closed_at: null });

    // 驳回 needs a reason, asked before any confirmation.
    const before = await challengeCount(t);
    expect((await releaseRefuse(record.id, '')({})).statusCode).toBe(400);
    expect(await challengeCount(t)).toBe(before);
    const refused = await dataOf<PledgeRecord>(
      await confirmed(t, token.ningbo, releaseRefuse(record.id, '贷款尚未结清')),
    );
    expect(refused.status).toBe('pledged');
    expect((await current(detail.bill.id)).map((h) => h.circulation)).toEqual(['TF0304', 'TF0301']);
    const closed = await t.app.db
      .selectFrom('plat_messages')
      .select('closed_at')
      .where('org_id', '=', ORG.ningbo)
      .where('title', '=', '质押解除待签收')
      .executeTakeFirstOrThrow();
    expect(closed.closed_at).not.toBeNull();
    // Nothing waits any more: answering again is refused before a confirmation.
    expect(errorCodeOf(await releaseSign(record.id)({}))).toBe(API_ERROR.billApplicationAnswered);

    expect((await askRelease(record.id)).statusCode).toBe(200);
    const signed = await dataOf<PledgeRecord>(await confirmed(t, token.ningbo, releaseSign(record.id)));
    expect(signed).toMatchObject({ status: 'released', actions: [] });
    expect(signed.releasedAt).not.toBeNull();
    const back = await current(detail.bill.id);
    expect(back.map((h) => [h.amount, h.circulation, h.actions])).toEqual([
      ['1000000.00', 'TF0301', ['endorse', 'pledge', 'presentPayment']],
    ]);
    expect((await askRelease(record.id)).statusCode).toBe(409);

    const full = await detailOf(detail.bill.id);
    const ningbo = full.face.payee.name;
    const chain = full.events.filter((e) => e.kind === 'pledgeRelease');
    expect(chain.map((e) => [e.label, e.from?.name, e.to?.name, e.reason])).toEqual([
      ['质押解除', SPDB.name, ningbo, null],
      ['驳回', SPDB.name, ningbo, '贷款尚未结清'],
      ['质押解除', SPDB.name, ningbo, null],
      ['质押解除签收', SPDB.name, ningbo, null],
    ]);
  });

  it('lets exactly one of the pledgor’s 签收, its 驳回 and the pledgee’s withdrawal through', async () => {
    const { detail, record } = await inForce();
    expect((await askRelease(record.id)).statusCode).toBe(200);
    const pledgor: Actor = { orgId: ORG.ningbo, userId: userIdOf(MOBILE.ningbo) };
    const run = (actor: Actor, act: (scope: CommandScope) => Promise<unknown>) =>
      t.app.db.transaction().execute((trx) => act({ trx, now: t.app.now(), actor, realtime: null }));
    const outcomes = await Promise.allSettled([
      run(pledgor, (scope) => answerRelease(scope, { pledgeId: record.id, decision: 'sign' })),
      run(pledgor, (scope) =>
        answerRelease(scope, { pledgeId: record.id, decision: 'refuse', reason: '不同意' }),
      ),
      run({ orgId: SPDB.orgId, userId: null }, (scope) => withdrawRelease(scope, record.id)),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const failed of outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected')) {
      expect(failed.reason).toBeInstanceOf(ApiFailure);
      expect((failed.reason as ApiFailure).status).toBe(409);
    }
    const [final] = (await pledges()).content;
    const holdings = await current(detail.bill.id);
    if (final!.status === 'released') expect(holdings.map((h) => h.circulation)).toEqual(['TF0301']);
    else {
      expect(final!.status).toBe('pledged');
      expect(holdings.map((h) => h.circulation)).toEqual(['TF0304', 'TF0301']);
    }
    const releases = await t.app.db
      .selectFrom('bill_pledge_releases')
      .select('status')
      .where('pledge_id', '=', record.id)
      .execute();
    expect(releases).toHaveLength(1);
    expect(releases[0]!.status).not.toBe('pending');
  });

  it('is asked before maturity only, and never signed on or after it', async () => {
    const { record } = await inForce();
    expect((await askRelease(record.id)).statusCode).toBe(200);
    t.clock.advance(200 * DAY_MS);
    token = await ledgerTokens(t);
    expect(errorCodeOf(await releaseSign(record.id)({}))).toBe(API_ERROR.billMatured);
    expect((await pledges()).content[0]!.actions).toEqual(['releaseRefuse']);
    await dataOf(await confirmed(t, token.ningbo, releaseRefuse(record.id, '已到期')));
    const late = await askRelease(record.id);
    expect(late.statusCode).toBe(409);
    expect(late.json<{ msg: string }>().msg).toContain('已到期');
  });

  it('shows another organisation nothing of a pledge', async () => {
    const { record } = await inForce();
    expect((await pledges('', token.suzhou)).totalElements).toBe(0);
    await openFunctions(t, MOBILE.suzhou, ORG.suzhou, ['BILL_PLEDGE']);
    expect((await askRelease(record.id)).statusCode).toBe(200);
    for (const send of [
      releaseSign(record.id, token.suzhou),
      releaseRefuse(record.id, '不同意', token.suzhou),
      (headers: Record<string, string>) =>
        billCall(
          t.app,
          'POST',
          pathOf(PLEDGE_URL.withdraw, { id: record.id }),
          token.suzhou,
          undefined,
          headers,
        ),
    ]) {
      const response = await send({});
      expect(response.statusCode).toBe(404);
    }
    expect((await askRelease('no-such-pledge')).statusCode).toBe(404);
  });

  it('filters the list by status, institution and bill number', async () => {
    const { detail, record } = await inForce();
    expect((await pledges('?status=pledged')).content.map((p) => p.id)).toEqual([record.id]);
    expect((await pledges('?status=pending')).totalElements).toBe(0);
    expect((await pledges(`?institutionOrgId=${SPDB.orgId}`)).totalElements).toBe(1);
    expect((await pledges(`?institutionOrgId=${DEMO_INSTITUTIONS.cmb.orgId}`)).totalElements).toBe(0);
    const no = detail.bill.packageNo.slice(10, 20);
    expect((await pledges(`?packageNo=${no}`)).totalElements).toBe(1);
    expect((await pledges('?packageNo=999999999')).totalElements).toBe(0);
    // A page past the end still says how many the filter holds.
    expect(await pledges(`?status=pledged&size=1&page=3`)).toMatchObject({ totalElements: 1, content: [] });
    expect(
      (await billCall(t.app, 'GET', `${PLEDGE_URL.list}?status=nonsense`, token.ningbo)).statusCode,
    ).toBe(400);
  });
});

describe('我的质押 exported', () => {
  beforeEach(ningboOpensPledge);

  it('writes the filtered list as xlsx, each pledge with its pledgee and times, and refuses a status it has not', async () => {
    const { detail, record } = await inForce();
    const second = await heldByNingbo();
    await pledged(applyBody(second.holding, { amount: '1000000.00', remark: '流贷' }));

    const all = await exportedRows(t, token.ningbo, { kind: EXPORT_KIND.pledges });
    expect(all[0]).toEqual([
      '票据包号',
      '子票区间',
      '质押金额（元）',
      '承兑人',
      '到期日',
      '质权人',
      '状态',
      '原因',
      '备注',
      '申请时间',
      '质押时间',
      '解除申请时间',
      '解除时间',
    ]);
    expect(all.slice(1).map((row) => [row[0], row[2], row[6], row[8]])).toEqual([
      [second.detail.bill.packageNo, '1000000.00', '质押待签收', '流贷'],
      [detail.bill.packageNo, '400000.00', '已质押', ''],
    ]);

    const inForceOnly = await exportedRows(t, token.ningbo, {
      kind: EXPORT_KIND.pledges,
      params: { billStatus: 'pledged', institutionOrgId: SPDB.orgId },
    });
    expect(inForceOnly).toHaveLength(2);
    const [row] = inForceOnly.slice(1);
    expect(row!.slice(0, 7)).toEqual([
      detail.bill.packageNo,
      record.range,
      '400000.00',
      record.acceptorName,
      record.maturityDate,
      SPDB.name,
      '已质押',
    ]);
    expect(row![9]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(row![10]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(row![12]).toBe('');

    expect(
      await exportedRows(t, token.ningbo, {
        kind: EXPORT_KIND.pledges,
        params: { packageNo: '999999999' },
      }),
    ).toHaveLength(1);
    // Another organisation's export holds none of Ningbo's pledges.
    expect(await exportedRows(t, token.suzhou, { kind: EXPORT_KIND.pledges })).toHaveLength(1);

    const refused = await billCall(t.app, 'POST', '/api/export-tasks', token.ningbo, {
      kind: EXPORT_KIND.pledges,
      params: { billStatus: 'signed' },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(errorCodeOf(refused)).toBe(API_ERROR.badRequest);
  });
});

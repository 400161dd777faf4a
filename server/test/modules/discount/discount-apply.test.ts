import { BILL_URL } from '@contract/bills';
import type { BillDetail, Holding } from '@contract/bills-schemas';
import { DISCOUNT_URL } from '@contract/discount';
import type { DiscountRecord } from '@contract/discount-schemas';
import type { Page } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { pathOf } from '@contract/paths';
import { SETTLEMENT_URL } from '@contract/settlement';
import type { SettlementStatement } from '@contract/settlement-schemas';
import { type SandboxInstitutionGateway } from '../../../src/adapters/institution/sandbox';
import { DEMO_INSTITUTIONS } from '../../../src/db/demo/institutions';
import {
  billCall,
  challengeCount,
  confirmed,
  dataOf,
  errorCodeOf,
  heldAfterSigning,
  institutionAnswers,
  issueBody,
  ledgerAppEach,
  type LedgerTokens,
  ledgerTokens,
  MOBILE,
  openFunctions,
  ORG,
  refusedBefore,
} from '../../support/bill-helpers';
import type { TestApp } from '../../support/helpers';

const SPDB = DEMO_INSTITUTIONS.spdb;

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

const applyBody = (holding: Holding, fields: object = {}) => ({
  holdingId: holding.id,
  institutionOrgId: SPDB.orgId,
  amount: '400000.00',
  annualRate: '2.0000',
  interestPayer: 'PT02',
  clearing: 'SM00',
  ...fields,
});
const apply =
  (body: object) =>
  (headers: Record<string, string> = {}) =>
    billCall(t.app, 'POST', DISCOUNT_URL.apply, token.ningbo, body, headers);
const applied = async (body: object) =>
  dataOf<DiscountRecord>(await confirmed(t, token.ningbo, apply(body)), 201);
/** Ningbo opens 票据贴现 through the function command; the demo leaves it to Ningbo's administrator. */
const ningboOpensDiscount = () => openFunctions(t, MOBILE.ningbo, ORG.ningbo, ['BILL_DISCOUNT']);

const detailOf = async (packageId: string) =>
  dataOf<BillDetail>(await billCall(t.app, 'GET', pathOf(BILL_URL.detail, { id: packageId }), token.ningbo));
const statementOf = async (accessToken: string) =>
  dataOf<SettlementStatement>(await billCall(t.app, 'GET', SETTLEMENT_URL.statement, accessToken));
const discounts = async (query = '') =>
  dataOf<Page<DiscountRecord>>(await billCall(t.app, 'GET', `${DISCOUNT_URL.list}${query}`, token.ningbo));

describe('贴现 needs 票据贴现 opened', () => {
  it('refuses an organisation that has not opened it before any confirmation is asked for', async () => {
    const { holding } = await heldByNingbo();
    const before = await challengeCount(t);
    const closed = await apply(applyBody(holding))();
    expect(closed.statusCode).toBe(409);
    expect(errorCodeOf(closed)).toBe(API_ERROR.functionNotOpened);
    expect(closed.json<{ msg: string }>().msg).toContain('「票据贴现」');
    expect(await challengeCount(t)).toBe(before);

    await ningboOpensDiscount();
    const opened = await apply(applyBody(holding))();
    expect([406, 412]).toContain(opened.statusCode);
  });
});

describe('贴现', () => {
  beforeEach(ningboOpensDiscount);

  it('refuses a mistake before any confirmation is asked for', async () => {
    const { holding } = await heldByNingbo();
    const refusals: Array<[object, number, string]> = [
      [{ institutionOrgId: ORG.shanghai }, 400, API_ERROR.billCounterpartyInvalid],
      [{ institutionOrgId: 'no-such-org' }, 400, API_ERROR.billCounterpartyInvalid],
      [{ amount: '1000000.01' }, 400, API_ERROR.amountInvalid],
      [{ amount: '0' }, 400, API_ERROR.amountInvalid],
      [{ annualRate: '2.00001' }, 400, API_ERROR.rateInvalid],
      [{ annualRate: '0' }, 400, API_ERROR.rateInvalid],
      [{ buyerSharePercent: '40' }, 400, API_ERROR.interestShareInvalid],
      [{ interestPayer: 'PT03' }, 400, API_ERROR.interestShareInvalid],
      [{ accountId: 'not-an-account' }, 400, API_ERROR.badRequest],
      [{ holdingId: 'not-a-holding' }, 404, API_ERROR.notFound],
    ];
    for (const [fields, status, code] of refusals) {
      expect(await refusedBefore(t, apply(applyBody(holding, fields))), JSON.stringify(fields)).toEqual([
        status,
        code,
      ]);
    }
    const wrongClearing = await apply(applyBody(holding, { clearing: 'SM09' }))();
    expect(wrongClearing.statusCode).toBe(400);
    const asNumber = await apply(applyBody(holding, { amount: 400000 }))();
    expect(asNumber.statusCode).toBe(400);
  });

  it('refuses a 不得转让 bill and a bill that may not be split in part', async () => {
    const fixed = await heldByNingbo({ noTransfer: true });
    const notTransferable = await apply(applyBody(fixed.holding))();
    expect(errorCodeOf(notTransferable)).toBe(API_ERROR.billNotTransferable);
    const whole = await heldByNingbo({ splittable: false });
    expect(errorCodeOf(await apply(applyBody(whole.holding))())).toBe(API_ERROR.amountInvalid);
  });

  it('locks the front part; the institution signs and pays the net amount online; the range passes to it', async () => {
    const { detail, holding } = await heldByNingbo();
    const before = await statementOf(token.ningbo);
    const record = await applied(applyBody(holding));
    expect(record).toMatchObject({
      packageId: detail.bill.id,
      amount: '400000.00',
      institution: { orgId: SPDB.orgId, name: SPDB.name },
      annualRate: '2.0000',
      interestPayer: 'PT02',
      clearing: 'SM00',
      status: 'pending',
      paid: false,
    });
    const interestFen = Math.round((400_000_00 * 0.02 * (record.days + record.adjustDays)) / 360);
    expect(record.interest).toBe((interestFen / 100).toFixed(2));
    expect(record.netAmount).toBe(((400_000_00 - interestFen) / 100).toFixed(2));

    const locked = (await detailOf(detail.bill.id)).holdings.filter((h) => h.endedAt === null);
    expect(locked.map((h) => [h.amount, h.circulation])).toEqual([
      ['400000.00', 'TF0302'],
      ['600000.00', 'TF0301'],
    ]);
    const endorse = await billCall(t.app, 'POST', BILL_URL.endorse, token.ningbo, {
      holdingId: locked[0]!.id,
      endorseeOrgId: ORG.suzhou,
      amount: '400000.00',
    });
    expect(errorCodeOf(endorse)).toBe(API_ERROR.billLocked);

    await institutionAnswers(t);
    const [signed] = (await discounts()).content;
    expect(signed).toMatchObject({ id: record.id, status: 'signed', paid: true, reason: null });
    const after = await statementOf(token.ningbo);
    expect(Number(after.balance) - Number(before.balance)).toBeCloseTo(Number(record.netAmount), 2);
    expect(after.lines.content[0]).toMatchObject({
      direction: 'in',
      amount: record.netAmount,
      counterpartyName: SPDB.name,
      remark: '贴现款',
    });
    const chain = await detailOf(detail.bill.id);
    expect(chain.holdings.filter((h) => h.endedAt === null).map((h) => h.amount)).toEqual(['600000.00']);
    const discountEvents = chain.events.filter((e) => e.kind === 'discount');
    expect(discountEvents.map((e) => [e.label, e.to?.name])).toEqual([
      ['贴现', SPDB.name],
      ['贴现签收', SPDB.name],
    ]);
    expect(discountEvents[1]!.discount).toEqual({
      annualRate: '2.0000',
      interest: record.interest,
      netAmount: record.netAmount,
      clearing: 'SM00',
    });
    const institutionHolds = await t.app.db
      .selectFrom('bill_holdings')
      .select(['amount_fen', 'bill_status', 'circ_status'])
      .where('org_id', '=', SPDB.orgId)
      .where('ended_at', 'is', null)
      .execute();
    expect(institutionHolds).toEqual([
      { amount_fen: 400_000_00, bill_status: 'CS03', circ_status: 'TF0301' },
    ]);
    const notices = await t.app.db
      .selectFrom('plat_messages')
      .select(['title', 'content'])
      .where('org_id', '=', ORG.ningbo)
      .orderBy('created_at', 'desc')
      .limit(1)
      .execute();
    expect(notices[0]?.title).toContain('贴现');
    expect(notices[0]?.content).toContain(SPDB.name);
  });

  it('returns the range when the institution refuses, with its reason', async () => {
    const { detail, holding } = await heldByNingbo();
    const record = await applied(applyBody(holding, { amount: '1000000.00' }));
    expect(await institutions.answerByHand(record.id, { decision: 'refuse', reason: 'over_limit' })).toBe(
      true,
    );
    const [refused] = (await discounts('?status=refused')).content;
    expect(refused).toMatchObject({ id: record.id, status: 'refused', reason: '金额超过本行单张票据额度' });
    const holdings = (await detailOf(detail.bill.id)).holdings.filter((h) => h.endedAt === null);
    expect(holdings.map((h) => [h.amount, h.circulation])).toEqual([['1000000.00', 'TF0301']]);
  });

  it('returns the range when online clearing fails, and pays nothing', async () => {
    const { detail, holding } = await heldByNingbo();
    await t.app.db
      .updateTable('sandbox_settlement_accounts')
      .set({ balance_fen: 0 })
      .where('account_no', '=', SPDB.accountNo)
      .execute();
    const before = await statementOf(token.ningbo);
    const record = await applied(applyBody(holding));
    await institutionAnswers(t);
    const [failed] = (await discounts()).content;
    expect(failed).toMatchObject({
      id: record.id,
      status: 'refused',
      paid: false,
      reason: '线上清算失败：金融机构结算账户余额不足',
    });
    expect((await statementOf(token.ningbo)).balance).toBe(before.balance);
    const holdings = (await detailOf(detail.bill.id)).holdings.filter((h) => h.endedAt === null);
    expect(holdings.map((h) => [h.amount, h.circulation])).toEqual([['1000000.00', 'TF0301']]);
  });

  it('passes the range on 线下 clearing without moving money', async () => {
    const { detail, holding } = await heldByNingbo();
    const before = await statementOf(token.ningbo);
    const record = await applied(
      applyBody(holding, { clearing: 'SM01', interestPayer: 'PT03', buyerSharePercent: '40' }),
    );
    expect(record.buyerSharePercent).toBe('40.00');
    await institutionAnswers(t);
    expect((await discounts()).content[0]).toMatchObject({ status: 'signed', paid: false });
    expect((await statementOf(token.ningbo)).balance).toBe(before.balance);
    const holdings = (await detailOf(detail.bill.id)).holdings.filter((h) => h.endedAt === null);
    expect(holdings.map((h) => h.amount)).toEqual(['600000.00']);
  });

  it('withdraws before the answer: the range returns and the institution answers it no longer', async () => {
    const { detail, holding } = await heldByNingbo();
    const record = await applied(applyBody(holding));
    const url = pathOf(DISCOUNT_URL.withdraw, { id: record.id });
    const withdrawn = await dataOf<DiscountRecord>(
      await confirmed(t, token.ningbo, (headers) =>
        billCall(t.app, 'POST', url, token.ningbo, undefined, headers),
      ),
    );
    expect(withdrawn.status).toBe('withdrawn');
    await institutionAnswers(t);
    expect((await discounts()).content[0]!.status).toBe('withdrawn');
    const holdings = (await detailOf(detail.bill.id)).holdings.filter((h) => h.endedAt === null);
    expect(holdings.map((h) => [h.amount, h.circulation])).toEqual([['1000000.00', 'TF0301']]);
    const again = await billCall(t.app, 'POST', url, token.ningbo);
    expect(again.statusCode).toBe(409);
  });

  it('withdrawn from 我发起的申请 instead, it is withdrawn at the institution too', async () => {
    const { detail, holding } = await heldByNingbo();
    const record = await applied(applyBody(holding));
    const queued = () =>
      t.app.db
        .selectFrom('sandbox_institution_applications')
        .select(['status', 'outcome'])
        .where('id', '=', record.id)
        .executeTakeFirstOrThrow();
    expect((await queued()).outcome).toBeNull();
    const url = pathOf(BILL_URL.withdraw, { id: record.id });
    await dataOf(
      await confirmed(t, token.ningbo, (headers) =>
        billCall(t.app, 'POST', url, token.ningbo, undefined, headers),
      ),
    );
    expect(await queued()).toMatchObject({ outcome: 'withdrawn' });
    await institutionAnswers(t);
    expect((await discounts()).content[0]!.status).toBe('withdrawn');
    const holdings = (await detailOf(detail.bill.id)).holdings.filter((h) => h.endedAt === null);
    expect(holdings.map((h) => [h.amount, h.circulation])).toEqual([['1000000.00', 'TF0301']]);
  });

  it('lets exactly one of the institution’s 签收 and the holder’s withdrawal through', async () => {
    const { detail, holding } = await heldByNingbo();
    const record = await applied(applyBody(holding));
    const url = pathOf(DISCOUNT_URL.withdraw, { id: record.id });
    const [withdrawal] = await Promise.all([
      confirmed(t, token.ningbo, (headers) => billCall(t.app, 'POST', url, token.ningbo, undefined, headers)),
      institutions.answerByHand(record.id, { decision: 'sign' }),
    ]);
    const [final] = (await discounts()).content;
    const holdings = (await detailOf(detail.bill.id)).holdings.filter((h) => h.endedAt === null);
    if (withdrawal.statusCode === 200) {
      expect(final!.status).toBe('withdrawn');
      expect(holdings.map((h) => h.amount)).toEqual(['1000000.00']);
    } else {
      expect(withdrawal.statusCode).toBe(409);
      expect(final).toMatchObject({ status: 'signed', paid: true });
      expect(holdings.map((h) => h.amount)).toEqual(['600000.00']);
    }
  });

  it('shows another organisation nothing of a discount', async () => {
    const { holding } = await heldByNingbo();
    const record = await applied(applyBody(holding));
    const list = await dataOf<Page<DiscountRecord>>(
      await billCall(t.app, 'GET', DISCOUNT_URL.list, token.suzhou),
    );
    expect(list.totalElements).toBe(0);
    const withdraw = (id: string) => (headers: Record<string, string>) =>
      billCall(t.app, 'POST', pathOf(DISCOUNT_URL.withdraw, { id }), token.suzhou, undefined, headers);
    // Refused in the command, before any confirmation, as a missing application is.
    expect(await refusedBefore(t, withdraw(record.id))).toEqual([404, API_ERROR.notFound]);
    const [foreign, missing] = [await withdraw(record.id)({}), await withdraw('no-such-discount')({})];
    expect(foreign.json<{ msg: string }>().msg).toBe(missing.json<{ msg: string }>().msg);
    expect((await discounts()).content[0]!.status).toBe('pending');
  });
});

describe('贴现 as a state machine', () => {
  beforeEach(ningboOpensDiscount);

  /** Whether the holder's discount of `holdingId` gets through to its confirmation (406 SMS, 412 QR). */
  const mayApply = async (holdingId: string, amount: string) => {
    const response = await apply({ ...applyBodyFor(holdingId), amount })();
    return response.statusCode === 406 || response.statusCode === 412 ? 'allowed' : errorCodeOf(response);
  };
  const applyBodyFor = (holdingId: string) => ({
    holdingId,
    institutionOrgId: SPDB.orgId,
    annualRate: '2.0000',
    interestPayer: 'PT02',
    clearing: 'SM00',
  });
  const current = async (packageId: string) =>
    (await detailOf(packageId)).holdings.filter((h) => h.endedAt === null);

  it('allows a discount from a negotiable range only, and again once the range came back', async () => {
    const { detail, holding } = await heldByNingbo();
    expect(await mayApply(holding.id, '400000.00')).toBe('allowed');
    const first = await applied(applyBody(holding));
    const [locked, rest] = await current(detail.bill.id);
    expect(await mayApply(locked!.id, '400000.00')).toBe(API_ERROR.billLocked);
    expect(await mayApply(rest!.id, '600000.00')).toBe('allowed');

    // 驳回 returns it: negotiable again, the whole holding.
    await institutions.answerByHand(first.id, { decision: 'refuse' });
    const [whole] = await current(detail.bill.id);
    expect(whole!.amount).toBe('1000000.00');
    expect(await mayApply(whole!.id, '400000.00')).toBe('allowed');

    // 签收 passes it: the front is the institution's, the holder keeps the rest only.
    const second = await applied(applyBody(whole!));
    await institutions.answerByHand(second.id, { decision: 'sign' });
    const [kept] = await current(detail.bill.id);
    expect(kept!.amount).toBe('600000.00');
    expect(await mayApply(second.id, '1.00')).toBe(API_ERROR.notFound);
    expect(await mayApply(kept!.id, '600000.01')).toBe(API_ERROR.amountInvalid);
    expect(await mayApply(kept!.id, '600000.00')).toBe('allowed');

    // An answer to a closed application changes nothing.
    expect(await institutions.answerByHand(second.id, { decision: 'refuse' })).toBe(false);
    expect((await discounts()).content.map((d) => d.status)).toEqual(['signed', 'refused']);
  });

  it('refuses a discount on or after maturity, and takes an institution’s late 签收 as a refusal', async () => {
    const { detail, holding } = await heldByNingbo();
    const record = await applied(applyBody(holding));
    t.clock.advance(100 * 24 * 60 * 60 * 1000);
    token = await ledgerTokens(t);
    // The sandbox's policy would refuse it for its term; a 签收 by hand shows the platform's own rule.
    expect(await institutions.answerByHand(record.id, { decision: 'sign' })).toBe(true);
    const [late] = (await discounts()).content;
    expect(late).toMatchObject({ id: record.id, status: 'refused', paid: false });
    expect(late!.reason).toContain('已到期');
    const [back] = await current(detail.bill.id);
    expect(await mayApply(back!.id, '1000000.00')).toBe(API_ERROR.billStateInvalid);
  });
});

import type { Holding } from '@contract/bills-schemas';
import type { Page } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { FREEZE_URL } from '@contract/freeze';
import { pathOf } from '@contract/paths';
import {
  PLEDGE_FIN_ACTION,
  PLEDGE_FIN_STATE,
  PLEDGE_FIN_STATES,
  PLEDGE_FIN_URL,
  type PledgeFinAction,
} from '@contract/pledge-fin';
import type {
  OrgFinanceConfig,
  PledgeFinDetail,
  PledgeFinHistoryEntry,
  PledgeFinProduct,
  PledgeFinSummary,
} from '@contract/pledge-fin-schemas';
import type { LightMyRequestResponse } from 'fastify';
import { DEMO_INSTITUTIONS } from '../../../src/db/demo/institutions';
import { DEMO_PLEDGE_PRODUCTS } from '../../../src/db/demo/pledge-financing';
import { ApiFailure } from '../../../src/lib/errors';
import { TRANSITIONS, mayAct, requireState } from '../../../src/modules/pledge-fin/rules';
import {
  dataOf,
  endorseBill,
  errorCodeOf,
  heldOf,
  ledgerTokens,
  MOBILE,
  ORG,
  tokenOf,
  type LedgerTokens,
} from '../../support/bill-helpers';
import { startApp, type TestApp } from '../../support/helpers';
import {
  CHECKER_MOBILE,
  heldBySuzhou,
  joinAs,
  openPledgeFin,
  pledgeFinCalls,
} from '../../support/pledge-fin-helpers';
import { freshLoopbackIp } from '../../support/captcha-helpers';
import { pledgeCommands } from '../../../src/modules/pledge/service';

const SPDB = DEMO_PLEDGE_PRODUCTS.spdbMonthly;
const CMB = DEMO_PLEDGE_PRODUCTS.cmbBullet;

let t: TestApp;
let token: LedgerTokens;
/** Suzhou's second member, 业务管理员: holds the approval permission, not the one to apply. */
let checker: string;

beforeEach(async () => {
  t = await startApp();
  token = await ledgerTokens(t);
  checker = await tokenOf(t, CHECKER_MOBILE, ORG.suzhou);
});
afterEach(async () => {
  await t.app.close();
});

const { call } = pledgeFinCalls(() => ({ t, token }));

const body = (holding: Holding, fields: object = {}) => ({
  productId: SPDB.id,
  holdingIds: [holding.id],
  amount: '800000.00',
  maturityDate: '2026-06-01',
  purpose: '采购原材料',
  ...fields,
});
const submit = (payload: object, accessToken = token.suzhou) =>
  call('POST', PLEDGE_FIN_URL.create, accessToken, payload);
const submitted = async (payload: object) => dataOf<PledgeFinDetail>(await submit(payload), 201);
const approve = (id: string, accessToken = checker, fields: object = {}) =>
  call('PUT', PLEDGE_FIN_URL.approve, accessToken, { id, result: 'APPROVE', ...fields });
const reject = (id: string, opinion?: string) =>
  call('PUT', PLEDGE_FIN_URL.approve, checker, { id, result: 'REJECT', ...(opinion ? { opinion } : {}) });
const cancel = (id: string, accessToken = token.suzhou) =>
  call('PUT', PLEDGE_FIN_URL.cancel, accessToken, { id, reason: '改用贴现' });
const detail = async (id: string, accessToken = token.suzhou) =>
  dataOf<PledgeFinDetail>(await call('GET', pathOf(PLEDGE_FIN_URL.detail, { id }), accessToken));
const history = async (id: string) =>
  dataOf<PledgeFinHistoryEntry[]>(await call('GET', pathOf(PLEDGE_FIN_URL.opHistory, { id }), token.suzhou));
const financeConfig = async () =>
  dataOf<OrgFinanceConfig>(
    await call('GET', pathOf(PLEDGE_FIN_URL.orgFinanceConfig, { id: ORG.suzhou }), token.suzhou),
  );
const lineWith = async (institutionOrgId: string) =>
  (await financeConfig()).creditLines.find((line) => line.institution.orgId === institutionOrgId);

const suzhouHolding = async (packageId: string): Promise<Holding[]> =>
  (await heldOf(t, token.suzhou)).content.filter((h) => h.packageId === packageId);

function refused(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(errorCodeOf(response)).toBe(code);
}

describe('products and the organisation’s finance configuration', () => {
  it('lists every institution’s products with their terms', async () => {
    const products = await dataOf<PledgeFinProduct[]>(
      await call('POST', PLEDGE_FIN_URL.configList, token.suzhou),
    );
    expect(products).toHaveLength(3);
    expect(products.find((p) => p.id === SPDB.id)).toEqual({
      id: SPDB.id,
      institution: { orgId: DEMO_INSTITUTIONS.spdb.orgId, name: DEMO_INSTITUTIONS.spdb.name },
      name: SPDB.name,
      annualRate: '3.8500',
      pledgeRatio: '80.00',
      minAmount: '100000.00',
      maxAmount: '50000000.00',
      maxTermDays: 180,
      feeRate: '0.1000',
      repaymentMode: 'MONTHLY',
      dayBasis: 360,
      penaltyRate: '5.7750',
    });
  });

  it('answers the credit lines and the settlement account, and another organisation’s as a missing one', async () => {
    const config = await financeConfig();
    expect(config.creditLines.map((l) => [l.institution.orgId, l.line, l.used, l.available])).toEqual(
      expect.arrayContaining([
        [DEMO_INSTITUTIONS.spdb.orgId, '20000000.00', '0.00', '20000000.00'],
        [DEMO_INSTITUTIONS.cmb.orgId, '5000000.00', '0.00', '5000000.00'],
      ]),
    );
    expect(config.settlementAccount?.accountNo).toMatch(/^\d{4} \*\*\*\* \d{4}$/);
    const other = await call(
      'GET',
      pathOf(PLEDGE_FIN_URL.orgFinanceConfig, { id: ORG.ningbo }),
      token.suzhou,
    );
    const missing = await call(
      'GET',
      pathOf(PLEDGE_FIN_URL.orgFinanceConfig, { id: 'no-such-org' }),
      token.suzhou,
    );
    refused(other, 404, API_ERROR.notFound);
    expect(other.json<{ msg: string }>().msg).toBe(missing.json<{ msg: string }>().msg);
  });
});

describe('the application', () => {
  it('needs 质押融资 opened', async () => {
    const holding = await heldBySuzhou(t, token);
    await t.app.db
      .deleteFrom('org_function_openings')
      .where('org_id', '=', ORG.suzhou)
      .where('func_code', '=', 'PLEDGE_FIN')
      .execute();
    refused(await submit(body(holding)), 409, API_ERROR.functionNotOpened);
  });

  it('refuses each broken rule with its own code, writing nothing', async () => {
    const holding = await heldBySuzhou(t, token);
    const noTransfer = await heldBySuzhou(t, token, { noTransfer: true });
    const large = await heldBySuzhou(t, token, { amount: '6000000.00' });
    const refusals: Array<[object, number, string]> = [
      [{ productId: 'no-such-product' }, 400, API_ERROR.pledgeFinProductInvalid],
      [{ purpose: '  ' }, 400, API_ERROR.badRequest],
      [{ holdingIds: [] }, 400, API_ERROR.badRequest],
      [{ holdingIds: [holding.id, holding.id] }, 400, API_ERROR.badRequest],
      [{ holdingIds: ['not-a-holding'] }, 404, API_ERROR.notFound],
      [{ holdingIds: [noTransfer.id] }, 409, API_ERROR.pledgeFinBillIneligible],
      // 80% of 1,000,000.00
      [{ amount: '800000.01' }, 400, API_ERROR.pledgeFinOverPledgeValue],
      [{ amount: '99999.99' }, 400, API_ERROR.amountInvalid],
      [{ amount: 800000 }, 400, API_ERROR.fieldTypeInvalid],
      // the bill matures on 2026-06-02
      [{ maturityDate: '2026-06-03' }, 400, API_ERROR.pledgeFinDateInvalid],
      [{ maturityDate: '2026-03-02' }, 400, API_ERROR.pledgeFinDateInvalid],
      [{ maturityDate: '2026-06-31' }, 400, API_ERROR.pledgeFinDateInvalid],
      // 招商 lends 90% within a line of 5,000,000.00
      [
        { productId: CMB.id, holdingIds: [large.id], amount: '5000000.01' },
        409,
        API_ERROR.pledgeFinOverCreditLine,
      ],
    ];
    for (const [fields, status, code] of refusals) {
      const answer = await submit(body(holding, fields));
      expect(answer.statusCode, `${JSON.stringify(fields)} ${answer.body}`).toBe(status);
      expect(errorCodeOf(answer), JSON.stringify(fields)).toBe(code);
    }
    expect(await t.app.db.selectFrom('pledge_financings').select('id').execute()).toEqual([]);
  });

  it('refuses a term beyond the product’s longest', async () => {
    const holding = await heldBySuzhou(t, token, { dueDate: '2026-09-01' });
    // 浦发 lends 180 days at most: 2026-03-02 + 180 = 2026-08-29
    refused(await submit(body(holding, { maturityDate: '2026-08-30' })), 400, API_ERROR.pledgeFinDateInvalid);
    expect((await submitted(body(holding, { maturityDate: '2026-08-29' }))).state).toBe(
      PLEDGE_FIN_STATE.approving,
    );
  });

  it('keeps a draft, then submits it; the line counts it from then on', async () => {
    const holding = await heldBySuzhou(t, token);
    const draft = await dataOf<PledgeFinDetail>(
      await call('POST', PLEDGE_FIN_URL.save, token.suzhou, { productId: SPDB.id, holdingIds: [holding.id] }),
    );
    expect(draft).toMatchObject({
      state: PLEDGE_FIN_STATE.draft,
      amount: null,
      billCount: 1,
      pledgeValue: '800000.00',
      cost: null,
    });
    const kept = await dataOf<PledgeFinDetail>(
      await call('POST', PLEDGE_FIN_URL.save, token.suzhou, {
        id: draft.id,
        amount: '500000.00',
        maturityDate: '2026-06-01',
      }),
    );
    // 500,000.00 x 3.85% x 91 / 360; fee 0.1%
    expect(kept.cost).toMatchObject({ days: 91, interest: '4865.97', fee: '500.00', netAmount: '499500.00' });
    expect((await lineWith(DEMO_INSTITUTIONS.spdb.orgId))?.used).toBe('0.00');

    const sent = await submitted({ ...body(holding, { amount: '500000.00' }), id: draft.id });
    expect(sent).toMatchObject({ id: draft.id, state: PLEDGE_FIN_STATE.approving, amount: '500000.00' });
    expect(await lineWith(DEMO_INSTITUTIONS.spdb.orgId)).toMatchObject({
      used: '500000.00',
      available: '19500000.00',
    });
    // A submitted financing is no draft any more.
    refused(
      await call('POST', PLEDGE_FIN_URL.save, token.suzhou, { id: draft.id, purpose: '改' }),
      409,
      API_ERROR.pledgeFinStateInvalid,
    );
    refused(await submit({ ...body(holding), id: draft.id }), 409, API_ERROR.pledgeFinStateInvalid);
    expect((await history(draft.id)).map((h) => [h.action, h.fromState, h.toState, h.operatorName])).toEqual([
      ['SAVE', '524000000', '524000000', '陈静'],
      ['SAVE', '524000000', '524000000', '陈静'],
      ['SUBMIT', '524000000', '524000040', '陈静'],
    ]);
  });

  it('does not let one bill back two open financings, until the first is cancelled', async () => {
    const holding = await heldBySuzhou(t, token);
    const first = await submitted(body(holding));
    refused(await submit(body(holding, { amount: '100000.00' })), 409, API_ERROR.pledgeFinBillTaken);
    await dataOf(await cancel(first.id));
    expect((await submitted(body(holding, { amount: '100000.00' }))).state).toBe(PLEDGE_FIN_STATE.approving);
  });
});

describe('approval by a second member', () => {
  it('refuses the applicant and a member without the permission, then the checker approves', async () => {
    const holding = await heldBySuzhou(t, token);
    const financing = await submitted(body(holding));
    refused(await approve(financing.id, token.suzhou), 403, API_ERROR.pledgeFinSelfApproval);
    const operator = await joinAs(t, '13800000002', ORG.suzhou, ['FINANCE']);
    refused(await approve(financing.id, operator), 403, API_ERROR.forbidden);

    const todo = () =>
      t.app.db
        .selectFrom('plat_messages')
        .select(['title', 'content', 'link', 'closed_at'])
        .where('subject', '=', `pledge-financing:${financing.id}`)
        .executeTakeFirstOrThrow();
    expect(await todo()).toMatchObject({
      title: '质押融资待审批',
      content: `陈静提交了质押融资申请${financing.finNo}，向浦发银行（模拟）融资800,000.00元，请审批。`,
      link: `/chain-bill/pledge-business/pledge-financing-start/sub-page/detail/${financing.id}`,
      closed_at: null,
    });
    const approved = await dataOf<PledgeFinDetail>(await approve(financing.id, checker, { opinion: '同意' }));
    expect(approved).toMatchObject({
      state: PLEDGE_FIN_STATE.signing,
      approverName: '周敏',
      opinion: '同意',
    });
    // Answered, the to-do is done for every member.
    expect((await todo()).closed_at).not.toBeNull();
    expect((await history(financing.id)).at(-1)).toMatchObject({
      action: 'APPROVE',
      operatorName: '周敏',
      opinion: '同意',
    });
  });

  it('lets exactly one of two approvals at once win', async () => {
    const holding = await heldBySuzhou(t, token);
    const financing = await submitted(body(holding));
    const answers = await Promise.all([
      approve(financing.id),
      approve(financing.id),
      reject(financing.id, '额度另有安排'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(
      answers
        .filter((a) => a.statusCode === 409)
        .every((a) => errorCodeOf(a) === API_ERROR.pledgeFinStateInvalid),
    ).toBe(true);
    expect((await history(financing.id)).filter((h) => h.action !== 'SUBMIT')).toHaveLength(1);
  });

  it('rejects only with an opinion, and the bills and the line are free again', async () => {
    const holding = await heldBySuzhou(t, token);
    const financing = await submitted(body(holding));
    refused(await reject(financing.id), 400, API_ERROR.badRequest);
    expect((await dataOf<PledgeFinDetail>(await reject(financing.id, '用途不明'))).state).toBe(
      PLEDGE_FIN_STATE.rejected,
    );
    expect((await lineWith(DEMO_INSTITUTIONS.spdb.orgId))?.used).toBe('0.00');
    expect((await submitted(body(holding))).state).toBe(PLEDGE_FIN_STATE.approving);
  });

  it('refuses to approve when an authority froze a bill meanwhile, which broke its lock', async () => {
    const holding = await heldBySuzhou(t, token);
    const financing = await submitted(body(holding));
    const frozen = await t.app.inject({
      method: 'POST',
      url: FREEZE_URL.sandboxFreeze,
      remoteAddress: freshLoopbackIp(),
      payload: {
        reference: 'order-1',
        packageNo: holding.packageNo,
        risk: 'judicial',
        authority: '上海市浦东新区人民法院',
        documentNo: '（2026）沪0115执保1234号',
      },
    });
    expect(frozen.statusCode, frozen.body).toBe(200);
    refused(await approve(financing.id), 409, API_ERROR.pledgeFinBillIneligible);
    // The applicant cancels; the frozen range stays frozen.
    expect((await dataOf<PledgeFinDetail>(await cancel(financing.id))).state).toBe(
      PLEDGE_FIN_STATE.cancelled,
    );
    expect((await suzhouHolding(holding.packageId)).map((h) => h.circulation)).toEqual(['FZ01']);
  });
});

describe('the bills on the ledger', () => {
  it('are locked from submission: no endorsement, discount or pledge of them meanwhile', async () => {
    const holding = await heldBySuzhou(t, token);
    await submitted(body(holding));
    const [locked] = await suzhouHolding(holding.packageId);
    expect(locked).toMatchObject({ id: holding.id, circulation: 'TF0302', actions: [] });
    const endorsement = await endorseBill(t, MOBILE.suzhou, token.suzhou, {
      holdingId: holding.id,
      endorseeOrgId: ORG.ningbo,
      amount: '1.00',
    });
    refused(endorsement, 409, API_ERROR.billLocked);
    const pledge = await pledgeCommands(t.app.adapters.institution)
      .applyPledge.check(
        { trx: t.app.db, now: t.app.now(), actor: { orgId: ORG.suzhou, userId: null }, realtime: null },
        { holdingId: holding.id, institutionOrgId: DEMO_INSTITUTIONS.spdb.orgId, amountFen: 100, remark: '' },
      )
      .catch((error: unknown) => error);
    expect(pledge).toMatchObject({ code: API_ERROR.billLocked });
  });

  it('are free again once the financing is rejected or cancelled, joined with what the holder kept', async () => {
    const holding = await heldBySuzhou(t, token);
    const first = await submitted(body(holding));
    await dataOf(await reject(first.id, '用途不明'));
    const [afterReject] = await suzhouHolding(holding.packageId);
    expect(afterReject).toMatchObject({ circulation: 'TF0301', amount: holding.amount });
    const second = await submitted(body(afterReject!));
    await dataOf(await approve(second.id));
    await dataOf(await cancel(second.id));
    const [afterCancel] = await suzhouHolding(holding.packageId);
    expect(afterCancel).toMatchObject({ circulation: 'TF0301', amount: holding.amount });
    const locks = await t.app.db
      .selectFrom('bill_locks')
      .select(['owner_id', 'status'])
      .where('package_id', '=', holding.packageId)
      .orderBy('locked_at')
      .execute();
    expect(locks).toEqual([
      { owner_id: first.id, status: 'released' },
      { owner_id: second.id, status: 'released' },
    ]);
  });

  it('lets exactly one of a submission and an endorsement of the same bill at once through', async () => {
    const holding = await heldBySuzhou(t, token);
    const [financing, endorsement] = await Promise.all([
      submit(body(holding)),
      endorseBill(t, MOBILE.suzhou, token.suzhou, {
        holdingId: holding.id,
        endorseeOrgId: ORG.ningbo,
        amount: '1000000.00',
      }),
    ]);
    expect([financing.statusCode, endorsement.statusCode].filter((s) => s < 300)).toHaveLength(1);
    expect([financing.statusCode, endorsement.statusCode].filter((s) => s === 409)).toHaveLength(1);
  });
});

describe('cancel', () => {
  it('is allowed before the money is paid out, and once only', async () => {
    const holding = await heldBySuzhou(t, token);
    const financing = await submitted(body(holding));
    await dataOf(await approve(financing.id));
    expect((await dataOf<PledgeFinDetail>(await cancel(financing.id))).state).toBe(
      PLEDGE_FIN_STATE.cancelled,
    );
    refused(await cancel(financing.id), 409, API_ERROR.pledgeFinStateInvalid);
    refused(await approve(financing.id), 409, API_ERROR.pledgeFinStateInvalid);
    expect((await history(financing.id)).at(-1)).toMatchObject({ action: 'CANCEL', opinion: '改用贴现' });
  });
});

describe('the state machine', () => {
  /** Every act and the states it may start from; anything else is refused. */
  const ALLOWED: Record<PledgeFinAction, string[]> = {
    SAVE: ['524000000'],
    SUBMIT: ['524000000'],
    APPROVE: ['524000040'],
    REJECT: ['524000040'],
    CANCEL: ['524000000', '524000040', '524000080'],
    SIGN: ['524000080'],
    PAY_OUT: ['524000160'],
    PAY_INTEREST: ['524000240'],
    REPAY: ['524000240'],
  };

  it('allows each act from its states only, and leads where the documentation says', () => {
    for (const action of Object.values(PLEDGE_FIN_ACTION)) {
      for (const state of PLEDGE_FIN_STATES) {
        expect(mayAct(action, state), `${action} from ${state}`).toBe(ALLOWED[action].includes(state));
      }
    }
    expect(Object.fromEntries(Object.entries(TRANSITIONS).map(([action, t]) => [action, t.to]))).toEqual({
      SAVE: '524000000',
      SUBMIT: '524000040',
      APPROVE: '524000080',
      REJECT: '524000900',
      CANCEL: '524000920',
      SIGN: '524000160',
      PAY_OUT: '524000240',
      PAY_INTEREST: '524000240',
      REPAY: '524000320',
    });
  });

  it('refuses an act from any other state with 409 and the state the financing is in, by its label', () => {
    expect(() => requireState({ state: '524000240' }, '524000240', '还款')).not.toThrow();
    expect(() => requireState({ state: '524000040' }, TRANSITIONS.CANCEL.from, '取消')).not.toThrow();
    const refusal = (() => {
      try {
        requireState({ state: '524000240' }, ['524000000', '524000080'], '签约');
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(refusal).toBeInstanceOf(ApiFailure);
    expect(refusal).toMatchObject({
      code: API_ERROR.pledgeFinStateInvalid,
      status: 409,
      msg: '融资申请当前为「还息中」，不能签约',
    });
    expect(() => requireState({ state: '524000320' }, [], '取消')).toThrow(ApiFailure);
  });

  it('refuses through the API what the state does not allow', async () => {
    const holding = await heldBySuzhou(t, token);
    const draft = await dataOf<PledgeFinDetail>(
      await call('POST', PLEDGE_FIN_URL.save, token.suzhou, { purpose: '备货' }),
    );
    refused(await approve(draft.id), 409, API_ERROR.pledgeFinStateInvalid);
    await dataOf(await cancel(draft.id));
    refused(await submit({ ...body(holding), id: draft.id }), 409, API_ERROR.pledgeFinStateInvalid);
    refused(
      await call('POST', PLEDGE_FIN_URL.save, token.suzhou, { id: draft.id }),
      409,
      API_ERROR.pledgeFinStateInvalid,
    );
  });
});

describe('lists and tenant isolation', () => {
  it('pages the organisation’s financings newest first, filters stripped of spaces', async () => {
    const holding = await heldBySuzhou(t, token);
    const first = await submitted(body(holding, { amount: '100000.00' }));
    t.clock.advance(1000);
    const draft = await dataOf<PledgeFinDetail>(
      await call('POST', PLEDGE_FIN_URL.save, token.suzhou, { purpose: '备货' }),
    );
    const page = await dataOf<Page<PledgeFinSummary>>(
      await call('POST', `${PLEDGE_FIN_URL.pageByPledger}?page=0&size=1`, token.suzhou, {}),
    );
    expect(page).toMatchObject({ totalElements: 2, totalPages: 2, size: 1, number: 0 });
    expect(page.content.map((f) => f.id)).toEqual([draft.id]);
    const past = await dataOf<Page<PledgeFinSummary>>(
      await call('POST', `${PLEDGE_FIN_URL.pageByPledger}?page=3&size=1`, token.suzhou, {}),
    );
    expect([past.content, past.totalElements]).toEqual([[], 2]);
    const filtered = await dataOf<Page<PledgeFinSummary>>(
      await call('POST', PLEDGE_FIN_URL.pageByPledger, token.suzhou, {
        finNo: ` ${first.finNo.slice(0, 6)}\n${first.finNo.slice(6)} `,
        state: '',
      }),
    );
    expect(filtered.content.map((f) => [f.id, f.state, f.applicantName, f.billCount])).toEqual([
      [first.id, PLEDGE_FIN_STATE.approving, '陈静', 1],
    ]);
    // The number is taken literally: a wildcard of LIKE matches nothing.
    for (const finNo of ['%', '_', `${first.finNo.slice(0, 4)}%`]) {
      const literal = await dataOf<Page<PledgeFinSummary>>(
        await call('POST', PLEDGE_FIN_URL.pageByPledger, token.suzhou, { finNo }),
      );
      expect(literal.totalElements).toBe(0);
    }
    // The checker reads what it is to approve.
    expect((await detail(first.id, checker)).id).toBe(first.id);
  });

  it('answers another organisation’s financing as a missing one, on every call', async () => {
    const holding = await heldBySuzhou(t, token);
    const financing = await submitted(body(holding));
    await openPledgeFin(t, ORG.ningbo);
    const missing = 'no-such-financing';
    for (const id of [financing.id, missing]) {
      refused(
        await call('GET', pathOf(PLEDGE_FIN_URL.detail, { id }), token.ningbo),
        404,
        API_ERROR.notFound,
      );
      refused(
        await call('GET', pathOf(PLEDGE_FIN_URL.opHistory, { id }), token.ningbo),
        404,
        API_ERROR.notFound,
      );
      refused(await cancel(id, token.ningbo), 404, API_ERROR.notFound);
      refused(await call('POST', PLEDGE_FIN_URL.save, token.ningbo, { id }), 404, API_ERROR.notFound);
      refused(await approve(id, token.ningbo), 404, API_ERROR.notFound);
    }
    const list = await dataOf<Page<PledgeFinSummary>>(
      await call('POST', PLEDGE_FIN_URL.pageByPledger, token.ningbo, {}),
    );
    expect(list.totalElements).toBe(0);
    // Ningbo cannot take Suzhou's bill either.
    refused(await submit(body(holding), token.ningbo), 404, API_ERROR.notFound);
    expect((await detail(financing.id)).state).toBe(PLEDGE_FIN_STATE.approving);
  });

  it('answers the entry link’s detail call with the record’s state', async () => {
    const draft = await dataOf<PledgeFinDetail>(
      await call('POST', PLEDGE_FIN_URL.save, token.suzhou, { purpose: '备货' }),
    );
    const answer = await call(
      'GET',
      `${pathOf(PLEDGE_FIN_URL.detail, { id: draft.id })}?bizType=PLEDGE_FIN`,
      token.suzhou,
    );
    expect(answer.json<{ data: PledgeFinDetail }>().data.state).toBe('524000000');
  });
});

import { BILL_URL } from '@contract/bills';
import type { BillDetail } from '@contract/bills-schemas';
import type { Page } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { GUARANTEE_CANDIDATES_MAX, GUARANTEE_CANDIDATES_SIZE, GUARANTEE_URL } from '@contract/guarantee';
import type { GuaranteeCandidate, GuaranteeRecord } from '@contract/guarantee-schemas';
import { pathOf } from '@contract/paths';
import { newId } from '../../../src/lib/hash';
import { shanghaiDate } from '../../../src/lib/shanghai-time';
import { addMonths } from '../../../src/modules/bills/rules';
import { signGuarantee, withdrawGuarantee } from '../../../src/modules/guarantee/commands';
import {
  answer,
  billCall,
  confirmed,
  dataOf,
  drawerAct,
  endorsed,
  errorCodeOf,
  heldOf,
  issueBody,
  issued,
  ledgerAppEach,
  type LedgerTokens,
  ledgerTokens,
  MOBILE,
  ORG,
  refusedBefore,
  signedFor,
  signsPending,
  tokenOf,
  userIdOf,
} from '../../support/bill-helpers';
import type { TestApp } from '../../support/helpers';

let t: TestApp;
let token: LedgerTokens;
ledgerAppEach((app) => ({ t, token } = app));

const HANGZHOU_MOBILE = '13800000003';

/**
 * Hangzhou made ready to take part (authenticated, a verified default account): the demo's three ready
 * companies are all liable on or holding a bill that has been endorsed once, so a guarantee needs a fourth.
 */
async function hangzhouReady(): Promise<string> {
  const db = t.app.db;
  await db.updateTable('organizations').set({ authorized: 1 }).where('id', '=', ORG.hangzhou).execute();
  const account = await db
    .selectFrom('bank_accounts')
    .selectAll()
    .where('org_id', '=', ORG.ningbo)
    .where('is_default', '=', 1)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('bank_accounts')
    .values({ ...account, id: newId(), org_id: ORG.hangzhou, account_no: '6222020000000099' })
    .execute();
  return tokenOf(t, HANGZHOU_MOBILE, ORG.hangzhou);
}

/** Shanghai issues 1,000,000.00 accepted by itself to Suzhou, which signs. */
const suzhouHolds = () => signedFor(t, token, 'shanghai', 'suzhou', issueBody(t, { payeeOrgId: ORG.suzhou }));

const applyCall =
  (accessToken: string, body: object) =>
  (headers: Record<string, string> = {}) =>
    billCall(t.app, 'POST', GUARANTEE_URL.apply, accessToken, body, headers);
const applied = async (accessToken: string, body: object) =>
  dataOf<GuaranteeRecord>(await confirmed(t, accessToken, applyCall(accessToken, body)), 201);
const act = (accessToken: string, how: 'sign' | 'withdraw' | 'refuse', id: string, body?: object) =>
  confirmed(t, accessToken, (headers) =>
    billCall(t.app, 'POST', pathOf(GUARANTEE_URL[how], { id }), accessToken, body, headers),
  );
const listOf = async (accessToken: string, query: string) =>
  dataOf<Page<GuaranteeRecord>>(await billCall(t.app, 'GET', `${GUARANTEE_URL.list}?${query}`, accessToken));
const detailOf = async (accessToken: string, id: string) =>
  dataOf<BillDetail>(await billCall(t.app, 'GET', pathOf(BILL_URL.detail, { id }), accessToken));

describe('保证', () => {
  it('the drawer asks, the guarantor signs: on the back of the bill and in both lists', async () => {
    const detail = await suzhouHolds();
    const candidates = await dataOf<GuaranteeCandidate[]>(
      await billCall(t.app, 'GET', GUARANTEE_URL.candidates, token.shanghai),
    );
    expect(candidates.find((c) => c.packageId === detail.bill.id)?.roles).toEqual(['drawer', 'acceptor']);

    const record = await applied(token.shanghai, {
      packageId: detail.bill.id,
      role: 'acceptor',
      guarantorOrgId: ORG.ningbo,
      remark: '承兑保证',
    });
    expect(record).toMatchObject({
      status: 'pending',
      role: 'acceptor',
      amount: '1000000.00',
      actions: ['withdraw'],
    });
    const [waiting] = (await listOf(token.ningbo, 'side=received&status=pending')).content;
    expect(waiting).toMatchObject({ id: record.id, actions: ['sign', 'refuse'] });
    // The guarantor sees the bill it is asked about.
    expect((await detailOf(token.ningbo, detail.bill.id)).bill.id).toBe(detail.bill.id);
    const todo = await t.app.db
      .selectFrom('plat_messages')
      .selectAll()
      .where('org_id', '=', ORG.ningbo)
      .where('subject', '=', `bill-guarantee:${record.id}`)
      .executeTakeFirstOrThrow();
    expect(todo.closed_at).toBeNull();

    const signed = await dataOf<GuaranteeRecord>(await act(token.ningbo, 'sign', record.id));
    expect(signed).toMatchObject({ status: 'signed', actions: [] });
    const closed = await t.app.db
      .selectFrom('plat_messages')
      .select('closed_at')
      .where('id', '=', todo.id)
      .executeTakeFirstOrThrow();
    expect(closed.closed_at).not.toBeNull();
    const events = (await detailOf(token.suzhou, detail.bill.id)).events.map((e) => e.label);
    expect(events.slice(-2)).toEqual(['保证申请', '保证签收']);
    expect((await listOf(token.shanghai, 'side=applied')).content[0]).toMatchObject({
      id: record.id,
      status: 'signed',
    });
    // Signed, the guarantor is liable: it cannot be asked again, nor can it act twice.
    const again = await applyCall(token.shanghai, {
      packageId: detail.bill.id,
      role: 'drawer',
      guarantorOrgId: ORG.ningbo,
    })();
    expect(again.statusCode).toBe(400);
    expect(errorCodeOf(again)).toBe(API_ERROR.billCounterpartyInvalid);
    const twice = await billCall(t.app, 'POST', pathOf(GUARANTEE_URL.sign, { id: record.id }), token.ningbo);
    expect(twice.statusCode).toBe(409);
    expect(errorCodeOf(twice)).toBe(API_ERROR.billApplicationAnswered);
  });

  it('refuses before any confirmation what the server can already tell', async () => {
    const detail = await suzhouHolds();
    const cases: Array<[string, object, number, string]> = [
      // Suzhou is the payee and holds the bill: no endorser, no guarantor.
      [token.suzhou, { role: 'endorser', guarantorOrgId: ORG.ningbo }, 409, API_ERROR.billStateInvalid],
      [
        token.shanghai,
        { role: 'drawer', guarantorOrgId: ORG.suzhou },
        400,
        API_ERROR.billCounterpartyInvalid,
      ],
      [
        token.shanghai,
        { role: 'drawer', guarantorOrgId: ORG.shanghai },
        400,
        API_ERROR.billCounterpartyInvalid,
      ],
      // Hangzhou is not authenticated.
      [
        token.shanghai,
        { role: 'drawer', guarantorOrgId: ORG.hangzhou },
        400,
        API_ERROR.billCounterpartyInvalid,
      ],
      // Ningbo has no tie to the bill: it is missing to Ningbo.
      [token.ningbo, { role: 'drawer', guarantorOrgId: ORG.suzhou }, 404, API_ERROR.notFound],
    ];
    for (const [accessToken, body, status, code] of cases) {
      const call = applyCall(accessToken, { packageId: detail.bill.id, ...body });
      expect(await refusedBefore(t, call), JSON.stringify(body)).toEqual([status, code]);
    }
  });

  it('an endorser asks an outside company; the guarantor refuses with a reason, then signs a new one', async () => {
    const hangzhou = await hangzhouReady();
    const detail = await suzhouHolds();
    const [holding] = (await heldOf(t, token.suzhou)).content.filter((h) => h.packageId === detail.bill.id);
    const endorsement = await endorsed(t, MOBILE.suzhou, token.suzhou, {
      holdingId: holding!.id,
      endorseeOrgId: ORG.ningbo,
      amount: '300000.00',
    });
    await dataOf(await answer(t, token.ningbo, endorsement.id, 'sign'));

    const body = { packageId: detail.bill.id, role: 'endorser', guarantorOrgId: ORG.hangzhou };
    const first = await applied(token.suzhou, body);
    const duplicate = await applyCall(token.suzhou, body)();
    expect(duplicate.statusCode).toBe(409);
    const refused = await dataOf<GuaranteeRecord>(
      await act(hangzhou, 'refuse', first.id, { reason: '未签订担保合同' }),
    );
    expect(refused).toMatchObject({ status: 'refused', reason: '未签订担保合同' });
    const second = await applied(token.suzhou, body);
    const withdrawn = await dataOf<GuaranteeRecord>(await act(token.suzhou, 'withdraw', second.id));
    expect(withdrawn.status).toBe('withdrawn');
    const third = await applied(token.suzhou, body);
    // The applicant cannot sign its own application; another company's id is missing to it.
    const own = await billCall(t.app, 'POST', pathOf(GUARANTEE_URL.sign, { id: third.id }), token.suzhou);
    expect(own.statusCode).toBe(403);
    const stranger = await billCall(
      t.app,
      'POST',
      pathOf(GUARANTEE_URL.sign, { id: third.id }),
      token.shanghai,
    );
    expect(stranger.statusCode).toBe(404);
    expect((await listOf(token.shanghai, 'side=received')).totalElements).toBe(0);
    await dataOf(await act(hangzhou, 'sign', third.id));
    const labels = (await detailOf(hangzhou, detail.bill.id)).events.map((e) => e.label);
    expect(labels.filter((l) => l.startsWith('保证'))).toEqual([
      '保证申请',
      '保证驳回',
      '保证申请',
      '保证撤回',
      '保证申请',
      '保证签收',
    ]);
    expect(
      (await listOf(token.suzhou, `side=applied&packageNo=${detail.bill.packageNo.slice(-8)}`)).totalElements,
    ).toBe(3);
    expect((await listOf(token.suzhou, 'side=applied&packageNo=%25')).totalElements).toBe(0);
  });

  it('cannot be signed on or after maturity, only refused', async () => {
    const detail = await suzhouHolds();
    const record = await applied(token.shanghai, {
      packageId: detail.bill.id,
      role: 'drawer',
      guarantorOrgId: ORG.ningbo,
    });
    t.clock.advance(100 * 24 * 3600 * 1000);
    token = await ledgerTokens(t);
    const [row] = (await listOf(token.ningbo, 'side=received')).content;
    expect(row!.actions).toEqual(['refuse']);
    const late = await billCall(t.app, 'POST', pathOf(GUARANTEE_URL.sign, { id: record.id }), token.ningbo);
    expect(late.statusCode).toBe(409);
    expect(late.json<{ code: string }>().code).toBe('BILL_MATURED');
    const apply = await applyCall(token.shanghai, {
      packageId: detail.bill.id,
      role: 'acceptor',
      guarantorOrgId: ORG.ningbo,
    })();
    expect(apply.statusCode).toBe(409);
  });

  it('cannot be signed once the drawer has withdrawn the bill, only refused', async () => {
    // Registered to Suzhou, not yet signed for: the drawer may still withdraw it.
    const detail = await issued(t, MOBILE.shanghai, token.shanghai, issueBody(t, { payeeOrgId: ORG.suzhou }));
    const record = await applied(token.shanghai, {
      packageId: detail.bill.id,
      role: 'drawer',
      guarantorOrgId: ORG.ningbo,
    });
    await dataOf(await drawerAct(t, token.shanghai, detail.bill.id, 'revoke'));
    const [row] = (await listOf(token.ningbo, 'side=received')).content.filter((g) => g.id === record.id);
    expect(row!.actions).toEqual(['refuse']);
    const late = await billCall(t.app, 'POST', pathOf(GUARANTEE_URL.sign, { id: record.id }), token.ningbo);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: API_ERROR.billStateInvalid,
      msg: '票据已终止或已结清，该保证申请不能再签收，请驳回或由申请方撤回',
    });
    const refused = await act(token.ningbo, 'refuse', record.id, { reason: '票据已撤票' });
    expect(refused.statusCode).toBe(200);
  });

  it('of two signatures at once exactly one goes through', async () => {
    const detail = await suzhouHolds();
    const record = await applied(token.shanghai, {
      packageId: detail.bill.id,
      role: 'drawer',
      guarantorOrgId: ORG.ningbo,
    });
    const run = (command: typeof signGuarantee, orgId: string, mobile: string) =>
      t.app.db
        .transaction()
        .execute((trx) =>
          command(
            { trx, now: t.app.now(), actor: { orgId, userId: userIdOf(mobile) }, realtime: null },
            record.id,
          ),
        );
    const results = await Promise.allSettled([
      run(signGuarantee, ORG.ningbo, MOBILE.ningbo),
      run(withdrawGuarantee, ORG.shanghai, MOBILE.shanghai),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const events = await t.app.db
      .selectFrom('bill_events')
      .select('type')
      .where('package_id', '=', detail.bill.id)
      .where('type', 'in', ['guaranteed', 'guaranteeWithdrawn'])
      .execute();
    expect(events).toHaveLength(1);
  });
});

describe('保证 list', () => {
  it('pages newest first with the total of the side on every page, past the end too', async () => {
    const pkg = await t.app.db.selectFrom('bill_packages').select('id').executeTakeFirstOrThrow();
    const ids = ['g-1', 'g-2', 'g-3'];
    await t.app.db
      .insertInto('bill_guarantees')
      .values(
        ids.map((id, i) => ({
          id,
          package_id: pkg.id,
          role: 'drawer',
          guaranteed_org_id: ORG.hangzhou,
          guarantor_org_id: ORG.ningbo,
          applicant_user_id: userIdOf(HANGZHOU_MOBILE),
          status: 'pending',
          remark: '',
          reason: null,
          answered_by: null,
          applied_at: t.app.now() + i,
          answered_at: null,
        })),
      )
      .execute();
    const hangzhou = await tokenOf(t, HANGZHOU_MOBILE, ORG.hangzhou);
    const pageOf = (page: number) => listOf(hangzhou, `side=applied&size=2&page=${page}`);
    const first = await pageOf(0);
    expect([first.totalElements, first.content.map((g) => g.id)]).toEqual([3, ['g-3', 'g-2']]);
    const second = await pageOf(1);
    expect([second.totalElements, second.content.map((g) => g.id)]).toEqual([3, ['g-1']]);
    const past = await pageOf(4);
    expect([past.totalElements, past.content]).toEqual([3, []]);
    expect((await listOf(hangzhou, 'side=received')).totalElements).toBe(0);
  });
});

describe('the bills offered for a guarantee', () => {
  const searchOf = (accessToken: string, query = '') =>
    billCall(t.app, 'GET', `${GUARANTEE_URL.candidates}${query === '' ? '' : `?${query}`}`, accessToken);
  const candidatesOf = async (accessToken: string, query = '') =>
    dataOf<GuaranteeCandidate[]>(await searchOf(accessToken, query));
  const rolesOn = async (accessToken: string, packageId: string) =>
    (await candidatesOf(accessToken)).find((c) => c.packageId === packageId)?.roles;

  it('offers each party the bills it is liable on, with its roles, newest first, and none that ended', async () => {
    // Suzhou draws on Shanghai's acceptance: until Shanghai accepts, it is not liable on the bill.
    t.clock.advance(1000);
    const detail = await issued(t, MOBILE.suzhou, token.suzhou, issueBody(t));
    const id = detail.bill.id;
    expect(await rolesOn(token.suzhou, id)).toEqual(['drawer']);
    expect(await rolesOn(token.shanghai, id)).toBeUndefined();
    await signsPending(t, token, 'shanghai', id);
    expect(await rolesOn(token.shanghai, id)).toEqual(['acceptor']);
    // Ningbo receives it and endorses a part back to the drawer: Ningbo is now an endorser.
    await signsPending(t, token, 'ningbo', id);
    expect(await rolesOn(token.ningbo, id)).toBeUndefined();
    const [holding] = (await heldOf(t, token.ningbo)).content.filter((h) => h.packageId === id);
    const endorsement = await endorsed(t, MOBILE.ningbo, token.ningbo, {
      holdingId: holding!.id,
      endorseeOrgId: ORG.suzhou,
      amount: '1.00',
    });
    expect(await rolesOn(token.ningbo, id)).toBeUndefined();
    await dataOf(await answer(t, token.suzhou, endorsement.id, 'sign'));
    expect((await candidatesOf(token.ningbo)).find((c) => c.packageId === id)).toEqual(
      expect.objectContaining({ billStatus: 'CS03', amount: '1000000.00', roles: ['endorser'] }),
    );

    // A later bill comes first; one the drawer withdrew is offered no more.
    t.clock.advance(1000);
    const later = await issued(t, MOBILE.suzhou, token.suzhou, issueBody(t));
    t.clock.advance(1000);
    const withdrawn = await issued(t, MOBILE.suzhou, token.suzhou, issueBody(t));
    expect((await candidatesOf(token.suzhou)).slice(0, 3).map((c) => c.packageId)).toEqual([
      withdrawn.bill.id,
      later.bill.id,
      id,
    ]);
    await dataOf(await drawerAct(t, token.suzhou, withdrawn.bill.id, 'revoke'));
    const offered = (await candidatesOf(token.suzhou)).map((c) => c.packageId);
    expect(offered.slice(0, 2)).toEqual([later.bill.id, id]);
    expect(offered).not.toContain(withdrawn.bill.id);
  });

  /**
   * Written past the ledger: 300 bills made alternately after every bill the demo has, Shanghai drawing the
   * even ones on Suzhou's acceptance (not accepted yet) and accepting the odd ones for Suzhou (received by
   * Ningbo); every fiftieth names a payee with a literal % in its name.
   */
  async function writeCandidates() {
    const due = addMonths(shanghaiDate(t.app.now()), 3);
    const newest = t.app.now() + 1_000_000;
    const packages = Array.from({ length: 300 }, (_, i) => {
      const drew = i % 2 === 0;
      return {
        id: `candidate-${String(i).padStart(3, '0')}`,
        package_no: `7${String(i).padStart(29, '0')}`,
        drawer_org_id: drew ? ORG.shanghai : ORG.suzhou,
        drawer_name: drew ? '上海出票测试' : '苏州出票测试',
        acceptor_org_id: drew ? ORG.suzhou : ORG.shanghai,
        acceptor_name: '承兑人',
        payee_org_id: ORG.ningbo,
        payee_name: i % 50 === 0 ? `宁波收款（${i}%）` : '宁波收款',
        drawer_branch_no: '310290000021',
        amount_fen: 100,
        issue_date: shanghaiDate(t.app.now()),
        due_date: due,
        no_transfer: 0,
        splittable: 1,
        remark: '',
        created_by: userIdOf(MOBILE.shanghai),
        created_at: newest - (299 - i),
        drawer_account_no: null,
        drawer_bank_name: null,
        acceptor_account_no: null,
        acceptor_bank_name: null,
        payee_account_no: null,
        payee_bank_name: null,
      };
    });
    await t.app.db.insertInto('bill_packages').values(packages).execute();
    await t.app.db
      .insertInto('bill_holdings')
      .values(
        packages.map((p, i) => ({
          id: `${p.id}-h`,
          package_id: p.id,
          org_id: i % 2 === 0 ? ORG.shanghai : ORG.ningbo,
          sub_start: 1,
          sub_end: 100,
          amount_fen: 100,
          bill_status: i % 2 === 0 ? 'CS01' : 'CS03',
          circ_status: i % 2 === 0 ? 'TF0302' : 'TF0301',
          acquired_at: p.created_at,
          ended_at: null,
          account_id: null,
          due_date: p.due_date,
        })),
      )
      .execute();

    return packages;
  }
  const idsOf = (rows: ReadonlyArray<{ id: string }>) => rows.map((row) => row.id);

  it('offers the newest `size` of every role together', async () => {
    const packages = await writeCandidates();
    const offered = await candidatesOf(token.shanghai);
    expect(offered.map((c) => c.packageId)).toEqual(
      idsOf(packages.slice(-GUARANTEE_CANDIDATES_SIZE).reverse()),
    );
    expect(offered.slice(0, 2).map((c) => [c.roles, c.billStatus, c.drawerName])).toEqual([
      [['acceptor'], 'CS03', '苏州出票测试'],
      [['drawer'], 'CS01', '上海出票测试'],
    ]);
    const most = await candidatesOf(token.shanghai, `size=${GUARANTEE_CANDIDATES_MAX}`);
    expect(most.map((c) => c.packageId)).toEqual(idsOf(packages.slice(-GUARANTEE_CANDIDATES_MAX).reverse()));
    for (const size of [0, GUARANTEE_CANDIDATES_MAX + 1]) {
      const refused = await searchOf(token.shanghai, `size=${size}`);
      expect(refused.statusCode).toBe(400);
    }
  });

  it("searches the package number and the parties' names, literally, among the caller's own bills", async () => {
    const packages = await writeCandidates();
    // A fragment of one package number.
    const byNumber = await candidatesOf(token.shanghai, `keyword=${encodeURIComponent(' 00123 ')}`);
    expect(byNumber.map((c) => c.packageId)).toEqual(['candidate-123']);
    // The drawer's name: the odd bills, which Shanghai accepted, newest first, `size` of them.
    const byDrawer = await candidatesOf(token.shanghai, `keyword=${encodeURIComponent('苏州出票')}&size=3`);
    expect(byDrawer.map((c) => c.packageId)).toEqual(['candidate-299', 'candidate-297', 'candidate-295']);
    // % is a character of the payee's name, not a wildcard.
    const byPayee = await candidatesOf(token.shanghai, `keyword=${encodeURIComponent('%')}`);
    expect(byPayee.map((c) => c.packageId)).toEqual(idsOf(packages.filter((_, i) => i % 50 === 0).reverse()));
    // Suzhou is party to the same bills only as an acceptor that has not accepted; Ningbo holds but is not liable.
    expect(await candidatesOf(token.suzhou, `keyword=${encodeURIComponent('%')}`)).toEqual([]);
    expect(await candidatesOf(token.ningbo, `keyword=${encodeURIComponent('宁波收款')}`)).toEqual([]);
    expect(await candidatesOf(token.shanghai, 'keyword=nothing-like-this')).toEqual([]);
  });
});

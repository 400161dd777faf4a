import type { InstitutionAnswer, InstitutionApplication } from '../../../src/adapters/institution/gateway';
import { SANDBOX_QUOTE_VALID_MS, SandboxInstitutionGateway } from '../../../src/adapters/institution/sandbox';
import { decide, policyOf } from '../../../src/adapters/institution/sandbox-policy';
import { SandboxSettlementGateway } from '../../../src/adapters/settlement/sandbox';
import { DEMO_ORGS } from '../../../src/db/seed';
import { DEMO_INSTITUTIONS } from '../../../src/db/demo/institutions';
import { startApp, type TestApp } from '../../support/helpers';

const CORE = DEMO_ORGS.shanghai.creditCode;
const OTHER = DEMO_ORGS.suzhou.creditCode;
const SPDB = DEMO_INSTITUTIONS.spdb;
const CMB = DEMO_INSTITUTIONS.cmb;
const CIB = DEMO_INSTITUTIONS.cib;
const TODAY = '2026-03-02';

const bill = (over: Partial<InstitutionApplication['bill']> = {}): InstitutionApplication['bill'] => ({
  billNo: '5' + '0'.repeat(29),
  acceptorName: DEMO_ORGS.shanghai.name,
  acceptorCreditCode: CORE,
  amountFen: 100_000_00,
  maturityDate: '2026-05-01',
  ...over,
});

describe('the sandbox institutions’ written policy', () => {
  it('prices by acceptor and remaining term, each longer tier dearer', () => {
    const spdb = policyOf(SPDB.bankNo);
    expect(decide(spdb, bill(), TODAY)).toEqual({ decision: 'sign', annualRate: '1.8500' });
    expect(decide(spdb, bill({ maturityDate: '2026-07-01' }), TODAY)).toEqual({
      decision: 'sign',
      annualRate: '1.9500',
    });
    expect(decide(spdb, bill({ maturityDate: '2027-01-01' }), TODAY)).toEqual({
      decision: 'sign',
      annualRate: '2.1000',
    });
    expect(decide(spdb, bill({ acceptorCreditCode: OTHER }), TODAY)).toEqual({
      decision: 'sign',
      annualRate: '2.6000',
    });
  });

  it('refuses an acceptor without credit, a term out of range, an amount over the limit, a rate below its own', () => {
    expect(decide(policyOf(CMB.bankNo), bill({ acceptorCreditCode: OTHER }), TODAY)).toEqual({
      decision: 'refuse',
      reason: 'acceptor_not_approved',
    });
    for (const maturityDate of [TODAY, '2026-03-01', '2027-03-10']) {
      expect(decide(policyOf(SPDB.bankNo), bill({ maturityDate }), TODAY)).toEqual({
        decision: 'refuse',
        reason: 'term_out_of_range',
      });
    }
    expect(decide(policyOf(CIB.bankNo), bill({ amountFen: 2_000_000_00 }), TODAY).decision).toBe('sign');
    expect(decide(policyOf(CIB.bankNo), bill({ amountFen: 2_000_000_01 }), TODAY)).toEqual({
      decision: 'refuse',
      reason: 'over_limit',
    });
    expect(decide(policyOf(SPDB.bankNo), bill(), TODAY, '1.8499')).toEqual({
      decision: 'refuse',
      reason: 'rate_too_low',
    });
    expect(decide(policyOf(SPDB.bankNo), bill(), TODAY, '1.9000').decision).toBe('sign');
  });
});

describe('the sandbox institution adapter', () => {
  let t: TestApp;
  let gateway: SandboxInstitutionGateway;
  let answers: InstitutionAnswer[];
  let failNext: number;

  const application = (id: string, over: Partial<InstitutionApplication> = {}): InstitutionApplication => ({
    applicationId: id,
    act: 'discount',
    institution: { orgId: SPDB.orgId, bankNo: SPDB.bankNo },
    applicantName: DEMO_ORGS.suzhou.name,
    bill: bill(),
    onDate: TODAY,
    annualRate: '1.9000',
    clearing: 'SM00',
    ...over,
  });
  const runDue = async () => {
    gateway.worker.kick();
    await gateway.worker.idle();
  };
  const row = (id: string) =>
    t.app.db
      .selectFrom('sandbox_institution_applications')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  const start = async (answerDelayMs: number | null) => {
    t = await startApp({ seedDemo: true });
    gateway = new SandboxInstitutionGateway(
      {
        db: t.app.db,
        now: t.clock.now,
        pay: (order, within) => new SandboxSettlementGateway(t.clock.now).pay(order, within),
        answerDelayMs,
        leaseMs: 60_000,
        pollMs: 3_600_000,
      },
      t.app.log,
    );
    answers = [];
    failNext = 0;
    gateway.answerTo('discount', async (answer) => {
      if (failNext > 0) {
        failNext -= 1;
        throw new Error('platform busy');
      }
      answers.push(answer);
    });
  };
  afterEach(async () => {
    await gateway.worker.stop();
    await t.app.close();
  });

  it('quotes the policy’s rate with an expiry, or declines with the reason', async () => {
    await start(60_000);
    const request = { institution: SPDB, act: 'discount' as const, bill: bill(), onDate: TODAY };
    expect(await gateway.quote(request)).toEqual({
      status: 'offered',
      annualRate: '1.8500',
      validUntil: t.clock.now() + SANDBOX_QUOTE_VALID_MS,
    });
    expect(
      await gateway.quote({ ...request, institution: CMB, bill: bill({ acceptorCreditCode: OTHER }) }),
    ).toEqual({ status: 'declined', reason: 'acceptor_not_approved' });
  });

  it('answers by the policy once the delay has passed, not before, and once', async () => {
    await start(60_000);
    await gateway.submit(application('a1'), t.app.db);
    await gateway.submit(application('a2', { annualRate: '1.0000' }), t.app.db);
    await runDue();
    expect(answers).toEqual([]);
    t.clock.advance(60_000);
    await runDue();
    expect(answers).toEqual([
      { applicationId: 'a1', act: 'discount', institutionOrgId: SPDB.orgId, decision: 'sign' },
      {
        applicationId: 'a2',
        act: 'discount',
        institutionOrgId: SPDB.orgId,
        decision: 'refuse',
        reason: 'rate_too_low',
        remark: '申请利率低于本行报价',
      },
    ]);
    expect(await row('a1')).toMatchObject({ status: 'done', outcome: 'sign' });
    t.clock.advance(3_600_000);
    await runDue();
    expect(answers).toHaveLength(2);
  });

  it('takes a developer’s answer at once, in place of the policy, and only one', async () => {
    await start(null);
    await gateway.submit(application('h1'), t.app.db);
    t.clock.advance(24 * 3_600_000);
    await runDue();
    expect(answers).toEqual([]);
    expect(await gateway.answerByHand('h1', { decision: 'refuse', remark: '额度已用完' })).toBe(true);
    expect(answers).toEqual([
      {
        applicationId: 'h1',
        act: 'discount',
        institutionOrgId: SPDB.orgId,
        decision: 'refuse',
        reason: 'other',
        remark: '额度已用完',
      },
    ]);
    expect(await gateway.answerByHand('h1', { decision: 'sign' })).toBe(false);
    expect(await gateway.answerByHand('nobody', { decision: 'sign' })).toBe(false);
  });

  it('answers a developer’s answer in the call itself, not through the worker and its queue', async () => {
    await start(null);
    await gateway.submit(application('q1'), t.app.db);
    await gateway.submit(application('q2'), t.app.db);
    // The worker runs one task at a time; the call waits for none of them, and needs none.
    await gateway.worker.stop();
    expect(await gateway.answerByHand('q2', { decision: 'sign' })).toBe(true);
    expect(answers).toEqual([
      { applicationId: 'q2', act: 'discount', institutionOrgId: SPDB.orgId, decision: 'sign' },
    ]);
    expect(await row('q2')).toMatchObject({ status: 'done', outcome: 'sign', attempts: 1 });
    expect(await row('q1')).toMatchObject({ status: 'running', attempts: 0 });
  });

  it('delivers again, later each time and with the same decision, while the platform fails the answer', async () => {
    await start(0);
    failNext = 2;
    await gateway.submit(application('r1'), t.app.db);
    await runDue();
    expect(answers).toEqual([]);
    expect(await row('r1')).toMatchObject({ status: 'running', attempts: 1, decision: 'sign' });
    await runDue();
    expect(answers).toEqual([]);
    t.clock.advance(2_000);
    await runDue();
    expect(answers).toEqual([]);
    t.clock.advance(4_000);
    await runDue();
    expect(answers.map((a) => a.decision)).toEqual(['sign']);
    expect(await row('r1')).toMatchObject({ status: 'done', outcome: 'sign', attempts: 3 });
  });

  it('pays on a signed act from the institution’s account through the settlement bank, once per reference', async () => {
    await start(null);
    const from = { accountNo: SPDB.accountNo, accountName: SPDB.name, branchNo: SPDB.bankNo };
    const to = { accountNo: '6222000000000001', accountName: '甲公司', branchNo: SPDB.bankNo };
    const order = {
      applicationId: 's1',
      from,
      to,
      amountFen: 99_500_00,
      reference: 'discount:s1',
      remark: '贴现款',
    };
    const paid = await gateway.settle(order, t.app.db);
    expect(paid.status).toBe('paid');
    expect(await gateway.settle(order, t.app.db)).toEqual(paid);
    const bank = new SandboxSettlementGateway(t.clock.now);
    const statement = await bank.statement(to.accountNo, { page: 0, size: 5 }, t.app.db);
    expect(statement.balanceFen).toBe(99_500_00);
    expect(statement.lines).toHaveLength(1);
  });

  it('answers nothing once withdrawn, and keeps nothing of a submission rolled back', async () => {
    await start(0);
    await gateway.submit(application('w1'), t.app.db);
    await gateway.withdraw('w1', t.app.db);
    await expect(
      t.app.db.transaction().execute(async (trx) => {
        await gateway.submit(application('x1'), trx);
        throw new Error('the application failed');
      }),
    ).rejects.toThrow('the application failed');
    await runDue();
    expect(answers).toEqual([]);
    expect(await row('w1')).toMatchObject({ status: 'done', outcome: 'withdrawn' });
    expect(await gateway.applications(10)).toHaveLength(1);
  });
});

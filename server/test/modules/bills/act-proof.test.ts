/**
 * An act's SMS code or QR confirmation is spent in the act's own transaction: exactly once, only by the act
 * it was given for, never by an act that was refused or rolled back, and a wrong code counts whatever
 * becomes of the act.
 */
import { BILL_URL } from '@contract/bills';
import type { BillApplication } from '@contract/bills-schemas';
import { VERIFICATION_ERROR } from '@contract/verification';
import { isPostgres } from '../../../src/db/dialect';
import { IDEMPOTENT_REPLAY_HEADER } from '../../../src/lib/idempotency';
import {
  billCall,
  confirmQr,
  heldAfterSigning,
  issueBody,
  ledgerAppEach,
  MOBILE,
  ORG,
  type LedgerTokens,
} from '../../support/bill-helpers';
import type { TestApp } from '../../support/helpers';
import {
  latestCode,
  otherCode,
  refusalOf,
  sendSms,
  withCode,
  withQr,
} from '../../support/verification-helpers';

let t: TestApp;
let token: LedgerTokens;
ledgerAppEach((app) => ({ t, token } = app));

const HOURS = 60 * 60 * 1000;
const key = (name: string) => ({ 'idempotency-key': `act-proof-${name}` });

/** 宁波 holds a received bill of 1,000,000.00 yuan (上海 issued it, 宁波 signed for it). */
async function ningboHolding() {
  const { holding } = await heldAfterSigning(t, token, 'shanghai', 'ningbo', issueBody(t));
  return { holdingId: holding.id, endorseeOrgId: ORG.suzhou as string, amount: '400000.00' };
}

type Endorsement = Awaited<ReturnType<typeof ningboHolding>>;
const endorse = (body: Endorsement, headers: Record<string, string> = {}) =>
  billCall(t.app, 'POST', BILL_URL.endorse, token.ningbo, body, headers);

/** Asks for the endorsement without a proof (406) and sends 宁波's member a code for it. */
async function codeFor(body: Endorsement): Promise<string> {
  t.clock.advance(61_000);
  expect((await endorse(body)).statusCode).toBe(406);
  expect((await sendSms(t.app, MOBILE.ningbo, { accessToken: token.ningbo })).statusCode).toBe(200);
  return latestCode(t.app, MOBILE.ningbo);
}

const applicationsOf = (holdingId: string) =>
  t.app.db
    .selectFrom('bill_applications as a')
    .innerJoin('bill_holdings as h', 'h.package_id', 'a.package_id')
    .select('a.id')
    .where('h.id', '=', holdingId)
    .where('a.applicant_org_id', '=', ORG.ningbo)
    .execute();

const drawnBySuzhou = async () =>
  (await t.app.db.selectFrom('bill_packages').select('id').where('drawer_org_id', '=', ORG.suzhou).execute())
    .length;

const codeRow = (mobile: string = MOBILE.ningbo) =>
  t.app.db
    .selectFrom('sms_codes')
    .select(['attempts', 'used_at', 'invalidated_at'])
    .where('mobile', '=', mobile)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();

describe('the proof of a ledger act', () => {
  it('lets one of several acts sent at once with one code through and refuses the others as a verification', async () => {
    // 苏州 issues the same bill several times at once: the check before verification lets each through.
    const body = issueBody(t);
    const issue = (headers: Record<string, string>) =>
      billCall(t.app, 'POST', BILL_URL.issue, token.suzhou, body, headers);
    expect((await issue({})).statusCode).toBe(406);
    expect((await sendSms(t.app, MOBILE.suzhou, { accessToken: token.suzhou })).statusCode).toBe(200);
    const code = await latestCode(t.app, MOBILE.suzhou);
    const before = await drawnBySuzhou();
    // The requests queue for the database together, so each passes the check of its proof before any
    // of them commits (on SQLite they would otherwise run one after the other).
    let open = () => {};
    const held = t.app.db.transaction().execute(() => new Promise<void>((resolve) => (open = resolve)));
    const sent = ['a', 'b', 'c'].map((name) => issue({ ...withCode(code), ...key(name) }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    open();
    await held;
    const answers = await Promise.all(sent);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 406, 406]);
    for (const refused of answers.filter((answer) => answer.statusCode === 406)) {
      expect(refusalOf(refused)).toMatchObject({
        code: VERIFICATION_ERROR.smsCodeInvalid,
        challengeId: expect.any(String),
      });
    }
    expect(await drawnBySuzhou()).toBe(before + 1);
    // Each refused either by the guard (the proof already spent: a replay) or by the command that found it
    // spent when it came to spend it; on SQLite, where the requests queued together, at least one so.
    const raced = t.logs.events('otp.failed').filter((event) => event.reason === 'raced').length;
    expect(raced + t.logs.events('verification.replay').length).toBe(2);
    if (!isPostgres(t.app.db)) expect(raced).toBeGreaterThan(0);
    expect((await codeRow(MOBILE.suzhou)).used_at).not.toBeNull();
  });

  it('counts a wrong code although the act does not run: five wrong tries spoil the right code', async () => {
    const body = await ningboHolding();
    const code = await codeFor(body);
    const wrong = await endorse(body, withCode(otherCode(code)));
    expect(wrong.statusCode).toBe(406);
    expect(refusalOf(wrong).code).toBe(VERIFICATION_ERROR.smsCodeInvalid);
    expect((await codeRow()).attempts).toBe(1);
    for (let i = 2; i <= 5; i++)
      expect((await endorse(body, withCode(otherCode(code, i)))).statusCode).toBe(406);
    expect(await codeRow()).toMatchObject({ attempts: 5, used_at: null, invalidated_at: expect.anything() });
    const right = await endorse(body, withCode(code));
    expect(right.statusCode).toBe(406);
    expect(await applicationsOf(body.holdingId)).toHaveLength(0);
  });

  it('refuses the code for another amount or endorsee, spends it on its own act once, and replays that act without it', async () => {
    const body = await ningboHolding();
    const code = await codeFor(body);
    // Another amount, another endorsee: the code is refused for each, counted as a try, and not spent.
    const otherAmount = await endorse({ ...body, amount: '300000.00' }, withCode(code));
    expect(otherAmount.statusCode).toBe(406);
    const otherEndorsee = await endorse({ ...body, endorseeOrgId: ORG.shanghai }, withCode(code));
    expect(otherEndorsee.statusCode).toBe(406);
    expect((await codeRow()).used_at).toBeNull();
    // The act it was given for goes through with it, once; its replay needs no proof.
    const done = await endorse(body, { ...withCode(code), ...key('done') });
    expect(done.statusCode, done.body).toBe(201);
    const replay = await endorse(body, key('done'));
    expect(replay.statusCode).toBe(201);
    expect(replay.headers[IDEMPOTENT_REPLAY_HEADER.toLowerCase()]).toBe('true');
    expect(replay.json<{ data: BillApplication }>().data.id).toBe(
      done.json<{ data: BillApplication }>().data.id,
    );
    expect((await codeRow()).used_at).not.toBeNull();
    expect(await applicationsOf(body.holdingId)).toHaveLength(1);
  });

  it('keeps a QR confirmation unspent when the act is refused after it, and the same act then goes through with it', async () => {
    const body = issueBody(t);
    const issue = (payload: object, headers: Record<string, string>) =>
      billCall(t.app, 'POST', BILL_URL.issue, token.shanghai, payload, headers);
    const asked = await issue(body, {});
    expect(asked.statusCode).toBe(412);
    const { qrId, signature } = await confirmQr(t, token.shanghai, refusalOf(asked).challengeId ?? '');
    // The business day closes after the check before verification has passed and the confirmation has been
    // found good, before the command runs: the command refuses and rolls back.
    const licence = t.app.adapters.licence;
    const verify = licence.verify.bind(licence);
    licence.verify = (...args) => {
      t.clock.advance(12 * HOURS);
      return verify(...args);
    };
    const closed = await issue(body, withQr(qrId, signature));
    licence.verify = verify;
    t.clock.advance(-12 * HOURS);
    expect(closed.statusCode, closed.body).toBe(409);
    const session = () =>
      t.app.db
        .selectFrom('qr_sessions')
        .select('consumed_at')
        .where('id', '=', qrId)
        .executeTakeFirstOrThrow();
    expect((await session()).consumed_at).toBeNull();

    // Not for another amount.
    const other = await issue({ ...body, amount: '999999.00' }, withQr(qrId, signature));
    expect(other.statusCode).toBe(412);
    expect(refusalOf(other).code).toBe(VERIFICATION_ERROR.qrInvalid);
    // The same act again, with the same confirmation: done, and the confirmation spent.
    const done = await issue(body, withQr(qrId, signature));
    expect(done.statusCode, done.body).toBe(201);
    expect((await session()).consumed_at).not.toBeNull();
    expect((await issue(body, withQr(qrId, signature))).statusCode).toBe(412);
  });
});

import { pathOf } from '@contract/paths';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONTRACT_BIZ_TYPE, ECONTRACT_URL } from '@contract/e-contract';
import { DEMO_ACCOUNTS, DEMO_ORGS } from '../../src/db/seed';
import { signAgreement } from '../../src/modules/agreement/service';
import { esignCallbackSignature } from '../../src/lib/esign-open-api';
import { draftContract } from '../../src/modules/e-contract/service';
import { accountFor, call } from '../support/bank-helpers';
import { batchSign, dataOf, openAccount } from '../support/e-contract-helpers';
import { startFakeAliyunSms, type FakeAliyunSms } from '../support/fake-aliyun-sms';
import { startFakeEsign, type FakeEsign } from '../support/fake-esign';
import { signIn, startApp, testClock, type TestApp } from '../support/helpers';
import { sendSms, withCode } from '../support/verification-helpers';

/**
 * The platform with the sandbox off and the real providers configured, pointed at fakes that speak their
 * documented wire formats: SMS through Aliyun, identity, transfer authentication and e-signing through
 * e签宝, callbacks included.
 */
const SUZHOU_OWNER = '13800000005';
const HANGZHOU_OWNER = '13800000003';
const NOTIFY_URL = 'https://bills.example.com/api/edoc/callback';

let t: TestApp;
let sms: FakeAliyunSms;
let esign: FakeEsign;

beforeAll(async () => {
  const clock = testClock();
  sms = await startFakeAliyunSms(clock.now);
  esign = await startFakeEsign(clock.now);
  t = await startApp(
    {
      sandbox: false,
      aliyunSms: {
        endpoint: sms.endpoint,
        accessKeyId: sms.accessKeyId,
        accessKeySecret: sms.accessKeySecret,
        signName: '链票通',
        templateCode: 'SMS_100000001',
      },
      esign: {
        baseUrl: esign.baseUrl,
        appId: esign.appId,
        appSecret: esign.appSecret,
        notifyUrl: NOTIFY_URL,
      },
    },
    { now: clock.now },
  );
  // The app's clock is the fakes' clock, so their timestamps and its windows agree.
  t.clock = clock;
  // e签宝 posts its callbacks to the public address; here that address is the app itself.
  esign.deliver = async (url, body, headers) => {
    expect(url).toBe(NOTIFY_URL);
    const answer = await t.app.inject({ method: 'POST', url: new URL(url).pathname, payload: body, headers });
    return answer.statusCode;
  };
  // Suzhou signed the e-signing agreement, which its e-sign account needs, through the agreement command.
  await t.app.db.transaction().execute((trx) =>
    signAgreement(trx, {
      orgId: DEMO_ORGS.suzhou.id,
      userId: DEMO_ACCOUNTS.find((a) => a.mobile === SUZHOU_OWNER)!.id,
      code: 'E_SIGN_SERVICE',
      platformChannelId: t.config.channelId,
      now: clock.now(),
    }),
  );
  const hangzhou = await t.app.db
    .selectFrom('organizations')
    .select(['name', 'credit_code', 'legal_person'])
    .where('id', '=', DEMO_ORGS.hangzhou.id)
    .executeTakeFirstOrThrow();
  esign.orgs.push(
    {
      name: hangzhou.name,
      creditCode: hangzhou.credit_code,
      legalPerson: hangzhou.legal_person,
      realnamed: false,
    },
    {
      name: DEMO_ORGS.suzhou.name,
      creditCode: DEMO_ORGS.suzhou.creditCode,
      legalPerson: '',
      realnamed: true,
    },
  );
  esign.citizens.set('周华', '11010519491231002X');
});

afterAll(async () => {
  await t.app.close();
  await sms.close();
  await esign.close();
});

/** The newest code the fake Aliyun took for `mobile`. */
function codeSentTo(mobile: string): string {
  const sent = sms.sent.filter((m) => m.mobile === mobile).at(-1);
  if (!sent?.params.code) throw new Error(`no SMS to ${mobile}`);
  return sent.params.code;
}

describe('with the sandbox off and real providers configured', () => {
  it('has no sandbox routes', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/sandbox/sms',
      query: { mobile: SUZHOU_OWNER },
    });
    expect(response.statusCode).toBe(404);
  });

  it('signs in, sends the SMS code through Aliyun, and opens the e签宝 account with it', async () => {
    const token = (await signIn(t.app, SUZHOU_OWNER)).access_token;
    expect((await openAccount(t.app, token)).statusCode).toBe(406);
    const sent = await sendSms(t.app, SUZHOU_OWNER, { accessToken: token });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sms.sent.at(-1)).toMatchObject({
      mobile: SUZHOU_OWNER,
      signName: '链票通',
      templateCode: 'SMS_100000001',
    });
    const opened = await openAccount(t.app, token, withCode(codeSentTo(SUZHOU_OWNER)));
    expect(opened.statusCode, opened.body).toBe(200);
    expect(esign.calls).toContain('GET /v3/organizations/identity-info');
    const seals = await t.app.db
      .selectFrom('esign_seals')
      .select(['provider_seal_id', 'is_default'])
      .where('org_id', '=', DEMO_ORGS.suzhou.id)
      .execute();
    expect(seals.find((s) => s.is_default === 1)?.provider_seal_id).toBe(
      `org-${DEMO_ORGS.suzhou.creditCode}-contract`,
    );
  });

  it('signs a contract through e签宝 and applies its signed callback with the signed file', async () => {
    const token = (await signIn(t.app, SUZHOU_OWNER)).access_token;
    const contract = await draftContract(
      { db: t.app.db, files: t.app.adapters.files, now: t.app.now() },
      {
        orgId: DEMO_ORGS.suzhou.id,
        bizType: CONTRACT_BIZ_TYPE.orgAgreement,
        bizId: 'agreement-e2e',
        counterparty: { name: t.app.config.platformName, creditCode: DEMO_ORGS.shanghai.creditCode },
        amountFen: 1_200_000,
      },
    );
    expect((await batchSign(t.app, token, { contractIds: [contract.id] })).statusCode).toBe(406);
    t.clock.advance(61_000);
    await sendSms(t.app, SUZHOU_OWNER, { accessToken: token });
    const signed = await batchSign(
      t.app,
      token,
      { contractIds: [contract.id] },
      withCode(codeSentTo(SUZHOU_OWNER)),
    );
    expect(signed.statusCode, signed.body).toBe(200);
    await vi.waitFor(
      async () => {
        const row = await t.app.db
          .selectFrom('contracts')
          .select(['status', 'signed_file_key'])
          .where('id', '=', contract.id)
          .executeTakeFirstOrThrow();
        expect(row.status).toBe('complete');
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(esign.callbacks).toEqual([expect.objectContaining({ status: 200 })]);
    const flow = [...esign.flows.values()].find((f) => f.title === contract.title);
    expect(flow?.fields[0]).toMatchObject({
      autoSign: true,
      sealId: `org-${DEMO_ORGS.suzhou.creditCode}-contract`,
    });
    const preview = await t.app.inject({
      method: 'GET',
      url: pathOf(ECONTRACT_URL.preview, { id: contract.id }),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('%esign-fake signed');
    // e签宝 repeats a callback it thinks unheard (freshly signed): the contract is not touched twice.
    const [first] = esign.callbacks;
    const body = JSON.stringify(first?.body);
    const timestamp = String(t.app.now());
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/edoc/callback',
      payload: body,
      headers: {
        'content-type': 'application/json',
        'X-Tsign-Open-TIMESTAMP': timestamp,
        'X-Tsign-Open-SIGNATURE': esignCallbackSignature(esign.appSecret, timestamp, {}, Buffer.from(body)),
      },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ code: 200, msg: 'replay' });
    // Without its signature it is not believed at all.
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/edoc/callback',
      payload: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(401);
  });

  it('authenticates an organisation by an e签宝 transfer whose amount only e签宝 knows', async () => {
    const token = (await signIn(t.app, HANGZHOU_OWNER)).access_token;
    const applied = await call(t.app, 'POST', '/api/organization/auth/bank-transfer-auth/apply', token, {
      payload: accountFor('hangzhou', '6216 6000 0000 4321'),
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const verification = dataOf<{ id: string; status: string }>(applied);
    expect(verification.status).toBe('PAID');
    const stored = await t.app.db
      .selectFrom('bank_verifications')
      .select(['amount_fen', 'provider_checks', 'transfer_id'])
      .where('id', '=', verification.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ amount_fen: 0, provider_checks: 1 });
    const paid = esign.paid.get(stored.transfer_id) ?? 0;
    const yuan = (fen: number) => `0.${String(fen).padStart(2, '0')}`;
    const check = (amount: string) =>
      call(t.app, 'POST', '/api/organization/auth/bank-transfer-auth/check', token, {
        payload: { id: verification.id, amount },
      });
    const wrong = await check(yuan(paid === 99 ? 98 : paid + 1));
    expect(wrong.statusCode).toBe(400);
    const right = await check(yuan(paid));
    expect(right.statusCode, right.body).toBe(200);
    expect(dataOf<{ authorized: boolean }>(right).authorized).toBe(true);
  });

  it('checks a user’s real name through e签宝', async () => {
    const token = (await signIn(t.app, HANGZHOU_OWNER)).access_token;
    const mismatch = await call(t.app, 'POST', '/api/user/idAuth', token, {
      payload: { name: '李华', idNumber: '11010519491231002X' },
    });
    expect(mismatch.statusCode).toBe(400);
    const verified = await call(t.app, 'POST', '/api/user/idAuth', token, {
      payload: { name: '周华', idNumber: '11010519491231002X' },
    });
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it('answers 503 for the licence QR, which has no public API', async () => {
    const token = (await signIn(t.app, SUZHOU_OWNER)).access_token;
    const response = await call(
      t.app,
      'GET',
      '/api/organization/elec-license/org-auth/qr-image/apply',
      token,
    );
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ msg: '电子营业执照服务暂不可用，请稍后重试' });
  });
});

import { ELEC_LICENCE_URL } from '@contract/elec-licence';
import type { LicenceQrImage } from '@contract/elec-licence-schemas';
import { API_ERROR } from '@contract/errors';
import { ORG_URL } from '@contract/organization';
import type { Onboarding, OrgAgreement } from '@contract/organization-schemas';
import type { OrgFunction } from '@contract/shell-schemas';
import { DEMO_ORGS } from '../../../src/db/seed';
import { IDEMPOTENT_REPLAY_HEADER } from '../../../src/lib/idempotency';
import { sandboxDecide } from '../../support/apply-record-helpers';
import { startApp, type TestApp } from '../../support/helpers';
import { call, codeOf, dataOf, sessionOf, userIdOf, withSmsCode } from '../../support/org-helpers';
import { OWNER_HZ, OWNER_SH, STAFF_SH } from '../../support/verification-helpers';

const OWNER_NB = '13800000006';

let t: TestApp;
let ownerSh: string;
let ownerHz: string;
let ownerNb: string;
let staffSh: string;
beforeEach(async () => {
  t = await startApp();
  ownerSh = await sessionOf(t.app, t.config, userIdOf(OWNER_SH), DEMO_ORGS.shanghai.id);
  ownerHz = await sessionOf(t.app, t.config, userIdOf(OWNER_HZ), DEMO_ORGS.hangzhou.id);
  ownerNb = await sessionOf(t.app, t.config, userIdOf(OWNER_NB), DEMO_ORGS.ningbo.id);
  staffSh = await sessionOf(t.app, t.config, userIdOf(STAFF_SH), DEMO_ORGS.shanghai.id);
});
afterEach(async () => {
  await t.app.close();
});

const openFunc = (token: string, funcCode: string, headers: Record<string, string> = {}) =>
  call(t.app, 'POST', ORG_URL.openFunc, token, { payload: { funcCode }, headers });
const opened = async (orgId: string) =>
  (
    await t.app.db
      .selectFrom('org_function_openings')
      .select('func_code')
      .where('org_id', '=', orgId)
      .execute()
  ).map((row) => row.func_code);
const functionsOf = async (token: string) =>
  dataOf<OrgFunction[]>(await call(t.app, 'GET', '/api/scbill/org-acct-function-endpoint', token));
const msgOf = (response: { json: <T>() => T }) => response.json<{ msg: string }>().msg;

/** Ningbo as it was before it signed the bill agreement: authenticated, its account verified, nothing more. */
async function ningboBeforeSigning(): Promise<void> {
  await t.app.db.deleteFrom('org_function_openings').where('org_id', '=', DEMO_ORGS.ningbo.id).execute();
  await t.app.db.deleteFrom('org_agreements').where('org_id', '=', DEMO_ORGS.ningbo.id).execute();
}

describe('what an organisation may open', () => {
  it('answers each function as the organisation stands: opened, 即将上线, and what opening it needs', async () => {
    const shanghai = await functionsOf(ownerSh);
    const byCode = new Map(shanghai.map((f) => [f.funcCode, f]));
    expect(byCode.get('BILL_ISSUE')).toMatchObject({
      opened: true,
      available: true,
      offered: true,
      missing: [],
    });
    // 票据贴现 is built: the Shanghai company has what it needs and may open it now.
    expect(byCode.get('BILL_DISCOUNT')).toMatchObject({
      opened: false,
      available: true,
      offered: true,
      missing: [],
    });
    expect(byCode.get('BILL_PLEDGE')).toMatchObject({ opened: false, available: true, offered: true });
    // 轻松贴融资 is built too, but its agreement (供应链融资服务协议) is not signed yet.
    expect(byCode.get('EASE_DISCOUNT')).toMatchObject({
      opened: false,
      available: true,
      offered: true,
      missing: ['AGREEMENT'],
    });
    // 质押融资 is built, and needs the same agreement.
    expect(byCode.get('PLEDGE_FIN')).toMatchObject({ opened: false, available: true });
    expect(byCode.get('PLEDGE_FIN')?.missing).toContain('AGREEMENT');
    // 提示付款 is built and may be opened; 订单融资 is not built yet.
    expect(byCode.get('BILL_PAY_PROMPT')).toMatchObject({ opened: false, available: true });
    expect(byCode.get('ORDER_FIN')).toMatchObject({ opened: false, available: false });
    // Electronic signing opens with the e-sign account, which the Shanghai company has not opened yet.
    expect(byCode.get('E_SIGN')).toMatchObject({
      opened: false,
      available: true,
      openedWith: 'ESIGN_ACCOUNT',
      missing: [],
    });
    const hangzhou = new Map((await functionsOf(ownerHz)).map((f) => [f.funcCode, f]));
    expect(hangzhou.get('BILL_ISSUE')).toMatchObject({
      opened: false,
      missing: ['AUTHENTICATION', 'SETTLEMENT_ACCOUNT', 'AGREEMENT'],
    });
  });

  it('counts an opening recorded for a function that is not built as not opened', async () => {
    await t.app.db
      .insertInto('org_function_openings')
      .values({ org_id: DEMO_ORGS.shanghai.id, func_code: 'ORDER_FIN', opened_at: 0, opened_by: null })
      .execute();
    const orderFinancing = (await functionsOf(ownerSh)).find((f) => f.funcCode === 'ORDER_FIN');
    expect(orderFinancing).toMatchObject({ opened: false, available: false });
  });
});

describe('opening a business function', () => {
  it('refuses until authenticated, with a verified settlement account and the signed agreement, naming each missing one', async () => {
    const response = await openFunc(ownerHz, 'BILL_ISSUE');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'FUNCTION_PREREQUISITES_MISSING',
      msg: '开通前请先完成：企业认证、结算账户验证、签署《供应链票据业务服务协议》',
    });
    expect(await opened(DEMO_ORGS.hangzhou.id)).toEqual([]);
  });

  it('refuses a function that is not built (即将上线), and electronic signing, which opens with the e-sign account', async () => {
    const orderFinancing = await openFunc(ownerSh, 'ORDER_FIN');
    expect(orderFinancing.statusCode).toBe(409);
    expect(codeOf(orderFinancing)).toBe(API_ERROR.functionUnavailable);
    expect(msgOf(orderFinancing)).toBe('「订单融资」即将上线，暂不能开通');
    const esign = await openFunc(ownerSh, 'E_SIGN');
    expect(codeOf(esign)).toBe(API_ERROR.functionUnavailable);
    expect(msgOf(esign)).toContain('电子签章账户');
    expect(await opened(DEMO_ORGS.shanghai.id)).not.toContain('ORDER_FIN');
    expect(await opened(DEMO_ORGS.shanghai.id)).not.toContain('E_SIGN');
  });

  it('opens 票据贴现, which is built, through the function command', async () => {
    const discount = await openFunc(ownerSh, 'BILL_DISCOUNT');
    expect(discount.statusCode, discount.body).toBe(200);
    expect(discount.json()).toMatchObject({ data: { funcCode: 'BILL_DISCOUNT', opened: true } });
    expect(await opened(DEMO_ORGS.shanghai.id)).toContain('BILL_DISCOUNT');
  });

  it('names only the agreement when the rest is in place, and opens once it is signed', async () => {
    await ningboBeforeSigning();
    const before = await openFunc(ownerNb, 'BILL_ENDORSE');
    expect(before.statusCode).toBe(409);
    expect(msgOf(before)).toBe('开通前请先完成：签署《供应链票据业务服务协议》');
    const signed = await withSmsCode(t.app, ownerNb, OWNER_NB, {
      method: 'POST',
      url: ORG_URL.sign,
      payload: { agreementCode: 'SCB_SERVICE' },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const after = await openFunc(ownerNb, 'BILL_ENDORSE');
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json()).toMatchObject({ code: 200, data: { funcCode: 'BILL_ENDORSE', opened: true } });
    const agreements = dataOf<OrgAgreement[]>(await call(t.app, 'GET', ORG_URL.sign, ownerNb));
    expect(agreements.find((a) => a.agreementCode === 'SCB_SERVICE')?.dependents).toEqual(['背书转让']);
  });

  it('asks an organisation whose licence is bound for the licence holder’s authorisation of the business', async () => {
    await t.app.db.deleteFrom('licence_qr_sessions').where('org_id', '=', DEMO_ORGS.shanghai.id).execute();
    await t.app.db
      .deleteFrom('org_function_openings')
      .where('org_id', '=', DEMO_ORGS.shanghai.id)
      .where('func_code', '=', 'BILL_ENDORSE')
      .execute();
    const before = await openFunc(ownerSh, 'BILL_ENDORSE');
    expect(msgOf(before)).toBe('开通前请先完成：电子营业执照「供应链票据业务」授权');
    const qr = await call(t.app, 'POST', ELEC_LICENCE_URL.bizAuth, ownerSh, {
      payload: { bizType: 'SCBILL' },
    });
    expect(qr.statusCode, qr.body).toBe(200);
    await sandboxDecide(t.app, dataOf<LicenceQrImage>(qr).qrId, 'confirm');
    expect((await openFunc(ownerSh, 'BILL_ENDORSE')).statusCode).toBe(200);
  });

  it('names the settlement account after the account lost its verification', async () => {
    await t.app.db
      .updateTable('bank_accounts')
      .set({ verified: 0 })
      .where('org_id', '=', DEMO_ORGS.ningbo.id)
      .execute();
    const response = await openFunc(ownerNb, 'BILL_ISSUE');
    expect(msgOf(response)).toBe('开通前请先完成：结算账户验证');
  });

  it('refuses a function the organisation’s channel does not offer', async () => {
    await t.app.db
      .deleteFrom('channel_functions')
      .where('channel_id', '=', t.config.channelId)
      .where('func_code', '=', 'BILL_ISSUE')
      .execute();
    const response = await openFunc(ownerNb, 'BILL_ISSUE');
    expect(codeOf(response)).toBe(API_ERROR.functionUnavailable);
    expect(msgOf(response)).toBe('贵司的默认渠道未提供「票据签发」');
  });

  it('keeps the first opening when opened again, and replays the answer of a retried request', async () => {
    const key = { 'Idempotency-Key': 'open-func-retry-0001' };
    const first = await openFunc(ownerNb, 'BILL_ISSUE', key);
    expect(first.statusCode, first.body).toBe(200);
    const retry = await openFunc(ownerNb, 'BILL_ISSUE', key);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers[IDEMPOTENT_REPLAY_HEADER.toLowerCase()]).toBe('true');
    t.clock.advance(1000);
    expect((await openFunc(ownerNb, 'BILL_ISSUE')).statusCode).toBe(200);
    const rows = await t.app.db
      .selectFrom('org_function_openings')
      .select('opened_at')
      .where('org_id', '=', DEMO_ORGS.ningbo.id)
      .where('func_code', '=', 'BILL_ISSUE')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('answers 400 to an unknown function and 403 to a member without the company-centre permission', async () => {
    expect((await openFunc(ownerSh, 'DROP_TABLE')).statusCode).toBe(400);
    await t.app.db
      .deleteFrom('org_function_openings')
      .where('org_id', '=', DEMO_ORGS.shanghai.id)
      .where('func_code', '=', 'BILL_ENDORSE')
      .execute();
    const refused = await openFunc(staffSh, 'BILL_ENDORSE');
    expect(refused.statusCode).toBe(403);
    expect(await opened(DEMO_ORGS.shanghai.id)).not.toContain('BILL_ENDORSE');
  });

  it('leaves a consistent state when a release and an opening that needs the agreement race', async () => {
    await ningboBeforeSigning();
    const signed = await withSmsCode(t.app, ownerNb, OWNER_NB, {
      method: 'POST',
      url: ORG_URL.sign,
      payload: { agreementCode: 'SCB_SERVICE' },
    });
    const { id } = dataOf<OrgAgreement>(signed);
    const [released, openedAnswer] = await Promise.all([
      call(t.app, 'PUT', `${ORG_URL.sign}/${id}`, ownerNb, { payload: { action: 'RELEASE' } }),
      openFunc(ownerNb, 'BILL_ISSUE'),
    ]);
    const functions = await opened(DEMO_ORGS.ningbo.id);
    const status = dataOf<OrgAgreement[]>(await call(t.app, 'GET', ORG_URL.sign, ownerNb)).find(
      (a) => a.agreementCode === 'SCB_SERVICE',
    )?.status;
    if (released.statusCode === 200) {
      expect(openedAnswer.statusCode).toBe(409);
      expect(functions).not.toContain('BILL_ISSUE');
      expect(status).toBe('RELEASED');
    } else {
      expect(openedAnswer.statusCode).toBe(200);
      expect(functions).toContain('BILL_ISSUE');
      expect(status).toBe('SIGNED');
    }
  });
});

describe('the onboarding checklist', () => {
  it('shows each step done or not', async () => {
    const hz = dataOf<Onboarding>(await call(t.app, 'GET', ORG_URL.onboarding, ownerHz));
    expect(hz).toEqual({
      authenticated: false,
      settlementAccount: false,
      agreementSigned: false,
      functionOpened: false,
    });
    const sh = dataOf<Onboarding>(await call(t.app, 'GET', ORG_URL.onboarding, ownerSh));
    expect(sh).toEqual({
      authenticated: true,
      settlementAccount: true,
      agreementSigned: true,
      functionOpened: true,
    });
  });
});

import { AGREEMENT_STATUS, ORG_URL } from '@contract/organization';
import type { OrgAgreement, ReleaseCheck } from '@contract/organization-schemas';
import { VERIFICATION_ERROR } from '@contract/verification';
import { DEMO_AGREEMENTS, DEMO_ORGS } from '../../../src/db/seed';
import { startApp, type TestApp } from '../../support/helpers';
import {
  call,
  codeOf,
  dataOf,
  sessionOf,
  userIdOf,
  withQrConfirmation,
  withSmsCode,
} from '../../support/org-helpers';
import { OWNER_HZ, OWNER_SH } from '../../support/verification-helpers';

let t: TestApp;
let ownerSh: string;
let ownerHz: string;
beforeEach(async () => {
  t = await startApp();
  ownerSh = await sessionOf(t.app, t.config, userIdOf(OWNER_SH), DEMO_ORGS.shanghai.id);
  ownerHz = await sessionOf(t.app, t.config, userIdOf(OWNER_HZ), DEMO_ORGS.hangzhou.id);
});
afterEach(async () => {
  await t.app.close();
});

const agreements = async (token: string) => {
  const response = await call(t.app, 'GET', ORG_URL.sign, token);
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<OrgAgreement[]>(response);
};
const agreementOf = async (token: string, code: string) =>
  (await agreements(token)).find((a) => a.agreementCode === code);
const sign = (token: string, agreementCode: string) =>
  withQrConfirmation(t.app, token, userIdOf(OWNER_SH), {
    method: 'POST',
    url: ORG_URL.sign,
    payload: { agreementCode },
  });
const release = (token: string, id: string) =>
  call(t.app, 'PUT', `${ORG_URL.sign}/${id}`, token, { payload: { action: 'RELEASE' } });
const releaseCheck = async (token: string, id: string) => {
  const response = await call(t.app, 'GET', ORG_URL.signRelease, token, { query: { id } });
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<ReleaseCheck>(response);
};
describe('the organisation’s agreements', () => {
  it('lists the channel’s agreements with what was signed and the opened functions that depend on it', async () => {
    const list = await agreements(ownerSh);
    expect(list.map((a) => [a.agreementCode, a.status])).toEqual([
      ['SCB_SERVICE', 'SIGNED'],
      ['FINANCE_SERVICE', 'UNSIGNED'],
      ['E_SIGN_SERVICE', 'SIGNED'],
    ]);
    const scb = list[0]!;
    expect(scb).toMatchObject({
      id: DEMO_AGREEMENTS[0].id,
      agreementName: '供应链票据业务服务协议',
      signedBy: '张明',
    });
    expect(scb.dependents).toEqual(expect.arrayContaining(['票据签发', '背书转让']));
    expect(list[1]).toMatchObject({ id: '', signedAt: '', dependents: [] });
  });

  it('signs after the licence holder confirms the QR code, and refuses a second signature before any verification', async () => {
    const signed = await sign(ownerSh, 'FINANCE_SERVICE');
    expect(signed.statusCode, signed.body).toBe(200);
    expect(dataOf<OrgAgreement>(signed)).toMatchObject({
      agreementCode: 'FINANCE_SERVICE',
      status: AGREEMENT_STATUS.signed,
      signedBy: '张明',
      signedAt: new Date(t.clock.now()).toISOString(),
    });
    const again = await call(t.app, 'POST', ORG_URL.sign, ownerSh, {
      payload: { agreementCode: 'FINANCE_SERVICE' },
    });
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe('AGREEMENT_SIGNED');
  });

  it('asks for an SMS code instead where no licence is bound', async () => {
    const signed = await withSmsCode(t.app, ownerHz, OWNER_HZ, {
      method: 'POST',
      url: ORG_URL.sign,
      payload: { agreementCode: 'SCB_SERVICE' },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect((await agreementOf(ownerHz, 'SCB_SERVICE'))?.status).toBe('SIGNED');
  });

  it('does not sign without the verification, nor with a refused QR code', async () => {
    const first = await call(t.app, 'POST', ORG_URL.sign, ownerSh, {
      payload: { agreementCode: 'FINANCE_SERVICE' },
    });
    expect(first.statusCode).toBe(412);
    expect(codeOf(first)).toBe(VERIFICATION_ERROR.qrRequired);
    const forged = await call(t.app, 'POST', ORG_URL.sign, ownerSh, {
      payload: { agreementCode: 'FINANCE_SERVICE' },
      headers: { 'QR-ID': 'AAAAAAAAAAAAAAAAAAAAAA', signature: 'f'.repeat(64) },
    });
    expect(forged.statusCode).toBe(412);
    expect(codeOf(forged)).toBe(VERIFICATION_ERROR.qrInvalid);
    expect((await agreementOf(ownerSh, 'FINANCE_SERVICE'))?.status).toBe('UNSIGNED');
  });

  it('refuses an unknown agreement with 400', async () => {
    const response = await call(t.app, 'POST', ORG_URL.sign, ownerSh, { payload: { agreementCode: 'NOPE' } });
    expect(response.statusCode).toBe(400);
  });

  it('releases an agreement nothing depends on, refuses a second release, and lets it be signed again', async () => {
    const signed = dataOf<OrgAgreement>(await sign(ownerSh, 'FINANCE_SERVICE'));
    expect(await releaseCheck(ownerSh, signed.id)).toEqual({
      id: signed.id,
      releasable: true,
      dependents: [],
    });
    t.clock.advance(60_000);
    const released = await release(ownerSh, signed.id);
    expect(released.statusCode, released.body).toBe(200);
    expect(dataOf<OrgAgreement>(released)).toMatchObject({
      status: 'RELEASED',
      releasedAt: new Date(t.clock.now()).toISOString(),
    });
    const twice = await release(ownerSh, signed.id);
    expect(twice.statusCode).toBe(409);
    expect(codeOf(twice)).toBe('AGREEMENT_RELEASED');
    expect((await releaseCheck(ownerSh, signed.id)).releasable).toBe(false);

    const again = await sign(ownerSh, 'FINANCE_SERVICE');
    expect(again.statusCode, again.body).toBe(200);
    expect(dataOf<OrgAgreement>(again).id).not.toBe(signed.id);
  });

  it('refuses to release an agreement an opened function depends on, naming the functions', async () => {
    const scb = DEMO_AGREEMENTS[0].id;
    const check = await releaseCheck(ownerSh, scb);
    expect(check.releasable).toBe(false);
    expect(check.dependents).toContain('票据签发');
    const response = await release(ownerSh, scb);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'AGREEMENT_IN_USE' });
    expect(response.json<{ msg: string }>().msg).toContain('票据签发');
    expect((await agreementOf(ownerSh, 'SCB_SERVICE'))?.status).toBe('SIGNED');
  });

  it('answers 404 to an id that is not a signing record, and refuses other actions with 400', async () => {
    expect((await release(ownerSh, 'missing')).statusCode).toBe(404);
    const other = await call(t.app, 'PUT', `${ORG_URL.sign}/${DEMO_AGREEMENTS[0].id}`, ownerSh, {
      payload: { action: 'SIGN' },
    });
    expect(other.statusCode).toBe(400);
  });
});

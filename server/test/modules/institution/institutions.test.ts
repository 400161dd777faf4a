import { API_ERROR } from '@contract/errors';
import type { Institution } from '@contract/institution-schemas';
import { ApiFailure } from '../../../src/lib/errors';
import { DEMO_INSTITUTIONS } from '../../../src/db/demo/institutions';
import {
  institutionByBankNo,
  institutionOf,
  registerInstitution,
} from '../../../src/modules/institution/service';
import { billCall, issue, issueBody, MOBILE, ORG, tokenOf } from '../../support/bill-helpers';
import { authed, getData, signIn, startApp, type TestApp } from '../../support/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t.app.close();
});

const INSTITUTIONS = '/api/scbill/basic-data/institutions';

describe('financial institutions', () => {
  it('lists the demo institutions, three real head offices marked as simulated', async () => {
    const token = (await signIn(t.app, '13800000005')).access_token;
    const list = await getData<Institution[]>(t.app, INSTITUTIONS, token);
    expect(list).toEqual(
      expect.arrayContaining([
        {
          orgId: DEMO_INSTITUTIONS.spdb.orgId,
          name: '浦发银行（模拟）',
          creditCode: DEMO_INSTITUTIONS.spdb.creditCode,
          bankNo: '310290000013',
          bankName: '上海浦东发展银行',
        },
        expect.objectContaining({ name: '招商银行（模拟）', bankNo: '308584000013', bankName: '招商银行' }),
        expect.objectContaining({ name: '兴业银行（模拟）', bankNo: '309391000011', bankName: '兴业银行' }),
      ]),
    );
    expect(list).toHaveLength(3);
    const anonymous = await t.app.inject({ method: 'GET', url: INSTITUTIONS });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps each institution authenticated, staffless, with a settlement account at its head office', async () => {
    const cmb = await institutionOf(t.app.db, DEMO_INSTITUTIONS.cmb.orgId);
    expect(cmb?.account).toEqual({
      accountNo: DEMO_INSTITUTIONS.cmb.accountNo,
      accountName: '招商银行（模拟）',
      branchNo: '308584000013',
      branchName: '招商银行',
      bankName: '招商银行',
    });
    expect((await institutionByBankNo(t.app.db, '309391000011'))?.orgId).toBe(DEMO_INSTITUTIONS.cib.orgId);
    const org = await t.app.db
      .selectFrom('organizations')
      .select(['kind', 'authorized'])
      .where('id', '=', DEMO_INSTITUTIONS.cmb.orgId)
      .executeTakeFirstOrThrow();
    expect(org).toEqual({ kind: 'institution', authorized: 1 });
    const members = await t.app.db
      .selectFrom('memberships')
      .select('id')
      .where(
        'org_id',
        'in',
        Object.values(DEMO_INSTITUTIONS).map((i) => i.orgId),
      )
      .execute();
    expect(members).toEqual([]);
    expect(await institutionOf(t.app.db, ORG.suzhou)).toBeUndefined();
  });

  it('registers only a branch of the directory, once, under a valid credit code', async () => {
    const refusal = async (input: Partial<Parameters<typeof registerInstitution>[1]>) => {
      const attempt = registerInstitution(
        t.app.db,
        {
          name: '测试银行（模拟）',
          creditCode: '91110000MA0000000H',
          bankNo: '102100099996',
          accountNo: '1234567890',
          ...input,
        },
        t.clock.now(),
      );
      const error = await attempt.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ApiFailure);
      return (error as ApiFailure).code;
    };
    expect(await refusal({ bankNo: '999999999999' })).toBe(API_ERROR.bankNoInvalid);
    expect(await refusal({ bankNo: '31029000001' })).toBe(API_ERROR.bankNoInvalid);
    expect(await refusal({ creditCode: '91310000MA1KB2900X' })).toBe(API_ERROR.badRequest);
    expect(await refusal({ creditCode: DEMO_INSTITUTIONS.spdb.creditCode })).toBe(API_ERROR.conflict);
    expect(await refusal({ bankNo: DEMO_INSTITUTIONS.spdb.bankNo })).toBe(API_ERROR.conflict);
    expect(await refusal({ accountNo: '12ab' })).toBe(API_ERROR.accountNoInvalid);
    expect(await refusal({ name: '  ' })).toBe(API_ERROR.badRequest);
  });
});

describe('institutions are no counterparty of an enterprise', () => {
  it('are left out of the bill counterparty picker', async () => {
    const token = await tokenOf(t, MOBILE.suzhou, ORG.suzhou);
    const response = await billCall(t.app, 'GET', '/api/scbill/bill-counterparties?keyword=银行', token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: unknown[] }>().data).toEqual([]);
    const all = await billCall(t.app, 'GET', '/api/scbill/bill-counterparties', token);
    const names = all.json<{ data: Array<{ name: string }> }>().data.map((c) => c.name);
    expect(names.length).toBeGreaterThan(0);
    expect(names.some((name) => name.includes('模拟'))).toBe(false);
  });

  it('are refused as payee or acceptor of a bill', async () => {
    const token = await tokenOf(t, MOBILE.suzhou, ORG.suzhou);
    for (const field of ['payeeOrgId', 'acceptorOrgId'] as const) {
      const response = await issue(
        t,
        MOBILE.suzhou,
        token,
        issueBody(t, { [field]: DEMO_INSTITUTIONS.spdb.orgId }),
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ code: string }>().code).toBe(API_ERROR.billCounterpartyInvalid);
    }
  });

  it('cannot be found or joined as an organisation', async () => {
    const token = (await signIn(t.app, '13800000003')).access_token;
    const query = await authed(t.app, 'POST', '/api/organization/query', token, { keyword: '银行（模拟）' });
    expect(query.statusCode, query.body).toBe(200);
    expect(query.json<{ data: { items: unknown[] } }>().data.items).toEqual([]);
    const join = await authed(t.app, 'POST', '/api/apply-record', token, {
      creditCode: DEMO_INSTITUTIONS.cib.creditCode,
    });
    expect(join.statusCode, join.body).toBe(404);
  });
});

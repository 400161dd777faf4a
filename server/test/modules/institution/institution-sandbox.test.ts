import type { SandboxInstitutionApplication } from '@contract/institution-schemas';
import type { InstitutionAnswer } from '../../../src/adapters/institution/gateway';
import { type SandboxInstitutionGateway } from '../../../src/adapters/institution/sandbox';
import { DEMO_ORGS } from '../../../src/db/seed';
import { DEMO_INSTITUTIONS } from '../../../src/db/demo/institutions';
import { startApp, type TestApp } from '../../support/helpers';

const LIST = '/api/sandbox/institution/applications';
const answerUrl = (id: string) => `${LIST}/${id}/answer`;

let t: TestApp;
let gateway: SandboxInstitutionGateway;
const answers: InstitutionAnswer[] = [];
beforeAll(async () => {
  t = await startApp({ institutionAnswerDelaySeconds: null });
  gateway = t.app.adapters.institution as SandboxInstitutionGateway;
  gateway.answerTo('pledge', async (answer) => void answers.push(answer));
  for (const [id, amountFen] of [
    ['p1', 100_000_00],
    ['p2', 100_000_00],
    ['p3', 3_000_000_00],
  ] as const) {
    await gateway.submit(
      {
        applicationId: id,
        act: 'pledge',
        institution: { orgId: DEMO_INSTITUTIONS.cib.orgId, bankNo: DEMO_INSTITUTIONS.cib.bankNo },
        applicantName: DEMO_ORGS.suzhou.name,
        bill: {
          billNo: '5'.padEnd(30, '1'),
          acceptorName: DEMO_ORGS.shanghai.name,
          acceptorCreditCode: DEMO_ORGS.shanghai.creditCode,
          amountFen,
          maturityDate: '2026-05-31',
        },
        onDate: '2026-03-02',
        annualRate: null,
        clearing: 'SM01',
      },
      t.app.db,
    );
  }
});
afterAll(async () => {
  await t.app.close();
});

describe('the sandbox institutions on the sandbox page', () => {
  it('lists what waits for an answer with what the written policy would say', async () => {
    const response = await t.app.inject({ method: 'GET', url: LIST });
    expect(response.statusCode).toBe(200);
    const list = response.json<{ data: SandboxInstitutionApplication[] }>().data;
    expect(list.map((a) => [a.id, a.state, a.dueAt, a.policy])).toEqual([
      ['p1', 'waiting', null, { decision: 'sign', annualRate: '1.9500', reason: null, remark: null }],
      ['p2', 'waiting', null, { decision: 'sign', annualRate: '1.9500', reason: null, remark: null }],
      [
        'p3',
        'waiting',
        null,
        { decision: 'refuse', annualRate: null, reason: 'over_limit', remark: '金额超过本行单张票据额度' },
      ],
    ]);
    expect(list[0]).toMatchObject({
      institutionName: '兴业银行（模拟）',
      applicantName: DEMO_ORGS.suzhou.name,
      amount: '100000.00',
      clearing: 'SM01',
    });
  });

  it('answers in the institution’s place, once, and says so on the list', async () => {
    const signed = await t.app.inject({
      method: 'POST',
      url: answerUrl('p1'),
      payload: { decision: 'sign' },
    });
    expect(signed.statusCode).toBe(200);
    t.clock.advance(1_000);
    const refused = await t.app.inject({
      method: 'POST',
      url: answerUrl('p2'),
      payload: { decision: 'refuse', reason: 'acceptor_not_approved' },
    });
    expect(refused.statusCode).toBe(200);
    expect(answers.map((a) => [a.applicationId, a.decision])).toEqual([
      ['p1', 'sign'],
      ['p2', 'refuse'],
    ]);
    const again = await t.app.inject({
      method: 'POST',
      url: answerUrl('p1'),
      payload: { decision: 'refuse' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT' });
    const list = (await t.app.inject({ method: 'GET', url: LIST })).json<{
      data: SandboxInstitutionApplication[];
    }>().data;
    expect(list.map((a) => [a.id, a.state, a.remark])).toEqual([
      ['p3', 'waiting', null],
      ['p2', 'refuse', '承兑人不在本行授信名单内'],
      ['p1', 'sign', null],
    ]);
  });

  it('refuses an unknown application and a malformed answer without answering anything', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: answerUrl('nope'),
      payload: { decision: 'sign' },
    });
    expect(unknown.statusCode).toBe(404);
    for (const payload of [{ decision: 'maybe' }, { decision: 'refuse', reason: 'bored' }, {}]) {
      const response = await t.app.inject({ method: 'POST', url: answerUrl('p3'), payload });
      expect(response.statusCode).toBe(400);
    }
    expect(answers).toHaveLength(2);
  });
});

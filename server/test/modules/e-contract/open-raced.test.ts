/**
 * 开通电子签章账户 with a right SMS code, the account having been opened by another request of the
 * organisation between the check before the code and this request's handler: answered as it stands (200,
 * 已开通), not as a fault of the route, and the code is spent with that answer.
 */
import { ECONTRACT_URL } from '@contract/e-contract';
import type { RouteOptions, RouteHandlerMethod } from 'fastify';
import { DEMO_ACCOUNTS, DEMO_ORGS } from '../../../src/db/seed';
import { signIn, startApp, type TestApp } from '../../support/helpers';
import { openAccount } from '../../support/e-contract-helpers';
import { latestCode, OWNER_SH, sendSms, withCode } from '../../support/verification-helpers';

let t: TestApp;
let token = '';

beforeAll(async () => {
  const openedMeanwhile = (route: RouteOptions) => {
    if (route.url !== ECONTRACT_URL.open || route.method !== 'POST') return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function openAfterAnotherRequest(request, reply) {
      await t.app.db
        .insertInto('esign_accounts')
        .values({
          org_id: DEMO_ORGS.shanghai.id,
          provider_account_id: 'opened-meanwhile',
          opened_by: DEMO_ACCOUNTS.find((a) => a.mobile === OWNER_SH)!.id,
          opened_at: t.app.now(),
        })
        .execute();
      return handler.call(this, request, reply);
    };
  };
  t = await startApp({}, { onRoute: openedMeanwhile });
  token = (await signIn(t.app, OWNER_SH)).access_token;
});
afterAll(async () => {
  await t.app.close();
});

it('answers an account opened meanwhile as it stands and spends the code with that answer', async () => {
  expect((await openAccount(t.app, token)).statusCode).toBe(406);
  await sendSms(t.app, OWNER_SH, { accessToken: token });
  const code = await latestCode(t.app, OWNER_SH);

  const answered = await openAccount(t.app, token, withCode(code));
  expect(answered.statusCode, answered.body).toBe(200);
  expect(answered.json()).toMatchObject({ msg: '电子签章账户已开通', data: { open: true } });
  const row = await t.app.db
    .selectFrom('sms_codes')
    .select('used_at')
    .where('mobile', '=', OWNER_SH)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  expect(row.used_at).not.toBeNull();
});

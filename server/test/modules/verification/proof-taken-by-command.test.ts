/**
 * A verified command route spends its proof in its command (`runCommand`); a route that answered a success
 * without running one would leave the proof to be used again. Such a route answers 500, not the success,
 * and the code stays unspent. Here 出票's handler is swapped for one that answers without a command.
 */
import { BILL_URL } from '@contract/bills';
import type { RouteOptions } from 'fastify';
import { billCall, issueBody, ledgerTokens, MOBILE, type LedgerTokens } from '../../support/bill-helpers';
import { startApp, type TestApp } from '../../support/helpers';
import { latestCode, sendSms, withCode } from '../../support/verification-helpers';

let t: TestApp;
let token: LedgerTokens;

beforeAll(async () => {
  const answerWithoutCommand = (route: RouteOptions) => {
    if (route.url === BILL_URL.issue && route.method === 'POST')
      route.handler = async function issueWithoutCommand() {
        return { code: 200, msg: '成功', data: null };
      };
  };
  t = await startApp({}, { onRoute: answerWithoutCommand });
  token = await ledgerTokens(t);
});
afterAll(async () => {
  await t.app.close();
});

it('answers 500 and leaves the code unspent when a verified command route answers without its command', async () => {
  const body = issueBody(t);
  const issue = (headers: Record<string, string>) =>
    billCall(t.app, 'POST', BILL_URL.issue, token.suzhou, body, headers);
  expect((await issue({})).statusCode).toBe(406);
  expect((await sendSms(t.app, MOBILE.suzhou, { accessToken: token.suzhou })).statusCode).toBe(200);
  const code = await latestCode(t.app, MOBILE.suzhou);

  const answered = await issue({ ...withCode(code), 'idempotency-key': 'proof-taken' });
  expect(answered.statusCode, answered.body).toBe(500);
  const row = await t.app.db
    .selectFrom('sms_codes')
    .select('used_at')
    .where('mobile', '=', MOBILE.suzhou)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  expect(row.used_at).toBeNull();
});

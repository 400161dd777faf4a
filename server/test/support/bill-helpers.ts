import { pathOf } from '@contract/paths';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { BILL_URL } from '@contract/bills';
import type { BillApplication, BillDetail, Holding, IssueRequest } from '@contract/bills-schemas';
import type { Page } from '@contract/envelope-schemas';
import type { FuncCode } from '@contract/shell';
import { DEMO_ACCOUNTS, DEMO_ORGS } from '../../src/db/seed';
import { openSession } from '../../src/modules/auth/tokens';
import { shanghaiDate } from '../../src/lib/shanghai-time';
import { addMonths } from '../../src/modules/bills/rules';
import { openFunction } from '../../src/modules/org-function/service';
import { bearer, type TestApp } from './helpers';
import { latestCode, sendSms, withCode } from './verification-helpers';

/** Demo organisations of the ledger: Suzhou and Ningbo prove by SMS (no licence bound), Shanghai by QR. */
export const ORG = {
  shanghai: DEMO_ORGS.shanghai.id,
  hangzhou: DEMO_ORGS.hangzhou.id,
  suzhou: DEMO_ORGS.suzhou.id,
  ningbo: DEMO_ORGS.ningbo.id,
} as const;
export const MOBILE = { suzhou: '13800000005', ningbo: '13800000006', shanghai: '13800000001' } as const;

export const userIdOf = (mobile: string) => {
  const account = DEMO_ACCOUNTS.find((a) => a.mobile === mobile);
  if (!account) throw new Error(`no demo account ${mobile}`);
  return account.id;
};

/** An access token of `mobile` acting for `orgId`, opened directly (sign-in has its own tests). */
export async function tokenOf(t: TestApp, mobile: string, orgId: string | null): Promise<string> {
  const session = await openSession(
    t.app.db,
    { userId: userIdOf(mobile), orgId, clientId: t.config.clientId },
    t.app.now(),
    t.config,
  );
  return session.accessToken;
}

/**
 * Opens functions of a demo company through the function command, acted by `mobile`: the companies have
 * the agreement and the account the bill functions need, and open only those the demo uses.
 */
export async function openFunctions(t: TestApp, mobile: string, orgId: string, codes: FuncCode[]) {
  await t.app.db.transaction().execute(async (trx) => {
    for (const funcCode of codes) {
      await openFunction(trx, {
        orgId,
        userId: userIdOf(mobile),
        funcCode,
        platformChannelId: t.config.channelId,
        now: t.app.now(),
      });
    }
  });
}

export type LedgerTokens = Record<keyof typeof MOBILE, string>;

/** Access tokens of the ledger's three demo users, each for its company (again after the clock passes their life). */
export async function ledgerTokens(t: TestApp): Promise<LedgerTokens> {
  return {
    suzhou: await tokenOf(t, MOBILE.suzhou, ORG.suzhou),
    ningbo: await tokenOf(t, MOBILE.ningbo, ORG.ningbo),
    shanghai: await tokenOf(t, MOBILE.shanghai, ORG.shanghai),
  };
}

type Method = 'GET' | 'POST';

export function billCall(
  app: FastifyInstance,
  method: Method,
  url: string,
  accessToken: string,
  payload?: object,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: { ...bearer(accessToken), ...headers },
    ...(payload ? { payload } : {}),
  });
}

/** SMS limits allow 5 codes an hour per mobile: each proof moves the clock on 13 minutes. */
const SMS_SPACING_MS = 13 * 60 * 1000;

/**
 * A sensitive command the way the SPA sends it: the 406, an SMS code to the signed-in mobile, the same
 * request again with the code.
 */
export async function withSms(
  t: TestApp,
  mobile: string,
  accessToken: string,
  send: (headers: Record<string, string>) => Promise<LightMyRequestResponse>,
): Promise<LightMyRequestResponse> {
  t.clock.advance(SMS_SPACING_MS);
  const asked = await send({});
  if (asked.statusCode !== 406) return asked;
  const sent = await sendSms(t.app, mobile, { accessToken });
  expect(sent.statusCode, sent.body).toBe(200);
  return send(withCode(await latestCode(t.app, mobile)));
}

export const issueBody = (t: TestApp, fields: Partial<IssueRequest> = {}): IssueRequest => ({
  acceptorOrgId: ORG.shanghai,
  payeeOrgId: ORG.ningbo,
  amount: '1000000.00',
  dueDate: addMonths(shanghaiDate(t.app.now()), 3),
  noTransfer: false,
  splittable: true,
  remark: '货款',
  ...fields,
});

/** Issues through the API with an SMS proof; answers the response. */
export const issue = (t: TestApp, mobile: string, accessToken: string, body: IssueRequest) =>
  withSms(t, mobile, accessToken, (headers) =>
    billCall(t.app, 'POST', BILL_URL.issue, accessToken, body, headers),
  );

export async function issued(
  t: TestApp,
  mobile: string,
  accessToken: string,
  body: IssueRequest,
): Promise<BillDetail> {
  const response = await issue(t, mobile, accessToken, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: BillDetail }>().data;
}

export const endorseBill = (
  t: TestApp,
  mobile: string,
  accessToken: string,
  body: { holdingId: string; endorseeOrgId: string; amount: string },
) =>
  withSms(t, mobile, accessToken, (headers) =>
    billCall(t.app, 'POST', BILL_URL.endorse, accessToken, body, headers),
  );

/** Endorses with an SMS proof; answers the application, which must have been made (201). */
export async function endorsed(
  t: TestApp,
  mobile: string,
  accessToken: string,
  body: { holdingId: string; endorseeOrgId: string; amount: string },
): Promise<BillApplication> {
  return dataOf<BillApplication>(await endorseBill(t, mobile, accessToken, body), 201);
}

export async function dataOf<T>(response: LightMyRequestResponse, status = 200): Promise<T> {
  expect(response.statusCode, response.body).toBe(status);
  return response.json<{ data: T }>().data;
}

export const listOf = async <T>(t: TestApp, url: string, accessToken: string): Promise<Page<T>> =>
  dataOf<Page<T>>(await billCall(t.app, 'GET', url, accessToken));

export const pendingOf = (t: TestApp, accessToken: string) =>
  listOf<BillApplication>(t, `${BILL_URL.pending}?size=100`, accessToken);
/** The organisation's pending applications about one bill. */
export const pendingIn = async (t: TestApp, accessToken: string, packageId: string) =>
  (await pendingOf(t, accessToken)).content.filter((a) => a.packageId === packageId);
export const heldOf = (t: TestApp, accessToken: string) =>
  listOf<Holding>(t, `${BILL_URL.held}?size=100`, accessToken);

export const answer = (t: TestApp, accessToken: string, id: string, how: 'sign' | 'withdraw') =>
  billCall(t.app, 'POST', pathOf(BILL_URL[how], { id }), accessToken);
export const refuse = (t: TestApp, accessToken: string, id: string, reason = '金额与合同不符') =>
  billCall(t.app, 'POST', pathOf(BILL_URL.refuse, { id }), accessToken, { reason });

export const errorCodeOf = (response: LightMyRequestResponse) => response.json<{ code: string }>().code;

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathOf } from '@contract/paths';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { BILL_URL } from '@contract/bills';
import type { BillApplication, BillDetail, Holding, IssueRequest } from '@contract/bills-schemas';
import type { Page } from '@contract/envelope-schemas';
import type { FuncCode } from '@contract/shell';
import type { QrEvent, QrImage } from '@contract/verification-schemas';
import type { SandboxInstitutionGateway } from '../../src/adapters/institution/sandbox';
import { DEMO_ACCOUNTS, DEMO_ORGS } from '../../src/db/seed';
import { openSession } from '../../src/modules/auth/tokens';
import { shanghaiDate } from '../../src/lib/shanghai-time';
import { addMonths } from '../../src/modules/bills/rules';
import { openFunction } from '../../src/modules/org-function/service';
import { freshLoopbackIp } from './captcha-helpers';
import { bearer, startApp, startPostgresApp, type TestApp } from './helpers';
import { latestCode, refusalOf, sendSms, withCode, withQr } from './verification-helpers';

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

/** Whose mobile each token of these helpers belongs to, so an act can be confirmed by its own user. */
const mobileOfToken = new Map<string, string>();

/** An access token of `mobile` acting for `orgId`, opened directly (sign-in has its own tests). */
export async function tokenOf(t: TestApp, mobile: string, orgId: string | null): Promise<string> {
  const session = await openSession(
    t.app.db,
    { userId: userIdOf(mobile), orgId, clientId: t.config.clientId },
    t.app.now(),
    t.config,
  );
  mobileOfToken.set(session.accessToken, mobile);
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

/**
 * Moves the clock to `hour`:00 Shanghai on `date` (YYYY-MM-DD) and signs the ledger's users in again, as
 * their tokens do not last the months a bill runs to maturity: answers their new tokens.
 */
export async function ledgerTokensOn(t: TestApp, date: string, hour = 10): Promise<LedgerTokens> {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  t.clock.advance(Date.UTC(y, m - 1, d, hour - 8, 0, 0) - t.clock.now());
  return ledgerTokens(t);
}

/**
 * For each test of the file: a seeded app (startApp) with the ledger's three users signed in, handed to
 * `use`, and closed after the test. With `dataDir`, the app has a data directory of its own, named after it
 * (where the export centre writes its files), removed after the test too. With `postgresUrl`, the app runs on
 * a schema of its own on that PostgreSQL server (startPostgresApp).
 */
export function ledgerAppEach(
  use: (app: { t: TestApp; token: LedgerTokens }) => void,
  options: { dataDir?: string; postgresUrl?: string } = {},
): void {
  let t: TestApp | undefined;
  let dataDir: string | undefined;
  beforeEach(async () => {
    if (options.dataDir) dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `chain-bill-${options.dataDir}-`));
    const overrides = dataDir ? { dataDir } : {};
    t = options.postgresUrl
      ? await startPostgresApp(options.postgresUrl, overrides)
      : await startApp(overrides);
    use({ t, token: await ledgerTokens(t) });
  });
  afterEach(async () => {
    await t?.app.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    t = undefined;
    dataDir = undefined;
  });
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

/** A member may have one code a minute sent: each proof moves the clock on a little more. */
const PROOF_SPACING_MS = 61 * 1000;

/**
 * A ledger act the way the SPA sends it: the refusal asking for a proof (406 SMS, 412 QR where the licence
 * is bound), the proof (a code to the signed-in mobile, or the licence holder's confirmation on the sandbox
 * page), the same request again with it. Any other first answer (a refusal before verification) is returned.
 */
export async function withSms(
  t: TestApp,
  mobile: string,
  accessToken: string,
  send: (headers: Record<string, string>) => Promise<LightMyRequestResponse>,
): Promise<LightMyRequestResponse> {
  t.clock.advance(PROOF_SPACING_MS);
  const asked = await send({});
  if (asked.statusCode === 406) {
    const sent = await sendSms(t.app, mobile, { accessToken });
    expect(sent.statusCode, sent.body).toBe(200);
    return send(withCode(await latestCode(t.app, mobile)));
  }
  if (asked.statusCode === 412) {
    const { qrId, signature } = await confirmQr(t, accessToken, refusalOf(asked).challengeId ?? '');
    return send(withQr(qrId, signature));
  }
  return asked;
}

/** The licence holder confirms the challenge's QR code on the sandbox page; the proof the SPA then sends. */
export async function confirmQr(
  t: TestApp,
  accessToken: string,
  challengeId: string,
): Promise<{ qrId: string; signature: string }> {
  const qr = await t.app.inject({
    method: 'GET',
    url: '/api/verification/qr',
    query: { challengeId },
    headers: bearer(accessToken),
  });
  expect(qr.statusCode, qr.body).toBe(200);
  const { qrId } = qr.json<{ data: QrImage }>().data;
  const confirmed = await t.app.inject({
    method: 'POST',
    url: `/api/sandbox/qr/${qrId}/confirm`,
    remoteAddress: freshLoopbackIp(),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const status = await t.app.inject({
    method: 'GET',
    url: `/api/verification/qr/${qrId}/status`,
    headers: bearer(accessToken),
  });
  expect(status.statusCode, status.body).toBe(200);
  return { qrId, signature: status.json<{ data: QrEvent }>().data.signature ?? '' };
}

/** A ledger act by the holder of `accessToken`, confirmed by its own user (SMS or QR). */
export function confirmed(
  t: TestApp,
  accessToken: string,
  send: (headers: Record<string, string>) => Promise<LightMyRequestResponse>,
): Promise<LightMyRequestResponse> {
  const mobile = mobileOfToken.get(accessToken);
  if (!mobile) throw new Error('a token not opened by tokenOf');
  return withSms(t, mobile, accessToken, send);
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

/**
 * `issuer` issues `body` to its payee `holder`, which signs for it (the 提示收票 answered): `holder` then
 * holds the whole bill, received. Answers the bill as issued.
 */
export async function signedFor(
  t: TestApp,
  token: LedgerTokens,
  issuer: keyof LedgerTokens,
  holder: keyof LedgerTokens,
  body: IssueRequest,
): Promise<BillDetail> {
  const detail = await issued(t, MOBILE[issuer], token[issuer], body);
  await signsPending(t, token, holder, detail.bill.id);
  return detail;
}

/**
 * A received holding: `issuer` issues `body` to `holder`, which signs for it (signedFor). Answers the bill as
 * issued and `holder`'s one holding of it, the whole bill.
 */
export async function heldAfterSigning(
  t: TestApp,
  token: LedgerTokens,
  issuer: keyof LedgerTokens,
  holder: keyof LedgerTokens,
  body: IssueRequest,
): Promise<{ detail: BillDetail; holding: Holding }> {
  const detail = await signedFor(t, token, issuer, holder, body);
  const [holding] = await heldIn(t, token[holder], detail.bill.id);
  return { detail, holding: holding! };
}

/**
 * The sandbox institutions' answers to what was asked of them (贴现, 质押) fall due: they answer 5 seconds
 * after an application, on their worker, which this runs to the end.
 */
export async function institutionAnswers(t: TestApp): Promise<void> {
  const institutions = t.app.adapters.institution as SandboxInstitutionGateway;
  t.clock.advance(5_000);
  institutions.worker.kick();
  await institutions.worker.idle();
}

/** `who` signs the one application about the bill that waits for its answer (提示承兑, 提示收票, an endorsement). */
export async function signsPending(
  t: TestApp,
  token: LedgerTokens,
  who: keyof LedgerTokens,
  packageId: string,
): Promise<void> {
  const [pending] = await pendingIn(t, token[who], packageId);
  await dataOf(await answer(t, token[who], pending!.id, 'sign'));
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
/** The organisation's held ranges of one bill. */
export const heldIn = async (t: TestApp, accessToken: string, packageId: string) =>
  (await heldOf(t, accessToken)).content.filter((h) => h.packageId === packageId);

/** 签收 or 撤回, confirmed. */
export const answer = (t: TestApp, accessToken: string, id: string, how: 'sign' | 'withdraw') =>
  confirmed(t, accessToken, (headers) =>
    billCall(t.app, 'POST', pathOf(BILL_URL[how], { id }), accessToken, undefined, headers),
  );
/** 驳回 with a reason, confirmed. */
export const refuse = (t: TestApp, accessToken: string, id: string, reason = '金额与合同不符') =>
  confirmed(t, accessToken, (headers) =>
    billCall(t.app, 'POST', pathOf(BILL_URL.refuse, { id }), accessToken, { reason }, headers),
  );
/** An act of the drawer on its bill (提示承兑, 提示收票, 撤票), confirmed. */
export const drawerAct = (
  t: TestApp,
  accessToken: string,
  id: string,
  how: 'acceptance' | 'delivery' | 'revoke',
) =>
  confirmed(t, accessToken, (headers) =>
    billCall(t.app, 'POST', pathOf(BILL_URL[how], { id }), accessToken, undefined, headers),
  );

export const errorCodeOf = (response: LightMyRequestResponse) => response.json<{ code: string }>().code;

/** How many verifications (SMS codes, QR prompts) have been asked for so far. */
export const challengeCount = async (t: TestApp) =>
  (await t.app.db.selectFrom('verification_challenges').select('id').execute()).length;

/**
 * Sends an act without a proof when the server can already tell it is refused: checks that no verification
 * was asked for, and answers the refusal's status and error code, `[409, API_ERROR.billStateInvalid]`.
 */
export async function refusedBefore(
  t: TestApp,
  send: (headers: Record<string, string>) => Promise<LightMyRequestResponse>,
): Promise<[number, string]> {
  const before = await challengeCount(t);
  const response = await send({});
  expect(await challengeCount(t), response.body).toBe(before);
  return [response.statusCode, errorCodeOf(response)];
}

/** An organisation's current (not ended) holding of a package: the one row a range is held on there. */
export const currentHoldingOf = (t: TestApp, packageId: string, orgId: string) =>
  t.app.db
    .selectFrom('bill_holdings')
    .selectAll()
    .where('package_id', '=', packageId)
    .where('org_id', '=', orgId)
    .where('ended_at', 'is', null)
    .executeTakeFirstOrThrow();

/** A package's current (not ended) holdings, of every organisation, front to back. */
export const currentHoldingsIn = (t: TestApp, packageId: string) =>
  t.app.db
    .selectFrom('bill_holdings')
    .selectAll()
    .where('package_id', '=', packageId)
    .where('ended_at', 'is', null)
    .orderBy('sub_start')
    .execute();

/** A holding row by its id. */
export const holdingRowOf = (t: TestApp, id: string) =>
  t.app.db.selectFrom('bill_holdings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The pledge row of a 质押 application (its id). */
export const pledgeRowOf = (t: TestApp, pledgeId: string) =>
  t.app.db
    .selectFrom('bill_pledges')
    .selectAll()
    .where('application_id', '=', pledgeId)
    .executeTakeFirstOrThrow();

/** The one pledge an organisation has made. */
export const pledgeOfPledgor = (t: TestApp, orgId: string) =>
  t.app.db
    .selectFrom('bill_pledges')
    .selectAll()
    .where('pledgor_org_id', '=', orgId)
    .executeTakeFirstOrThrow();

/** The balance (fen) the sandbox bank holds on a settlement account. */
export const sandboxBalanceOf = async (t: TestApp, accountNo: string) =>
  Number(
    (
      await t.app.db
        .selectFrom('sandbox_settlement_accounts')
        .select('balance_fen')
        .where('account_no', '=', accountNo)
        .executeTakeFirstOrThrow()
    ).balance_fen,
  );

/** An organisation's default settlement account number. */
export const defaultAccountOf = async (t: TestApp, orgId: string) =>
  (
    await t.app.db
      .selectFrom('bank_accounts')
      .select('account_no')
      .where('org_id', '=', orgId)
      .where('is_default', '=', 1)
      .executeTakeFirstOrThrow()
  ).account_no;

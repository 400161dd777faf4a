import { PERMISSION_PATH_PREFIX } from '@contract/constants';
import { permissionsOfRoles, type StaffRoleCode } from '@contract/organization';
import type { Holding } from '@contract/bills-schemas';
import type { Contract } from '@contract/e-contract-schemas';
import { pathOf } from '@contract/paths';
import { PLEDGE_FIN_URL } from '@contract/pledge-fin';
import type { PledgeFinDetail, PledgeFinHistoryEntry } from '@contract/pledge-fin-schemas';
import { randomUUID } from 'node:crypto';
import { DEMO_PLEDGE_PRODUCTS } from '../../src/db/demo/pledge-financing';
import type { CommandContext } from '../../src/modules/bills/service';
import { repayFromProceeds } from '../../src/modules/pledge-fin/proceeds';
import {
  answer,
  dataOf,
  heldOf,
  issueBody,
  issued,
  MOBILE,
  ORG,
  pendingIn,
  pledgeOfPledgor,
  tokenOf,
  userIdOf,
  withSms,
  type LedgerTokens,
} from './bill-helpers';
import { bearer, type TestApp } from './helpers';
import { openAccount } from './e-contract-helpers';

/** 周敏, Suzhou's 业务管理员 in the demo: the checker of its pledge financing. */
export const CHECKER_MOBILE = '13800000007';

/** Opens 质押融资 for an organisation as its administrator would have (its agreement signed meanwhile). */
export async function openPledgeFin(t: TestApp, orgId: string): Promise<void> {
  await t.app.db
    .insertInto('org_function_openings')
    .values({ org_id: orgId, func_code: 'PLEDGE_FIN', opened_at: t.app.now(), opened_by: null })
    .execute();
}

/** Adds a demo user to an organisation with the roles given, their permissions granted; a token for it. */
export async function joinAs(
  t: TestApp,
  mobile: string,
  orgId: string,
  roles: StaffRoleCode[],
): Promise<string> {
  const id = randomUUID();
  await t.app.db
    .insertInto('memberships')
    .values({ id, user_id: userIdOf(mobile), org_id: orgId, owner: 0, created_at: t.app.now() })
    .execute();
  await t.app.db
    .insertInto('membership_roles')
    .values(roles.map((role_code) => ({ membership_id: id, role_code })))
    .execute();
  await t.app.db
    .insertInto('membership_permissions')
    .values(
      [...permissionsOfRoles(roles)].map((path) => ({
        membership_id: id,
        permission_path: `${PERMISSION_PATH_PREFIX}${path}`,
      })),
    )
    .execute();
  return tokenOf(t, mobile, orgId);
}

/** Shanghai issues a bill accepted by itself to Suzhou, which signs it: Suzhou's holding of it. */
export async function heldBySuzhou(
  t: TestApp,
  token: LedgerTokens,
  fields: Parameters<typeof issueBody>[1] = {},
): Promise<Holding> {
  const detail = await issued(
    t,
    MOBILE.shanghai,
    token.shanghai,
    issueBody(t, { payeeOrgId: ORG.suzhou, ...fields }),
  );
  const [receipt] = await pendingIn(t, token.suzhou, detail.bill.id);
  await dataOf(await answer(t, token.suzhou, receipt!.id, 'sign'));
  const held = (await heldOf(t, token.suzhou)).content.filter((h) => h.packageId === detail.bill.id);
  return held[0]!;
}

/**
 * Suzhou signs the e-sign service agreement, as its owner would have on the company centre, and opens its
 * e-sign account through the SMS verification: it can then sign contracts.
 */
export async function openSuzhouEsign(t: TestApp, token: LedgerTokens): Promise<void> {
  const signed = await t.app.db
    .selectFrom('org_agreements')
    .selectAll()
    .where('org_id', '=', ORG.suzhou)
    .where('status', '=', 'SIGNED')
    .executeTakeFirstOrThrow();
  await t.app.db
    .insertInto('org_agreements')
    .values({ ...signed, id: randomUUID(), agreement_code: 'E_SIGN_SERVICE', signed_at: t.app.now() })
    .execute();
  const opened = await withSms(t, MOBILE.suzhou, token.suzhou, (headers) =>
    openAccount(t.app, token.suzhou, headers),
  );
  if (opened.statusCode !== 200) throw new Error(`e-sign account: ${opened.statusCode} ${opened.body}`);
}

/**
 * Proceeds of `amountFen` on 苏州's one pledge received now, as the payment module hands them on once the
 * acceptor paid the institution (or on its recourse). Answers the pledge.
 */
export async function proceedsOfSuzhouPledge(t: TestApp, amountFen: number) {
  const pledge = await pledgeOfPledgor(t, ORG.suzhou);
  await t.app.db.transaction().execute((trx) =>
    repayFromProceeds(
      t.app.adapters.settlement,
      {
        trx,
        now: t.app.now(),
        actor: { orgId: pledge.pledgee_org_id, userId: null },
        realtime: null,
      } as unknown as CommandContext,
      { pledge, amountFen, paymentId: null },
    ),
  );
  return pledge;
}

type Method = 'GET' | 'POST' | 'PUT';

/**
 * The pledge financing's calls, on the app and tokens `current` answers at the time of the call (a file's
 * `let t, token`, set anew for each test): a request as any user, and a financing's detail, history and
 * contracts as 苏州 sees them.
 */
export function pledgeFinCalls(current: () => { t: TestApp; token: LedgerTokens }) {
  const call = (method: Method, url: string, accessToken: string, payload?: object) =>
    current().t.app.inject({ method, url, headers: bearer(accessToken), ...(payload ? { payload } : {}) });
  const contractsResponse = (id: string, accessToken = current().token.suzhou) =>
    call('GET', pathOf(PLEDGE_FIN_URL.contracts, { id }), accessToken);
  return {
    call,
    detail: async (id: string) =>
      dataOf<PledgeFinDetail>(
        await call('GET', pathOf(PLEDGE_FIN_URL.detail, { id }), current().token.suzhou),
      ),
    history: async (id: string) =>
      dataOf<PledgeFinHistoryEntry[]>(
        await call('GET', pathOf(PLEDGE_FIN_URL.opHistory, { id }), current().token.suzhou),
      ),
    contractsResponse,
    contractsOf: async (id: string) => dataOf<Contract[]>(await contractsResponse(id)),
  };
}

/** 苏州 applies for 800,000.00 against `holding` and 周敏 (`checker`) approves: the financing waits to be signed. */
export async function appliedAndApproved(
  t: TestApp,
  token: LedgerTokens,
  holding: Holding,
  checker: string,
): Promise<PledgeFinDetail> {
  const { call } = pledgeFinCalls(() => ({ t, token }));
  const submitted = await call('POST', PLEDGE_FIN_URL.create, token.suzhou, {
    productId: DEMO_PLEDGE_PRODUCTS.spdbMonthly.id,
    holdingIds: [holding.id],
    amount: '800000.00',
    maturityDate: '2026-06-01',
    purpose: '采购原材料',
  });
  const financing = await dataOf<PledgeFinDetail>(submitted, 201);
  await dataOf(await call('PUT', PLEDGE_FIN_URL.approve, checker, { id: financing.id, result: 'APPROVE' }));
  return financing;
}

/**
 * 苏州 applies for a financing against a bill Shanghai issued it and 周敏 approves it, then 苏州 opens its e-sign
 * account: the financing and its two contracts, to be signed.
 */
export async function approvedFinancing(
  t: TestApp,
  token: LedgerTokens,
): Promise<{ financing: PledgeFinDetail; contracts: Contract[] }> {
  const checker = await tokenOf(t, CHECKER_MOBILE, ORG.suzhou);
  const holding = await heldBySuzhou(t, token);
  const financing = await appliedAndApproved(t, token, holding, checker);
  const contracts = await pledgeFinCalls(() => ({ t, token })).contractsOf(financing.id);
  await openSuzhouEsign(t, token);
  return { financing, contracts };
}

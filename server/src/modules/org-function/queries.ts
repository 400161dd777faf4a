import type { Onboarding } from '@contract/organization-schemas';
import { ORG_FUNCTIONS, type FuncCode, type FuncType } from '@contract/shell';
import type { OrgFunction } from '@contract/shell-schemas';
import type { Db } from '../../db/database';
import { isoTime } from '../../lib/shanghai-time';
import { agreementOfFunction, signedAgreementCodes } from '../agreement/service';
import { verifiedSettlementAccountOf } from '../bank-account/service';
import { authorisedBusinessesOf } from '../elec-licence/service';
import { channelFunctions, defaultChannelOf } from '../org-channel/service';
import { BUILT_FUNCTIONS, LICENCE_BUSINESS, OPENED_WITH, isOpened, missingFor, type OrgFacts } from './rules';

const NOTHING: OrgFacts = {
  authenticated: false,
  licenceBound: false,
  settlementAccount: false,
  signedAgreements: new Set(),
  authorisedBusinesses: new Set(),
  offered: new Set(),
  openedAt: new Map(),
};

/** Everything that decides what the organisation may open and use, read at once. */
export async function factsOf(db: Db, orgId: string, platformChannelId: string): Promise<OrgFacts> {
  const [org, account, agreements, businesses, channel, opened] = await Promise.all([
    db.selectFrom('organizations').select(['authorized', 'bound']).where('id', '=', orgId).executeTakeFirst(),
    verifiedSettlementAccountOf(db, orgId),
    signedAgreementCodes(db, orgId),
    authorisedBusinessesOf(db, orgId),
    defaultChannelOf(db, orgId),
    db
      .selectFrom('org_function_openings')
      .select(['func_code', 'opened_at'])
      .where('org_id', '=', orgId)
      .execute(),
  ]);
  const offered = await channelFunctions(db, channel.channelId ?? platformChannelId);
  return {
    authenticated: org?.authorized === 1,
    licenceBound: org?.bound === 1,
    settlementAccount: account !== null,
    signedAgreements: new Set(agreements),
    authorisedBusinesses: new Set(businesses),
    offered: new Set(offered?.map((f) => f.funcCode) ?? []),
    openedAt: new Map(opened.map((row) => [row.func_code, Number(row.opened_at)])),
  };
}

const agreementCodeOf = (code: FuncCode) => agreementOfFunction(code)?.code;

/** One function as every screen shows it. */
export function functionView(facts: OrgFacts, code: FuncCode): OrgFunction {
  const entry = ORG_FUNCTIONS.find((f) => f.funcCode === code)!;
  const opened = isOpened(facts, code);
  const openedAt = facts.openedAt.get(code);
  return {
    funcCode: entry.funcCode,
    funcName: entry.funcName,
    funcType: entry.funcType,
    opened,
    ...(opened && openedAt !== undefined ? { openedAt: isoTime(openedAt) } : {}),
    available: BUILT_FUNCTIONS.has(code),
    offered: facts.offered.has(code),
    missing: opened ? [] : missingFor(facts, code, agreementCodeOf),
    openedWith: OPENED_WITH[code],
    licenceBusiness: LICENCE_BUSINESS[code],
  };
}

/** One function as the organisation stands. */
export async function functionOf(
  db: Db,
  orgId: string,
  platformChannelId: string,
  code: FuncCode,
): Promise<OrgFunction> {
  return functionView(await factsOf(db, orgId, platformChannelId), code);
}

/**
 * The catalogue (of one type, or all) as the organisation stands: opened, available (built) or 即将上线,
 * offered by its channel, and what opening each still needs. No organisation: nothing opened.
 */
export async function functionsOf(
  db: Db,
  orgId: string | null,
  platformChannelId: string,
  funcType?: FuncType,
): Promise<OrgFunction[]> {
  const facts = orgId ? await factsOf(db, orgId, platformChannelId) : NOTHING;
  return ORG_FUNCTIONS.filter((f) => funcType === undefined || f.funcType === funcType).map((f) =>
    functionView(facts, f.funcCode),
  );
}

/** Whether the organisation has the function open: the question every command of the function asks first. */
export async function hasFunction(db: Db, orgId: string, code: FuncCode): Promise<boolean> {
  if (!BUILT_FUNCTIONS.has(code)) return false;
  const row = await db
    .selectFrom('org_function_openings')
    .select('func_code')
    .where('org_id', '=', orgId)
    .where('func_code', '=', code)
    .executeTakeFirst();
  return row !== undefined;
}

/** The dashboard's checklist: authenticate, a verified settlement account, an agreement, a function. */
export async function onboardingOf(db: Db, orgId: string, platformChannelId: string): Promise<Onboarding> {
  const facts = await factsOf(db, orgId, platformChannelId);
  return {
    authenticated: facts.authenticated,
    settlementAccount: facts.settlementAccount,
    agreementSigned: facts.signedAgreements.size > 0,
    functionOpened: [...BUILT_FUNCTIONS].some((code) => isOpened(facts, code)),
  };
}

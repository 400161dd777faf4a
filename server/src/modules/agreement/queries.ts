import type { Transaction } from 'kysely';
import { CONTRACT_BIZ_TYPE, type ContractStatus } from '@contract/e-contract';
import { AGREEMENTS, AGREEMENT_STATUS, type AgreementCode } from '@contract/organization';
import type { OrgAgreement } from '@contract/organization-schemas';
import { ORG_FUNCTIONS } from '@contract/shell';
import type { Db } from '../../db/database';
import { lockWithinTransaction } from '../../db/locks';
import type { Database } from '../../db/schema';
import { isoTime } from '../../lib/shanghai-time';
import { channelFunctions, defaultChannelOf } from '../org-channel/service';

type Agreement = (typeof AGREEMENTS)[number];
const funcName = new Map<string, string>(ORG_FUNCTIONS.map((f) => [f.funcCode, f.funcName]));

/** The agreement a business function needs; undefined for a code of no agreement. */
export const agreementOfFunction = (funcCode: string): Agreement | undefined =>
  AGREEMENTS.find((agreement) => (agreement.functions as readonly string[]).includes(funcCode));

export const agreementByCode = (code: string): Agreement | undefined =>
  AGREEMENTS.find((a) => a.code === code);

/**
 * Opening a function and releasing an agreement take this lock: one checks the agreement is signed, the other
 * that no opened function needs it, and neither may slip between the other's check and write.
 */
export const lockOrgFunctions = (trx: Db, orgId: string) =>
  // runCommand hands its transaction over typed as Db.
  lockWithinTransaction(trx as Transaction<Database>, `org-functions:${orgId}`);

/** The organisation's channel (its default one, or the platform's) and the agreements of what it offers. */
export async function offeredAgreements(
  db: Db,
  orgId: string,
  platformChannelId: string,
): Promise<{ channelId: string; agreements: Agreement[] }> {
  const channelId = (await defaultChannelOf(db, orgId)).channelId ?? platformChannelId;
  const offered = new Set((await channelFunctions(db, channelId))?.map((f) => f.funcCode) ?? []);
  return {
    channelId,
    agreements: AGREEMENTS.filter((a) => a.functions.some((code) => offered.has(code))),
  };
}

const openedFunctions = async (db: Db, orgId: string): Promise<string[]> =>
  (
    await db.selectFrom('org_function_openings').select('func_code').where('org_id', '=', orgId).execute()
  ).map((row) => row.func_code);

/** funcName of the opened functions that need the agreement. */
export async function dependentsOf(db: Db, orgId: string, code: AgreementCode): Promise<string[]> {
  const needs = new Set<string>(agreementByCode(code)?.functions ?? []);
  return (await openedFunctions(db, orgId)).filter((f) => needs.has(f)).map((f) => funcName.get(f) ?? f);
}

export interface AgreementRow {
  id: string;
  org_id: string;
  agreement_code: string;
  version: string;
  channel_id: string;
  status: string;
  signed_by: string;
  signed_at: number;
  released_by: string | null;
  released_at: number | null;
}

export async function agreementInOrg(db: Db, orgId: string, id: string): Promise<AgreementRow | undefined> {
  return db
    .selectFrom('org_agreements')
    .selectAll()
    .where('id', '=', id)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
}

export async function agreementOrgOf(db: Db, id: string): Promise<string | undefined> {
  return (await db.selectFrom('org_agreements').select('org_id').where('id', '=', id).executeTakeFirst())
    ?.org_id;
}

/** The codes of the agreements the organisation has signed and not released. */
export async function signedAgreementCodes(db: Db, orgId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('org_agreements')
    .select('agreement_code')
    .where('org_id', '=', orgId)
    .where('status', '=', AGREEMENT_STATUS.signed)
    .execute();
  return rows.map((row) => row.agreement_code);
}

export async function signedAgreement(
  db: Db,
  orgId: string,
  code: string,
): Promise<AgreementRow | undefined> {
  return db
    .selectFrom('org_agreements')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('agreement_code', '=', code)
    .where('status', '=', AGREEMENT_STATUS.signed)
    .executeTakeFirst();
}

/**
 * Each agreement of the channel with the organisation's latest record of it: SIGNED, RELEASED (it may sign
 * again) or UNSIGNED. An agreement signed on another channel, no longer offered, still shows while signed.
 */
export async function agreementsOf(
  db: Db,
  orgId: string,
  platformChannelId: string,
): Promise<OrgAgreement[]> {
  const { agreements } = await offeredAgreements(db, orgId, platformChannelId);
  const rows = await db
    .selectFrom('org_agreements as a')
    .innerJoin('users as u', 'u.id', 'a.signed_by')
    .selectAll('a')
    .select('u.name as signer')
    // The agreement's contract (one per agreement, drafted after signing): the latest, should there be more.
    .select((eb) => {
      const latestContract = () =>
        eb
          .selectFrom('contracts as c')
          .where('c.biz_type', '=', CONTRACT_BIZ_TYPE.orgAgreement)
          .whereRef('c.biz_id', '=', 'a.id')
          .orderBy('c.created_at', 'desc')
          .limit(1);
      return [
        latestContract().select('c.id').as('contract_id'),
        latestContract().select('c.status').as('contract_status'),
      ];
    })
    .where('a.org_id', '=', orgId)
    .orderBy('a.signed_at', 'desc')
    .orderBy('a.id', 'desc')
    .execute();
  const latest = new Map<string, (typeof rows)[number]>();
  for (const row of rows) if (!latest.has(row.agreement_code)) latest.set(row.agreement_code, row);
  const opened = await openedFunctions(db, orgId);
  const shown = AGREEMENTS.filter(
    (a) => agreements.includes(a) || latest.get(a.code)?.status === AGREEMENT_STATUS.signed,
  );
  return shown.map((agreement): OrgAgreement => {
    const row = latest.get(agreement.code);
    const needs = new Set<string>(agreement.functions);
    const signed = row?.status === AGREEMENT_STATUS.signed;
    return {
      agreementCode: agreement.code,
      agreementName: agreement.name,
      version: row?.version ?? agreement.version,
      status: row
        ? signed
          ? AGREEMENT_STATUS.signed
          : AGREEMENT_STATUS.released
        : AGREEMENT_STATUS.unsigned,
      id: row?.id ?? '',
      signedBy: row?.signer ?? '',
      signedAt: row ? isoTime(Number(row.signed_at)) : '',
      releasedAt: row?.released_at != null ? isoTime(Number(row.released_at)) : '',
      contractId: row?.contract_id ?? '',
      contractStatus: (row?.contract_status as ContractStatus | null | undefined) ?? null,
      dependents: signed ? opened.filter((f) => needs.has(f)).map((f) => funcName.get(f) ?? f) : [],
    };
  });
}

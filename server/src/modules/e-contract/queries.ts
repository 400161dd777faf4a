import type { Selectable } from 'kysely';
import {
  CONTRACT_STATUS,
  SIGN_ITEM_STATUS,
  type ContractBizType,
  type ContractStatus,
  type SealTemplateName,
  type SignItemStatus,
  type SignRecordStatus,
} from '@contract/e-contract';
import type {
  Contract,
  ContractParty,
  EsignAccountState,
  Seal,
  SignInfo,
  SignRecord,
} from '@contract/e-contract-schemas';
import type { FuncCode } from '@contract/shell';
import type { Db } from '../../db/database';
import { pageAndTotal, preparedQuery, unplanned, type PagedQueries } from '../../db/prepared-query';
import type { EsignSealTable } from '../../db/schema';
import { fenToYuan } from '../../lib/money';
import type { PageRequest } from '../../lib/paging';
import { SEAL_TEMPLATES } from '../../lib/pdf/seal';
import { isoTime } from '../../lib/shanghai-time';
import { functionOf } from '../org-function/service';
import { SIGNABLE, type ContractRow } from './service';

/**
 * The e-contract module's reads and the views the routes answer: an organisation's e-sign account, seals,
 * contracts and sign records, always through the organisation.
 */

type SealRow = Selectable<EsignSealTable>;

interface ContractListValues {
  orgId: string;
  status: string;
  size: number;
  offset: number;
}

/** The contract list's page and total, with and without a status, prepared (db/prepared-query.ts). */
function contractListQueries(byStatus: boolean) {
  const listed = (db: Db, v: ContractListValues) => {
    const query = db.selectFrom('contracts').where('org_id', '=', v.orgId);
    return byStatus ? query.where('status', '=', v.status) : query;
  };
  return {
    page: preparedQuery((db: Db, v: ContractListValues) =>
      listed(db, v)
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(unplanned(v.size, 'bigint'))
        .offset(unplanned(v.offset, 'bigint')),
    ),
    total: preparedQuery((db: Db, v: ContractListValues) =>
      listed(db, v).select((eb) => eb.fn.countAll<number>().as('n')),
    ),
  };
}

const allContracts = contractListQueries(false);
const contractsByStatus = contractListQueries(true);

/** One page of the organisation's contracts, newest first. */
export async function contractPage(
  db: Db,
  orgId: string,
  status: string | undefined,
  page: PageRequest,
): Promise<{ rows: ReadonlyArray<Readonly<ContractRow>>; total: number }> {
  const queries = status ? contractsByStatus : allContracts;
  const values: ContractListValues = { orgId, status: status ?? '', size: page.size, offset: page.offset };
  return pageAndTotal(db, queries, values);
}

/** The ids of a page of the organisation's sign records (newest first), and their count, prepared. */
const signRecordIds: PagedQueries<{ orgId: string; size: number; offset: number }, { id: string }> = {
  page: preparedQuery((db: Db, v: { orgId: string; size: number; offset: number }) =>
    db
      .selectFrom('sign_records')
      .where('org_id', '=', v.orgId)
      .select('id')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(unplanned(v.size, 'bigint'))
      .offset(unplanned(v.offset, 'bigint')),
  ),
  total: preparedQuery((db: Db, v: { orgId: string }) =>
    db
      .selectFrom('sign_records')
      .where('org_id', '=', v.orgId)
      .select((eb) => eb.fn.countAll<number>().as('n')),
  ),
};

export async function signRecordPageIds(
  db: Db,
  orgId: string,
  page: PageRequest,
): Promise<{ ids: string[]; total: number }> {
  const { rows, total } = await pageAndTotal(db, signRecordIds, {
    orgId,
    size: page.size,
    offset: page.offset,
  });
  return { ids: rows.map((row) => row.id), total };
}

export function contractView(row: ContractRow): Contract {
  return {
    id: row.id,
    contractNo: row.contract_no,
    title: row.title,
    status: row.status as ContractStatus,
    parties: JSON.parse(row.parties) as ContractParty[],
    bizType: row.biz_type as ContractBizType,
    bizId: row.biz_id,
    amount: fenToYuan(row.amount_fen),
    expiresAt: isoTime(Number(row.expires_at)),
    signedAt: row.signed_at === null ? null : isoTime(Number(row.signed_at)),
    createdAt: isoTime(Number(row.created_at)),
    counterSignedAt: row.counter_signed_at === null ? null : isoTime(Number(row.counter_signed_at)),
    counterError: row.counter_error,
  };
}

export function sealView(row: SealRow): Seal {
  const template = row.template as SealTemplateName;
  return {
    id: row.id,
    template,
    sizeMm: SEAL_TEMPLATES[template].sizeMm,
    name: row.name,
    label: row.label,
    isDefault: row.is_default === 1,
    svg: row.svg,
  };
}

export const contractInOrg = (db: Db, orgId: string, id: string) =>
  db.selectFrom('contracts').selectAll().where('id', '=', id).where('org_id', '=', orgId).executeTakeFirst();

export const contractOrgOf = async (db: Db, id: string) =>
  (await db.selectFrom('contracts').select('org_id').where('id', '=', id).executeTakeFirst())?.org_id;

export const accountOf = (db: Db, orgId: string) =>
  db.selectFrom('esign_accounts').selectAll().where('org_id', '=', orgId).executeTakeFirst();

/** Electronic signing: the function the e-sign account opens. */
export const ESIGN_FUNCTION: FuncCode = 'E_SIGN';

/** The organisation's e-sign account as the settings page shows it, and whether electronic signing can open. */
export async function accountState(
  db: Db,
  orgId: string,
  platformChannelId: string,
): Promise<EsignAccountState> {
  const [account, esign] = await Promise.all([
    accountOf(db, orgId),
    functionOf(db, orgId, platformChannelId, ESIGN_FUNCTION),
  ]);
  return {
    open: Boolean(account),
    canOpen: esign.available && esign.offered && esign.missing.length === 0,
    missing: esign.missing,
    openedAt: account ? isoTime(Number(account.opened_at)) : null,
  };
}

/** The organisation's sign records of `recordIds`, in that order, each with its items: two queries for a page. */
export async function recordViews(db: Db, orgId: string, recordIds: string[]): Promise<SignRecord[]> {
  if (recordIds.length === 0) return [];
  const [records, items] = await Promise.all([
    db
      .selectFrom('sign_records')
      .selectAll()
      .where('id', 'in', recordIds)
      .where('org_id', '=', orgId)
      .execute(),
    db
      .selectFrom('sign_record_items')
      .innerJoin('contracts', 'contracts.id', 'sign_record_items.contract_id')
      .select([
        'sign_record_items.record_id',
        'sign_record_items.contract_id',
        'sign_record_items.status',
        'sign_record_items.message',
        'contracts.contract_no',
        'contracts.title',
      ])
      .where('sign_record_items.record_id', 'in', recordIds)
      .where('contracts.org_id', '=', orgId)
      .orderBy('sign_record_items.record_id')
      .orderBy('sign_record_items.position')
      .execute(),
  ]);
  const byId = new Map(records.map((record) => [record.id, record]));
  const itemsOf = new Map<string, typeof items>();
  for (const item of items) itemsOf.set(item.record_id, [...(itemsOf.get(item.record_id) ?? []), item]);
  return recordIds.flatMap((id) => {
    const record = byId.get(id);
    if (!record) return [];
    const own = itemsOf.get(id) ?? [];
    const count = (status: string) => own.filter((item) => item.status === status).length;
    return [
      {
        recordId: record.id,
        status: record.status as SignRecordStatus,
        total: record.total,
        signed: count(SIGN_ITEM_STATUS.signed),
        failed: count(SIGN_ITEM_STATUS.failed),
        createdAt: isoTime(Number(record.created_at)),
        finishedAt: record.finished_at === null ? null : isoTime(Number(record.finished_at)),
        items: own.map((item) => ({
          contractId: item.contract_id,
          contractNo: item.contract_no,
          title: item.title,
          status: item.status as SignItemStatus,
          message: item.message,
        })),
      },
    ];
  });
}

export async function recordView(db: Db, orgId: string, recordId: string): Promise<SignRecord | null> {
  return (await recordViews(db, orgId, [recordId]))[0] ?? null;
}

/** The organisation's name and credit code, as the provider's account is opened under them. */
export const orgIdentity = (db: Db, orgId: string) =>
  db
    .selectFrom('organizations')
    .select(['name', 'credit_code'])
    .where('id', '=', orgId)
    .executeTakeFirstOrThrow();

export const orgExists = async (db: Db, orgId: string) =>
  Boolean(await db.selectFrom('organizations').select('id').where('id', '=', orgId).executeTakeFirst());

/** The organisation's seals, oldest first. */
export const sealsOf = (db: Db, orgId: string) =>
  db.selectFrom('esign_seals').selectAll().where('org_id', '=', orgId).orderBy('created_at').execute();

/** The seal a batch signs with: the one asked for, or the organisation's default. */
export function sealToSign(db: Db, orgId: string, sealId: string | undefined) {
  const query = db.selectFrom('esign_seals').select('id').where('org_id', '=', orgId);
  return (sealId ? query.where('id', '=', sealId) : query.where('is_default', '=', 1)).executeTakeFirst();
}

/** What the signing dialog needs before it opens: the account, the verification, the seals and the counts. */
export async function signInfoOf(db: Db, orgId: string): Promise<SignInfo> {
  const [account, org, seals, counts] = await Promise.all([
    accountOf(db, orgId),
    db.selectFrom('organizations').select('bound').where('id', '=', orgId).executeTakeFirst(),
    db.selectFrom('esign_seals').select(['id', 'is_default']).where('org_id', '=', orgId).execute(),
    db
      .selectFrom('contracts')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('org_id', '=', orgId)
      .groupBy('status')
      .execute(),
  ]);
  const countOf = (statuses: string[]) =>
    counts.filter((c) => statuses.includes(c.status)).reduce((sum, c) => sum + Number(c.n), 0);
  return {
    open: Boolean(account),
    verification: org?.bound === 1 ? 'qr' : 'sms',
    defaultSealId: seals.find((s) => s.is_default === 1)?.id ?? null,
    sealCount: seals.length,
    pending: countOf([...SIGNABLE]),
    signed: countOf([CONTRACT_STATUS.complete]),
  };
}

/** The number of a contract of `contractIds` that a batch not yet finished with it holds, if any. */
export async function busyContractNo(db: Db, contractIds: string[]): Promise<string | undefined> {
  const busy = await db
    .selectFrom('sign_record_items')
    .innerJoin('contracts', 'contracts.id', 'sign_record_items.contract_id')
    .select('contracts.contract_no')
    .where('sign_record_items.contract_id', 'in', contractIds)
    .where('sign_record_items.status', 'in', [SIGN_ITEM_STATUS.pending, SIGN_ITEM_STATUS.signing])
    .executeTakeFirst();
  return busy?.contract_no;
}

/** A sign record of the organisation, its id and state, for a command to decide on. */
export const signRecordState = (db: Db, orgId: string, recordId: string) =>
  db
    .selectFrom('sign_records')
    .select(['id', 'status'])
    .where('id', '=', recordId)
    .where('org_id', '=', orgId)
    .executeTakeFirst();

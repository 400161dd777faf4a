import {
  APPLY_RECORD_STATUS,
  type ApplyRecordStatus,
  type ApplyRole,
  type AuthLetterType,
  staffRolesOfApplyRoles,
} from '@contract/apply-record';
import type { ApplyRecord, ApplyRecordQuery } from '@contract/apply-record-schemas';
import { sql, type SqlBool, type Transaction } from 'kysely';
import type { Db } from '../../db/database';
import { containsPattern, likeEscaped } from '../../db/like';
import { pageAndTotal, preparedQuery, unplanned } from '../../db/prepared-query';
import type { Database } from '../../db/schema';
import { lockWithinTransaction } from '../../db/locks';
import { newId } from '../../lib/hash';
import { type PageRequest } from '../../lib/paging';
import { maskMobile } from '../../lib/security-log';
import { grantRoles, memberOf } from '../staff/service';

/** Where a record's authorisation letter is kept in the file store. */
export const authLetterKey = (recordId: string) => `apply-record/${recordId}/auth-letter`;

const recordQuery = (db: Db) =>
  db
    .selectFrom('apply_records as r')
    .innerJoin('organizations as o', 'o.id', 'r.org_id')
    .innerJoin('users as u', 'u.id', 'r.applicant_user_id')
    .select([
      'r.id',
      'r.org_id',
      'r.applicant_user_id',
      'r.status',
      'r.remark',
      'r.refuse_reason',
      'r.roles',
      'r.auth_letter_type',
      'r.auth_letter_size',
      'r.created_at',
      'r.decided_at',
      'o.name as orgName',
      'u.name as applicantName',
      'u.mobile as applicantMobile',
    ]);
type RecordRow = Awaited<ReturnType<ReturnType<typeof recordQuery>['executeTakeFirstOrThrow']>>;

const viewOf = (row: RecordRow, maskApplicant: boolean): ApplyRecord => ({
  id: row.id,
  orgId: row.org_id,
  orgName: row.orgName,
  applicantName: row.applicantName,
  applicantMobile: maskApplicant ? maskMobile(row.applicantMobile) : row.applicantMobile,
  status: row.status as ApplyRecordStatus,
  remark: row.remark,
  refuseReason: row.refuse_reason,
  roles: JSON.parse(row.roles) as ApplyRole[],
  authLetterType: row.auth_letter_type as AuthLetterType | null,
  authLetterSize: row.auth_letter_size === null ? null : Number(row.auth_letter_size),
  createdAt: Number(row.created_at),
  decidedAt: row.decided_at === null ? null : Number(row.decided_at),
});

/** A record with its applicant, as stored. */
export interface StoredRecord {
  view: ApplyRecord;
  applicantUserId: string;
}

/** The record, if it belongs to `orgId` (another organisation's answers null, like a missing one). */
export async function recordOfOrg(db: Db, id: string, orgId: string): Promise<StoredRecord | null> {
  const row = await recordQuery(db).where('r.id', '=', id).where('r.org_id', '=', orgId).executeTakeFirst();
  return row ? { view: viewOf(row, false), applicantUserId: row.applicant_user_id } : null;
}

/** The applicant's own record, if it is theirs. */
export async function recordOfApplicant(db: Db, id: string, userId: string): Promise<StoredRecord | null> {
  const row = await recordQuery(db)
    .where('r.id', '=', id)
    .where('r.applicant_user_id', '=', userId)
    .executeTakeFirst();
  return row ? { view: viewOf(row, true), applicantUserId: row.applicant_user_id } : null;
}

/** Whose record an id names, for the security log of a cross-organisation attempt. */
export async function recordOrgOf(db: Db, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('apply_records').select('org_id').where('id', '=', id).executeTakeFirst();
  return row?.org_id;
}

/** The organisation's records, newest first; `keyword` matches the applicant's name or mobile. */
interface RecordListValues {
  orgId: string;
  status: string;
  /** The keyword as a LIKE pattern, its wildcards escaped. */
  pattern: string;
  size: number;
  offset: number;
}

/**
 * The page and the total of the organisation's applications for one shape of filter (by status, by
 * keyword), prepared (db/prepared-query.ts) instead of built and compiled with Kysely on every request.
 */
function recordListQueries(byStatus: boolean, byKeyword: boolean) {
  const filtered = (db: Db, v: RecordListValues) => {
    let query = recordQuery(db).where('r.org_id', '=', v.orgId);
    if (byStatus) query = query.where('r.status', '=', v.status);
    if (byKeyword) {
      query = query.where(
        sql<SqlBool>`(${likeEscaped('u.name', v.pattern)} or ${likeEscaped('u.mobile', v.pattern)})`,
      );
    }
    return query;
  };
  return {
    page: preparedQuery((db: Db, v: RecordListValues) =>
      filtered(db, v)
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(unplanned(v.size, 'bigint'))
        .offset(unplanned(v.offset, 'bigint')),
    ),
    total: preparedQuery((db: Db, v: RecordListValues) =>
      filtered(db, v)
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('n')),
    ),
  };
}

/** By [byStatus][byKeyword]. */
const recordListShapes = [false, true].map((byStatus) =>
  [false, true].map((byKeyword) => recordListQueries(byStatus, byKeyword)),
);

/** One page of the organisation's applications, newest first. */
export async function applyRecordPage(db: Db, orgId: string, query: ApplyRecordQuery, paging: PageRequest) {
  const keyword = query.keyword?.replace(/\s+/g, '') ?? '';
  const queries = recordListShapes[query.status ? 1 : 0]![keyword ? 1 : 0]!;
  const values: RecordListValues = {
    orgId,
    status: query.status ?? '',
    pattern: containsPattern(keyword),
    size: paging.size,
    offset: paging.offset,
  };
  const { rows, total } = await pageAndTotal(db, queries, values);
  return { items: rows.map((row) => viewOf(row, false)), total };
}

/** The caller's own applications, newest first (at most 50: a person applies to a few organisations). */
export async function applicationsOf(db: Db, userId: string): Promise<ApplyRecord[]> {
  const rows = await recordQuery(db)
    .where('r.applicant_user_id', '=', userId)
    .orderBy('r.created_at', 'desc')
    .limit(50)
    .execute();
  return rows.map((row) => viewOf(row, true));
}

export type ApplyOutcome =
  { kind: 'created' | 'existing'; record: StoredRecord } | { kind: 'already_member' };

/** Applies to join; an applicant's waiting record for the same organisation is answered instead of a second. */
export async function createApplyRecord(
  trx: Db,
  input: { userId: string; orgId: string; remark: string; now: number },
): Promise<ApplyOutcome> {
  const member = await trx
    .selectFrom('memberships')
    .select('id')
    .where('user_id', '=', input.userId)
    .where('org_id', '=', input.orgId)
    .executeTakeFirst();
  if (member) return { kind: 'already_member' };
  const pending = await trx
    .selectFrom('apply_records')
    .select('id')
    .where('org_id', '=', input.orgId)
    .where('applicant_user_id', '=', input.userId)
    .where('status', '=', APPLY_RECORD_STATUS.pending)
    .executeTakeFirst();
  const id = pending?.id ?? newId();
  if (!pending) {
    await trx
      .insertInto('apply_records')
      .values({
        id,
        org_id: input.orgId,
        applicant_user_id: input.userId,
        status: APPLY_RECORD_STATUS.pending,
        remark: input.remark,
        refuse_reason: null,
        roles: '[]',
        auth_letter_type: null,
        auth_letter_size: null,
        decided_by: null,
        created_at: input.now,
        decided_at: null,
      })
      .execute();
  }
  const record = await recordOfApplicant(trx, id, input.userId);
  if (!record) throw new Error(`apply record ${id} vanished`);
  return { kind: pending ? 'existing' : 'created', record };
}

/** A decision on a waiting record: the final state it moves to, and what that state keeps. */
export type Decision =
  | { to: typeof APPLY_RECORD_STATUS.closed }
  | { to: typeof APPLY_RECORD_STATUS.refused; reason: string }
  | { to: typeof APPLY_RECORD_STATUS.authorised; roles: ApplyRole[] };

export type DecisionOutcome =
  /** `changed` false: the record had already made this very move (an idempotent repeat). */
  | { kind: 'done'; record: StoredRecord; changed: boolean }
  | { kind: 'not_found' }
  /** The record is final in another state. */
  | { kind: 'decided'; status: ApplyRecordStatus };

/**
 * Moves a waiting record of `orgId` to a final state. The conditional UPDATE lets one of two administrators
 * acting at once win; the other sees the record as decided. Authorising adds the applicant as a member with
 * the roles given, in the same transaction.
 */
export async function decideApplyRecord(
  trx: Db,
  input: { id: string; orgId: string; decision: Decision; decidedBy: string | null; now: number },
): Promise<DecisionOutcome> {
  const { id, orgId, decision, now } = input;
  const before = await recordOfOrg(trx, id, orgId);
  if (!before) return { kind: 'not_found' };
  if (before.view.status === decision.to) return { kind: 'done', record: before, changed: false };
  if (before.view.status !== APPLY_RECORD_STATUS.pending)
    return { kind: 'decided', status: before.view.status };

  const moved = await trx
    .updateTable('apply_records')
    .set({
      status: decision.to,
      decided_by: input.decidedBy,
      decided_at: now,
      ...(decision.to === APPLY_RECORD_STATUS.refused ? { refuse_reason: decision.reason } : {}),
      ...(decision.to === APPLY_RECORD_STATUS.authorised ? { roles: JSON.stringify(decision.roles) } : {}),
    })
    .where('id', '=', id)
    .where('org_id', '=', orgId)
    .where('status', '=', APPLY_RECORD_STATUS.pending)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) {
    const now2 = await recordOfOrg(trx, id, orgId);
    if (!now2) return { kind: 'not_found' };
    return now2.view.status === decision.to
      ? { kind: 'done', record: now2, changed: false }
      : { kind: 'decided', status: now2.view.status };
  }
  if (decision.to === APPLY_RECORD_STATUS.authorised)
    await admitMember(trx, { userId: before.applicantUserId, orgId, roles: decision.roles, now });
  const after = await recordOfOrg(trx, id, orgId);
  if (!after) throw new Error(`apply record ${id} vanished`);
  return { kind: 'done', record: after, changed: true };
}

/**
 * Makes the applicant a member with the staff roles the applicant roles grant (APPLY_ROLE_GRANTS), through
 * 成员管理's own grant, so their permissions are exactly those roles'. Someone who joined meanwhile (by
 * invitation, or added in 成员管理) keeps what they had and gains the granted roles besides.
 */
async function admitMember(
  trx: Db,
  input: { userId: string; orgId: string; roles: ApplyRole[]; now: number },
): Promise<void> {
  // An invitation accepted at that moment must see this membership (runCommand's trx is a transaction).
  await lockWithinTransaction(trx as Transaction<Database>, `membership:${input.userId}:${input.orgId}`);
  const granted = staffRolesOfApplyRoles(input.roles);
  const existing = await trx
    .selectFrom('memberships')
    .select('id')
    .where('user_id', '=', input.userId)
    .where('org_id', '=', input.orgId)
    .executeTakeFirst();
  if (existing) {
    const held = (await memberOf(trx, existing.id, input.userId))?.roles ?? [];
    await grantRoles(trx, existing.id, [...held, ...granted]);
    return;
  }
  const membershipId = newId();
  await trx
    .insertInto('memberships')
    .values({ id: membershipId, user_id: input.userId, org_id: input.orgId, owner: 0, created_at: input.now })
    .execute();
  await grantRoles(trx, membershipId, granted);
}

/** Records the stored letter on a waiting record; false when the record is no longer waiting. */
export async function setAuthLetter(
  db: Db,
  input: { id: string; type: AuthLetterType; size: number },
): Promise<boolean> {
  const result = await db
    .updateTable('apply_records')
    .set({ auth_letter_type: input.type, auth_letter_size: input.size })
    .where('id', '=', input.id)
    .where('status', '=', APPLY_RECORD_STATUS.pending)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Owners of the organisation: who hears that a record arrived. */
export async function ownersOf(db: Db, orgId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('memberships')
    .select('user_id')
    .where('org_id', '=', orgId)
    .where('owner', '=', 1)
    .execute();
  return rows.map((row) => row.user_id);
}

/** How an uploaded document is told and checked (the 非拒付追索 proof is one as well). */
export { sniffLetterType } from './letter-type';
export { checkedLetter } from './letter-check';

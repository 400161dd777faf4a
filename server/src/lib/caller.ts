import { sql, type QueryCreator, type SelectQueryBuilder } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { isPostgres } from '../db/dialect';
import { preparedQuery } from '../db/prepared-query';
import type { Database } from '../db/schema';
import type { Db } from '../db/database';
import { invalidToken, tokenExpired, type AuthContext } from './auth';

/**
 * The caller of a bearer token: one query on primary keys and the memberships (user_id, org_id) unique index.
 * It reads the caller's account as well (the user's mobile and name, the organisation's name and state), so
 * `GET /api/user`, asked on every page load, makes no second trip for the same rows. Its columns are named
 * `caller_…`, so that a read answered in the same statement (readWithCaller) keeps its own.
 */
export function callerSelect(db: QueryCreator<Database>, tokenHash: string) {
  return db
    .selectFrom('access_tokens as t')
    .innerJoin('oauth_sessions as s', 's.id', 't.session_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('memberships as m', (join) =>
      join.onRef('m.user_id', '=', 's.user_id').onRef('m.org_id', '=', 's.org_id'),
    )
    .leftJoin('organizations as o', 'o.id', 'm.org_id')
    .select([
      't.expires_at as caller_token_expires_at',
      's.id as caller_session_id',
      's.user_id as caller_user_id',
      's.org_id as caller_org_id',
      's.revoked_at as caller_revoked_at',
      'u.status as caller_user_status',
      'm.id as caller_membership_id',
      'm.owner as caller_owner',
      'u.mobile as caller_mobile',
      'u.name as caller_name',
      'o.name as caller_org_name',
      'o.authorized as caller_authorized',
      'o.bound as caller_bound',
    ])
    .where('t.token_hash', '=', tokenHash);
}

type CallerSelection =
  ReturnType<typeof callerSelect> extends SelectQueryBuilder<never, never, infer O> ? O : never;

/** The caller's columns as the token's query reads them (undefined: no such token). */
export type CallerRow = { [K in keyof CallerSelection]: CallerSelection[K] };

const CALLER_COLUMNS = [
  'caller_token_expires_at',
  'caller_session_id',
  'caller_user_id',
  'caller_org_id',
  'caller_revoked_at',
  'caller_user_status',
  'caller_membership_id',
  'caller_owner',
  'caller_mobile',
  'caller_name',
  'caller_org_name',
  'caller_authorized',
  'caller_bound',
] as const satisfies ReadonlyArray<keyof CallerRow>;
/** Every column of callerSelect is in CALLER_COLUMNS: a column added there and not here fails to compile. */
const everyCallerColumn: Exclude<keyof CallerRow, (typeof CALLER_COLUMNS)[number]> extends never
  ? true
  : never = true;
void everyCallerColumn;

/** The caller of a token's digest, prepared (db/prepared-query.ts): every authenticated request runs it. */
export const callerByTokenHash = preparedQuery((db, values: { tokenHash: string }) =>
  callerSelect(db, values.tokenHash),
);

/**
 * Who calls, from the token's row, or the refusal: an unknown token, a revoked session, a user no longer
 * active, a membership removed after sign-in (the session's access to that organisation ends) and an expired
 * token, in that order. The one rule of both ways in: the authentication hook and a read answered in the
 * same statement as its caller.
 */
export function callerOf(row: CallerRow | undefined, now: number): AuthContext {
  if (!row || row.caller_revoked_at !== null || row.caller_user_status !== 'active') throw invalidToken();
  if (row.caller_org_id !== null && row.caller_membership_id === null) throw invalidToken();
  if (Number(row.caller_token_expires_at) <= now) throw tokenExpired();
  return {
    userId: row.caller_user_id,
    orgId: row.caller_org_id,
    sessionId: row.caller_session_id,
    membershipId: row.caller_membership_id,
    owner: row.caller_owner === 1,
    account: {
      mobile: row.caller_mobile,
      name: row.caller_name,
      orgName: row.caller_org_name ?? '',
      authorized: row.caller_authorized === 1,
      bound: row.caller_bound === 1,
    },
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * On PostgreSQL the route reads its caller in the same statement as its answer (readWithCaller): the
     * authentication hook only takes the token's digest, and the route admits the caller before it answers.
     */
    readsCaller?: boolean;
  }
  interface FastifyRequest {
    /** The bearer token's digest, while a route that reads its caller itself has not admitted it. */
    callerDigest: string | null;
  }
  interface FastifyInstance {
    /**
     * Admits the caller of `request.callerDigest` from its row as the authentication hook would (the same
     * refusals, the same count against the token's limit) and sets `request.auth`.
     */
    admitCaller: (request: FastifyRequest, row: CallerRow | undefined) => void;
  }
}

/** The token's digest while `request`'s route reads its caller itself and has not admitted it yet; else null. */
export const pendingCaller = (request: FastifyRequest): string | null =>
  request.auth === null ? request.callerDigest : null;

/** True when routes flagged `readsCaller` read their caller in their own statement on `db`. */
export const readsCallerOn = (db: Db): boolean => isPostgres(db);

/** The read's rows, numbered from 1 in their order; null on the one row of a read of none. */
const READ_ROW = 'caller_read_row';

/**
 * A prepared read (db/prepared-query.ts) answered in the same statement as its caller, on PostgreSQL: one round
 * trip where the authentication hook's query and the read took two. `build` is the read as for
 * preparedQuery; its `orgId` and `userId` are the caller's, taken from the token's row inside the statement
 * (a lateral join), never from values. Its columns must not be named `caller_…`. The caller's columns come
 * on the first row only, not on each of the read's.
 *
 * Answers the caller's row (undefined for an unknown token) and the read's rows, which the route may use only
 * once `app.admitCaller` has accepted the caller: a refused caller's rows are never answered.
 */
export function readWithCaller<P extends { orgId: string; userId?: string }, O>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any tables: the read joins its own aliases
  build: (db: Db, values: P) => SelectQueryBuilder<any, any, O>,
): (
  db: Db,
  tokenHash: string,
  values: Omit<P, 'orgId' | 'userId'>,
) => Promise<{ caller: CallerRow | undefined; rows: ReadonlyArray<Readonly<O>> }> {
  type Row = Partial<CallerRow> & O & { [READ_ROW]: number | null };
  const statement = preparedQuery((db: Db, values: P & { tokenHash: string }) => {
    const callers: P = Object.create(values, {
      orgId: { value: sql.ref('caller.caller_org_id') },
      userId: { value: sql.ref('caller.caller_user_id') },
    });
    const n = sql.ref(`read.${READ_ROW}`);
    const firstOnly = CALLER_COLUMNS.map(
      (column) =>
        sql`case when ${n} is null or ${n} = 1 then ${sql.ref(`caller.${column}`)} end as ${sql.ref(column)}`,
    );
    const query = sql<Row>`with caller as (${callerSelect(db, values.tokenHash)})
      select ${sql.join(firstOnly)}, read.* from caller
      left join lateral (
        select r.*, row_number() over () as ${sql.ref(READ_ROW)} from (${build(db, callers)}) as r
      ) as read on true`;
    return { compile: () => query.compile(db) };
  });
  return async (db, tokenHash, values) => {
    const rows = await statement(db, { ...(values as P), tokenHash });
    const first = rows[0];
    return {
      caller: first?.caller_session_id ? (first as CallerRow) : undefined,
      rows: first?.[READ_ROW] == null ? [] : rows,
    };
  };
}

import { billRange } from '@contract/bills';
import type { FreezeRisk, FreezeStatus } from '@contract/freeze';
import type { FreezeRecord } from '@contract/freeze-schemas';
import type { Db } from '../../db/database';
import { containsPattern, likeEscaped } from '../../db/like';
import { carriedTotal, preparedByPresence, unplanned } from '../../db/prepared-query';
import { fenToYuan } from '../../lib/money';
import type { PageRequest } from '../../lib/paging';
import { isoTime } from '../../lib/shanghai-time';

export interface FreezeFilter {
  status?: FreezeStatus | undefined;
  packageNo?: string | undefined;
}

/** What the list is narrowed by, as bound values: each filter absent is null. */
interface FreezeValues {
  orgId: string;
  status: string | null;
  /** A LIKE pattern of the package number (containsPattern). */
  packagePattern: string | null;
}

function rowsOf(db: Db, v: FreezeValues) {
  return db
    .selectFrom('bill_freezes as f')
    .innerJoin('bill_packages as p', 'p.id', 'f.package_id')
    .innerJoin('organizations as o', 'o.id', 'f.org_id')
    .where('f.org_id', '=', v.orgId)
    .$if(v.status !== null, (q) => q.where('f.status', '=', v.status!))
    .$if(v.packagePattern !== null, (q) => q.where(likeEscaped('p.package_no', v.packagePattern!)));
}

function valuesOf(orgId: string, filter: FreezeFilter): FreezeValues {
  const packageNo = filter.packageNo?.trim();
  return {
    orgId,
    status: filter.status ?? null,
    packagePattern: packageNo ? containsPattern(packageNo) : null,
  };
}

/** The freezes of ranges the organisation held when they were frozen. */
export const freezeRowsOf = (db: Db, orgId: string, filter: FreezeFilter) =>
  rowsOf(db, valuesOf(orgId, filter));

type Listed = ReturnType<typeof freezeRowsOf>;
const shape = (query: Listed) =>
  query
    .selectAll('f')
    .select(['p.package_no', 'p.splittable', 'p.due_date', 'o.name as holder_name'])
    .orderBy('f.frozen_at', 'desc')
    .orderBy('f.id', 'desc');
type Row = Awaited<ReturnType<ReturnType<typeof shape>['execute']>>[number];

const recordOf = (row: Row): FreezeRecord => ({
  id: row.id,
  packageId: row.package_id,
  packageNo: row.package_no,
  range: billRange(row.splittable === 1, Number(row.sub_start), Number(row.sub_end)),
  amount: fenToYuan(row.amount_fen),
  dueDate: row.due_date,
  holder: { orgId: row.org_id, name: row.holder_name },
  risk: row.risk as FreezeRisk,
  authority: row.authority,
  documentNo: row.document_no,
  status: row.status as FreezeStatus,
  frozenAt: isoTime(Number(row.frozen_at)),
  liftedAt: row.lifted_at === null ? null : isoTime(Number(row.lifted_at)),
  liftAuthority: row.lift_authority,
  liftDocumentNo: row.lift_document_no,
});

type PageValues = FreezeValues & Pick<PageRequest, 'size' | 'offset'>;

/**
 * The page and the count, prepared for each set of filters given (db/prepared-query.ts): building and
 * compiling the list's query took longer than running it.
 */
const freezePageQuery = preparedByPresence((db: Db, v: PageValues) =>
  shape(rowsOf(db, v))
    // The total rides on every row: one query where the page and its count took two round trips.
    .select((eb) => eb.fn.countAll<number>().over().as('list_total'))
    .limit(unplanned(v.size, 'bigint'))
    .offset(unplanned(v.offset, 'bigint')),
);

const freezeCountQuery = preparedByPresence((db: Db, v: FreezeValues) =>
  rowsOf(db, v).select((eb) => eb.fn.countAll<number | string>().as('n')),
);

/** The organisation's freezes, newest first. */
export async function freezePage(
  db: Db,
  orgId: string,
  paging: Pick<PageRequest, 'size' | 'offset'>,
  filter: FreezeFilter,
): Promise<{ content: FreezeRecord[]; total: number }> {
  const values = valuesOf(orgId, filter);
  const rows = await freezePageQuery(db, { ...values, size: paging.size, offset: paging.offset });
  const total = await carriedTotal(rows, paging.offset, () => freezeCountQuery(db, values));
  return { content: rows.map(recordOf), total };
}

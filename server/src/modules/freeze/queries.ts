import { billRange } from '@contract/bills';
import type { FreezeRisk, FreezeStatus } from '@contract/freeze';
import type { FreezeRecord } from '@contract/freeze-schemas';
import type { Db } from '../../db/database';
import { containsPattern, likeEscaped } from '../../db/like';
import { fenToYuan } from '../../lib/money';
import { listedPage, type PageRequest } from '../../lib/paging';
import { isoTime } from '../../lib/shanghai-time';

export interface FreezeFilter {
  status?: FreezeStatus | undefined;
  packageNo?: string | undefined;
}

/** The freezes of ranges the organisation held when they were frozen. */
export function freezeRowsOf(db: Db, orgId: string, filter: FreezeFilter) {
  return db
    .selectFrom('bill_freezes as f')
    .innerJoin('bill_packages as p', 'p.id', 'f.package_id')
    .innerJoin('organizations as o', 'o.id', 'f.org_id')
    .where('f.org_id', '=', orgId)
    .$if(filter.status !== undefined, (q) => q.where('f.status', '=', filter.status!))
    .$if(Boolean(filter.packageNo?.trim()), (q) =>
      q.where(likeEscaped('p.package_no', containsPattern(filter.packageNo!.trim()))),
    );
}

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

/** The organisation's freezes, newest first. */
export async function freezePage(
  db: Db,
  orgId: string,
  paging: Pick<PageRequest, 'size' | 'offset'>,
  filter: FreezeFilter,
): Promise<{ content: FreezeRecord[]; total: number }> {
  const { rows, total } = await listedPage(freezeRowsOf(db, orgId, filter), shape, paging);
  return { content: rows.map(recordOf), total };
}

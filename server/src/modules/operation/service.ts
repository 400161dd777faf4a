import { OP_NAME, OP_STATUS_NAME, OPERATION_SORTS, type OpStatus, type OpType } from '@contract/shell';
import type { OperationItem } from '@contract/shell-schemas';
import { BIZ_TYPE_NAME, type BizType } from '@contract/statistics';
import type { Db } from '../../db/database';
import type { BillOperationTable } from '../../db/schema';
import { isoTime } from '../../lib/shanghai-time';
import { fenToYuan } from '../../lib/money';
import type { ListReadBy } from '../../lib/list-page';
import { countRows, type PageRequest, listedPage } from '../../lib/paging';

/** Who reads the operation log, its list and its export alike: every member of the organisation. */
export const OPERATION_LIST_READ_BY: ListReadBy = 'member';

export type OperationSort = (typeof OPERATION_SORTS)[number];
export const DEFAULT_OPERATION_SORT: OperationSort = 'createdAt,desc';

export const isOperationSort = (value: string): value is OperationSort =>
  (OPERATION_SORTS as readonly string[]).includes(value);

/** Sub-ticket numbers are 12 digits, zero-padded (docs/domain.md). */
const SUB_TICKET_DIGITS = 12;
export const subRange = (start: number, end: number): string =>
  `${String(start).padStart(SUB_TICKET_DIGITS, '0')}-${String(end).padStart(SUB_TICKET_DIGITS, '0')}`;

export interface OperationFilter {
  bizType?: BizType | undefined;
}

/** The organisation's operations; every read of the log starts here. */
function ofOrg(db: Db, orgId: string, filter: OperationFilter) {
  let query = db.selectFrom('bill_operations').where('org_id', '=', orgId);
  if (filter.bizType) query = query.where('biz_type', '=', filter.bizType);
  return query;
}

type OperationRow = Pick<
  BillOperationTable,
  | 'id'
  | 'biz_id'
  | 'biz_type'
  | 'op_type'
  | 'bill_no'
  | 'sub_start'
  | 'sub_end'
  | 'amount_fen'
  | 'counterparty'
  | 'status'
  | 'operator_name'
  | 'created_at'
>;

const COLUMNS = [
  'id',
  'biz_id',
  'biz_type',
  'op_type',
  'bill_no',
  'sub_start',
  'sub_end',
  'amount_fen',
  'counterparty',
  'status',
  'operator_name',
  'created_at',
] as const;

export function toOperationItem(row: OperationRow): OperationItem {
  const bizType = row.biz_type as BizType;
  const opType = row.op_type as OpType;
  const status = row.status as OpStatus;
  return {
    id: row.id,
    bizId: row.biz_id,
    bizType,
    bizTypeName: BIZ_TYPE_NAME[bizType] ?? row.biz_type,
    opType,
    opName: OP_NAME[bizType]?.[opType] ?? row.op_type,
    billNo: row.bill_no,
    subRange: subRange(Number(row.sub_start), Number(row.sub_end)),
    amount: fenToYuan(row.amount_fen),
    counterparty: row.counterparty,
    status,
    statusName: OP_STATUS_NAME[status] ?? row.status,
    operatorName: row.operator_name,
    createdAt: isoTime(Number(row.created_at)),
  };
}

export async function countOperations(db: Db, orgId: string, filter: OperationFilter): Promise<number> {
  return countRows(ofOrg(db, orgId, filter));
}

/** One page of the organisation's operation log; ties broken by id so pages never overlap. */
export async function operationPage(
  db: Db,
  orgId: string,
  filter: OperationFilter,
  sort: OperationSort,
  page: PageRequest,
): Promise<{ items: OperationItem[]; total: number }> {
  const [field, direction] = sort.split(',') as ['createdAt' | 'amount', 'asc' | 'desc'];
  const { rows, total } = await listedPage(
    ofOrg(db, orgId, filter),
    (query) =>
      query
        .select(COLUMNS)
        .orderBy(field === 'amount' ? 'amount_fen' : 'created_at', direction)
        .orderBy('id', direction),
    page,
  );
  return { items: rows.map(toOperationItem), total };
}

/** Rows for an export, newest first, in batches of `batchSize` (keeps memory flat for large logs). */
export async function* operationBatches(
  db: Db,
  orgId: string,
  filter: OperationFilter,
  batchSize: number,
  limit: number,
): AsyncGenerator<OperationItem[]> {
  for (let offset = 0; offset < limit; offset += batchSize) {
    const rows = await ofOrg(db, orgId, filter)
      .select(COLUMNS)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(Math.min(batchSize, limit - offset))
      .offset(offset)
      .execute();
    if (rows.length === 0) return;
    yield rows.map(toOperationItem);
    if (rows.length < batchSize) return;
  }
}

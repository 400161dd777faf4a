import { OP_NAME, OP_STATUS_NAME, OPERATION_SORTS, type OpStatus, type OpType } from '@contract/shell';
import type { OperationItem } from '@contract/shell-schemas';
import { BIZ_TYPE_NAME, type BizType } from '@contract/statistics';
import type { Db } from '../../db/database';
import type { BillOperationTable } from '../../db/schema';
import { isoTime, shanghaiDateTime } from '../../lib/shanghai-time';
import { fenToYuan } from '../../lib/money';
import { listExport } from '../../lib/list-export';
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

/** The operation log as the export centre writes it: newest first, with the list's business-type filter. */
export const OPERATION_EXPORT = listExport({
  sheet: '业务操作记录',
  columns: [
    { header: '业务类型', width: 12 },
    { header: '操作', width: 16 },
    { header: '票据包号', width: 34 },
    { header: '子票区间', width: 28 },
    { header: '金额（元）', width: 16 },
    { header: '交易对手', width: 32 },
    { header: '状态', width: 10 },
    { header: '操作人', width: 10 },
    { header: '操作时间', width: 20 },
    { header: '业务编号', width: 38 },
  ],
  filterOf: (params): OperationFilter => ({ bizType: params.bizType }),
  count: (db, orgId, filter) => countOperations(db, orgId, filter),
  page: async (db, orgId, paging, filter) => {
    const rows = await ofOrg(db, orgId, filter)
      .select(COLUMNS)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(paging.size)
      .offset(paging.offset)
      .execute();
    return { content: rows.map(toOperationItem) };
  },
  cells: (op) => [
    op.bizTypeName,
    op.opName,
    op.billNo,
    op.subRange,
    op.amount,
    op.counterparty,
    op.statusName,
    op.operatorName,
    shanghaiDateTime(Date.parse(op.createdAt)),
    op.bizId,
  ],
});

import { FREEZE_RISK_LABEL, FREEZE_STATUS_LABEL, FREEZE_STATUSES } from '@contract/freeze';
import { listExport, statusOf } from '../../lib/list-export';
import type { ListReadBy } from '../../lib/list-page';
import { countRows } from '../../lib/paging';
import { shanghaiDateTime } from '../../lib/shanghai-time';
import { freezePage, freezeRowsOf, type FreezeFilter } from './queries';

/** What other modules may use of 冻结: its records' export (the export centre). */

/** Who reads the freeze records, their list and their export alike: every member of the organisation. */
export const FREEZE_LIST_READ_BY: ListReadBy = 'member';

/** The freeze records as the export centre writes them, with the list's status and package-number filter. */
export const FREEZE_EXPORT = listExport({
  sheet: '冻结记录',
  columns: [
    { header: '票据包号', width: 34 },
    { header: '子票区间', width: 28 },
    { header: '冻结金额（元）', width: 18 },
    { header: '冻结类型', width: 12 },
    { header: '有权机关', width: 28 },
    { header: '文书号', width: 28 },
    { header: '状态', width: 10 },
    { header: '冻结时间', width: 20 },
    { header: '解除时间', width: 20 },
    { header: '解除文书号', width: 28 },
  ],
  filterOf: (params): FreezeFilter => ({
    status: statusOf(params, FREEZE_STATUSES),
    packageNo: params.packageNo,
  }),
  count: (db, orgId, filter) => countRows(freezeRowsOf(db, orgId, filter)),
  page: (db, orgId, paging, filter) => freezePage(db, orgId, paging, filter),
  cells: (f) => [
    f.packageNo,
    f.range,
    f.amount,
    FREEZE_RISK_LABEL[f.risk],
    f.authority,
    f.documentNo,
    FREEZE_STATUS_LABEL[f.status],
    shanghaiDateTime(Date.parse(f.frozenAt)),
    f.liftedAt ? shanghaiDateTime(Date.parse(f.liftedAt)) : '',
    f.liftDocumentNo ?? '',
  ],
});

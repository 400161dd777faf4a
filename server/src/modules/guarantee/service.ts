import { APPLICATION_STATUS, APPLICATION_STATUS_LABEL } from '@contract/bills';
import { GUARANTEE_SIDE, GUARANTEE_SIDES, GUARANTEED_ROLE_LABEL } from '@contract/guarantee';
import { PERMISSION } from '@contract/permissions';
import { listExport, statusOf } from '../../lib/list-export';
import type { ListReadBy } from '../../lib/list-page';
import { countRows } from '../../lib/paging';
import { shanghaiDateTime } from '../../lib/shanghai-time';
import { guaranteePage, guaranteeRowsOf, type GuaranteeFilter } from './queries';

/** What other modules may use of 保证: its list's export (the export centre). */

/** Who reads the 保证 list, its list and its export alike: the 票据保证 permission. */
export const GUARANTEE_LIST_READ_BY: ListReadBy = { permission: PERMISSION.guarantee.path };

/** The 保证 list as the export centre writes it: one side of it, with its status and package-number filter. */
export const GUARANTEE_EXPORT = listExport({
  sheet: '票据保证',
  columns: [
    { header: '票据包号', width: 34 },
    { header: '票面金额（元）', width: 18 },
    { header: '到期日', width: 12 },
    { header: '被保证人', width: 32 },
    { header: '被保证人身份', width: 12 },
    { header: '保证人', width: 32 },
    { header: '状态', width: 10 },
    { header: '驳回理由', width: 24 },
    { header: '申请时间', width: 20 },
    { header: '处理时间', width: 20 },
  ],
  filterOf: (params): GuaranteeFilter => ({
    side: GUARANTEE_SIDES.find((side) => side === params.side) ?? GUARANTEE_SIDE.applied,
    status: statusOf(params, Object.values(APPLICATION_STATUS)),
    packageNo: params.packageNo,
  }),
  count: (db, orgId, filter) => countRows(guaranteeRowsOf(db, orgId, filter)),
  page: guaranteePage,
  cells: (g) => [
    g.packageNo,
    g.amount,
    g.dueDate,
    g.guaranteed.name,
    GUARANTEED_ROLE_LABEL[g.role],
    g.guarantor.name,
    APPLICATION_STATUS_LABEL[g.status],
    g.reason ?? '',
    shanghaiDateTime(Date.parse(g.appliedAt)),
    g.answeredAt ? shanghaiDateTime(Date.parse(g.answeredAt)) : '',
  ],
});

/** Whom recourse may reach beside the bill's parties: the signed guarantees and the endorsers. */
export { endorsersOf, guaranteesOf } from './commands';
export { clearMaturedGuaranteesStep } from './day-end';

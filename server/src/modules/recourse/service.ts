import {
  DEBTOR_ROLE_LABEL,
  PLEDGEE_LABEL,
  RECOURSE_KIND_LABEL,
  RECOURSE_SIDE,
  RECOURSE_STATUS_LABEL,
  RECOURSE_STATUSES,
} from '@contract/recourse';
import { CLEARING_LABEL } from '@contract/discount';
import { PERMISSION } from '@contract/permissions';
import { listExport, statusOf } from '../../lib/list-export';
import type { ListReadBy } from '../../lib/list-page';
import { countRows } from '../../lib/paging';
import { shanghaiDateTime } from '../../lib/shanghai-time';
import { recoursePage, recourseRowsOf, type RecourseFilter } from './queries';

/** What other modules may use of 追索: its list's export (the export centre), and the notice (the demo). */
export { notifyRecourse, type NotifyInput } from './commands';

/** Who reads the 追索 list, its list and its export alike: the 票据追索 permission. */
export const RECOURSE_LIST_READ_BY: ListReadBy = { permission: PERMISSION.recourse.path };

/** The 追索 list as the export centre writes it: one side of it, with its status and package-number filter. */
export const RECOURSE_EXPORT = listExport({
  sheet: '票据追索',
  columns: [
    { header: '票据包号', width: 34 },
    { header: '子票区间', width: 28 },
    { header: '到期日', width: 12 },
    { header: '追索类型', width: 12 },
    { header: '追索人', width: 32 },
    { header: '被追索人', width: 32 },
    { header: '被追索人身份', width: 12 },
    { header: '票面金额（元）', width: 18 },
    { header: '利息（元）', width: 14 },
    { header: '费用（元）', width: 14 },
    { header: '追索金额（元）', width: 18 },
    { header: '同意清偿金额（元）', width: 18 },
    { header: '清算方式', width: 10 },
    { header: '状态', width: 14 },
    { header: '通知时间', width: 20 },
  ],
  filterOf: (params): RecourseFilter => ({
    side: params.recourseSide ?? RECOURSE_SIDE.pursuer,
    status: statusOf(params, RECOURSE_STATUSES),
    packageNo: params.packageNo,
  }),
  count: (db, orgId, filter) => countRows(recourseRowsOf(db, orgId, filter)),
  page: recoursePage,
  cells: (r) => [
    r.packageNo,
    r.range,
    r.dueDate,
    RECOURSE_KIND_LABEL[r.kind],
    r.pursuerPledgee ? `${r.pursuer.name}（${PLEDGEE_LABEL}）` : r.pursuer.name,
    r.debtor.name,
    DEBTOR_ROLE_LABEL[r.debtorRole],
    r.claim.face,
    r.claim.interest,
    r.claim.costs,
    r.claim.total,
    r.agreedAmount ?? '',
    r.clearing ? CLEARING_LABEL[r.clearing] : '',
    RECOURSE_STATUS_LABEL[r.status],
    shanghaiDateTime(Date.parse(r.notifiedAt)),
  ],
});

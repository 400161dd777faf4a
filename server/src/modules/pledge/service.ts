import { PERMISSION } from '@contract/permissions';
import { PLEDGE_STATUS_LABEL } from '@contract/pledge';
import { listExport } from '../../lib/list-export';
import type { ListReadBy } from '../../lib/list-page';
import { shanghaiDateTime } from '../../lib/shanghai-time';
import { pledgeCount, pledgeExportFilter, pledgePage } from './queries';

/**
 * Pledges (docs/domain.md, pledge and release): what other modules may use. Pledge financing
 * (modules/pledge-fin) pledges bills to the lending institution and has them released once the loan is
 * repaid, through these commands; each runs in the caller's transaction and must be given a `CommandScope`
 * whose actor is the party acting:
 *
 * - `pledgeCommands(app.adapters.institution).applyPledge(scope, { holdingId, institutionOrgId, amountFen,
 *   remark })`, the pledgor's member acting: the same act as `POST /api/scbill/pledge/apply` (its check is
 *   `.check(scope, input)`, to refuse before asking for a confirmation). It locks the front `amountFen` of
 *   the holding and hands the application to the institution, whose answer arrives through the adapter
 *   handler the pledge routes register; on 签收 the range rests pledged (TF0304). Returns the application,
 *   whose id names the pledge from then on.
 * - `applyRelease(scope, pledgeId)`, the actor being the pledgee institution (`userId: null`): asks the
 *   pledgor to release the pledge (a to-do for the pledgor, who signs or refuses through the pledge routes).
 *   Refused once the bill has matured, or while a release already waits.
 * - `withdrawRelease(scope, pledgeId)`, the same institution: takes a waiting release back.
 * - `answerRelease(scope, { pledgeId, decision, reason })`, the pledgor's member acting: signs or refuses the
 *   waiting release, the same act as the pledge routes' (a financing repaid signs it in the repayment).
 * - `pledgeState(db, pledgeId)`: where a pledge stands (PLEDGE_STATUS), for a module that follows it.
 * - `pledgeById(trx, id)`, `pledgeInForceOn(trx, holdingId)` and `endPledgeWithBill(ctx, pledge)`: for the
 *   payment module, whose pledgee presents a bill that matured pledged and ends the pledge when it is paid.
 *
 * And 我的质押 as the export centre writes it (PLEDGE_EXPORT).
 */
export {
  answerRelease,
  applyRelease,
  endPledgeWithBill,
  pledgeById,
  pledgeCommands,
  pledgeInForceOn,
  withdrawRelease,
  type PledgeInput,
} from './commands';
export { pledgeState } from './queries';
export { clearMaturedReleasesStep } from './day-end';

/** Who reads 我的质押, its list and its export alike: the 质押 page's permission. */
export const PLEDGE_LIST_READ_BY: ListReadBy = { permission: PERMISSION.pledge.path };

const time = (iso: string | null) => (iso ? shanghaiDateTime(Date.parse(iso)) : '');

/** 我的质押 as the export centre writes it, with the list's status, institution and package-number filter. */
export const PLEDGE_EXPORT = listExport({
  sheet: '我的质押',
  columns: [
    { header: '票据包号', width: 34 },
    { header: '子票区间', width: 28 },
    { header: '质押金额（元）', width: 16 },
    { header: '承兑人', width: 24 },
    { header: '到期日', width: 12 },
    { header: '质权人', width: 24 },
    { header: '状态', width: 12 },
    { header: '原因', width: 30 },
    { header: '备注', width: 30 },
    { header: '申请时间', width: 20 },
    { header: '质押时间', width: 20 },
    { header: '解除申请时间', width: 20 },
    { header: '解除时间', width: 20 },
  ],
  filterOf: pledgeExportFilter,
  count: (db, orgId, filter) => pledgeCount(db, orgId, filter),
  page: pledgePage,
  cells: (g) => [
    g.packageNo,
    g.range,
    g.amount,
    g.acceptorName,
    g.maturityDate,
    g.institution.name,
    PLEDGE_STATUS_LABEL[g.status],
    g.reason ?? '',
    g.remark,
    time(g.appliedAt),
    time(g.pledgedAt),
    time(g.releaseAppliedAt),
    time(g.releasedAt),
  ],
});

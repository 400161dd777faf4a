import { APPLICATION_STATUS, APPLICATION_STATUS_LABEL, type ApplicationStatus } from '@contract/bills';
import type { ExportParams } from '@contract/export-schemas';
import { GUARANTEE_SIDE, GUARANTEE_SIDES, GUARANTEED_ROLE_LABEL } from '@contract/guarantee';
import { PERMISSION } from '@contract/permissions';
import type { Db } from '../../db/database';
import type { ListReadBy } from '../../lib/list-page';
import { countRows, pagesOf } from '../../lib/paging';
import { shanghaiDateTime } from '../../lib/shanghai-time';
import { guaranteePage, guaranteeRowsOf, type GuaranteeFilter } from './queries';

/** What other modules may use of 保证: its list's export (the export centre). */

/** Who reads the 保证 list, its list and its export alike: the 票据保证 permission. */
export const GUARANTEE_LIST_READ_BY: ListReadBy = { permission: PERMISSION.guarantee.path };

function filterOf(params: ExportParams): GuaranteeFilter {
  const statuses: readonly string[] = Object.values(APPLICATION_STATUS);
  return {
    side: GUARANTEE_SIDES.find((side) => side === params.side) ?? GUARANTEE_SIDE.applied,
    status:
      params.billStatus && statuses.includes(params.billStatus)
        ? (params.billStatus as ApplicationStatus)
        : undefined,
    packageNo: params.packageNo,
  };
}

export const GUARANTEE_SHEET = {
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
};

export const guaranteeExportCount = (db: Db, orgId: string, params: ExportParams) =>
  countRows(guaranteeRowsOf(db, orgId, filterOf(params)));

/** The list's rows as cells, `batch` at a time, at most `cap`. */
export async function* guaranteeExportBatches(
  db: Db,
  orgId: string,
  params: ExportParams,
  now: number,
  batch: number,
  cap: number,
): AsyncGenerator<string[][]> {
  const pages = pagesOf(
    (paging) => guaranteePage(db, orgId, paging, filterOf(params), now).then((page) => page.content),
    batch,
    cap,
  );
  for await (const content of pages) {
    yield content.map((g) => [
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
    ]);
  }
}

/** Whom recourse may reach beside the bill's parties: the signed guarantees and the endorsers. */
export { endorsersOf, guaranteesOf } from './commands';
export { clearMaturedGuaranteesStep } from './day-end';

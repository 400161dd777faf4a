import type { ExportParams } from '@contract/export-schemas';
import { FREEZE_RISK_LABEL, FREEZE_STATUS_LABEL, FREEZE_STATUSES, type FreezeStatus } from '@contract/freeze';
import type { Db } from '../../db/database';
import type { ListReadBy } from '../../lib/list-page';
import { countRows, pagesOf } from '../../lib/paging';
import { shanghaiDateTime } from '../../lib/shanghai-time';
import { freezePage, freezeRowsOf, type FreezeFilter } from './queries';

/** What other modules may use of 冻结: its records' export (the export centre). */

/** Who reads the freeze records, their list and their export alike: every member of the organisation. */
export const FREEZE_LIST_READ_BY: ListReadBy = 'member';

function filterOf(params: ExportParams): FreezeFilter {
  const statuses: readonly string[] = FREEZE_STATUSES;
  return {
    status:
      params.billStatus && statuses.includes(params.billStatus)
        ? (params.billStatus as FreezeStatus)
        : undefined,
    packageNo: params.packageNo,
  };
}

export const FREEZE_SHEET = {
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
};

export const freezeExportCount = (db: Db, orgId: string, params: ExportParams) =>
  countRows(freezeRowsOf(db, orgId, filterOf(params)));

/** The records as cells, `batch` at a time, at most `cap`. */
export async function* freezeExportBatches(
  db: Db,
  orgId: string,
  params: ExportParams,
  batch: number,
  cap: number,
): AsyncGenerator<string[][]> {
  const pages = pagesOf(
    (paging) => freezePage(db, orgId, paging, filterOf(params)).then((page) => page.content),
    batch,
    cap,
  );
  for await (const content of pages) {
    yield content.map((f) => [
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
    ]);
  }
}

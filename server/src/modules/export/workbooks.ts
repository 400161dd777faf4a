import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type ExcelJS from 'exceljs';
import { EXPORT_KIND, EXPORT_ROW_CAP, type ExportKind } from '@contract/export';
import type { ExportParams } from '@contract/export-schemas';
import type { Db } from '../../db/database';
import type { ListExport, SheetColumn } from '../../lib/list-export';
import { maskMobile } from '../../lib/security-log';
import { shanghaiDateTime } from '../../lib/shanghai-time';
import { billListBatches, billListCount, billListSheet, type BillListName } from '../bills/service';
import { DISCOUNT_EXPORT } from '../discount/service';
import { OPERATION_EXPORT } from '../operation/service';
import { PLEDGE_EXPORT } from '../pledge/service';
import { GUARANTEE_EXPORT } from '../guarantee/service';
import { FREEZE_EXPORT } from '../freeze/service';
import { RECOURSE_EXPORT } from '../recourse/service';
import { PAYMENT_EXPORT } from '../payment/service';
import { fenToYuan } from '../../lib/money';
import { safeCell } from './cells';

/** Rows read and written per step; progress and the lease are updated between steps. */
export const EXPORT_BATCH_ROWS = 500;

export interface ExportJob {
  orgId: string;
  kind: ExportKind;
  params: ExportParams;
  /** When the export is counted or written: a bill's shown status depends on the day. */
  now: number;
}

export interface WriteHooks {
  /** 0-100; also the moment to renew the lease. Throws to stop the export. */
  progress(percent: number): Promise<void>;
}

function sheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, name: string, columns: SheetColumn[]) {
  const worksheet = workbook.addWorksheet(name);
  worksheet.columns = columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width }));
  worksheet.getRow(1).font = { bold: true };
  return worksheet;
}

/** Every cell is text passed through safeCell: money stays an exact yuan string, nothing becomes a formula. */
const addRow = (worksheet: ExcelJS.Worksheet, values: string[]) =>
  worksheet.addRow(values.map(safeCell)).commit();

export const OWNER_ROLE_NAME = '管理员';
export const MEMBER_ROLE_NAME = '成员';

export async function orgMembers(db: Db, orgId: string) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.name', 'u.mobile', 'm.owner', 'm.created_at'])
    .where('m.org_id', '=', orgId)
    .orderBy('m.owner', 'desc')
    .orderBy('m.created_at')
    .orderBy('u.mobile')
    .execute();
}

/** The organisation's counterparties as its operation log names them, biggest business first. */
export async function orgCounterparties(db: Db, orgId: string) {
  return db
    .selectFrom('bill_operations')
    .select((eb) => [
      'counterparty',
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number | string>('amount_fen').as('fen'),
      eb.fn.max('created_at').as('last'),
    ])
    .where('org_id', '=', orgId)
    .groupBy('counterparty')
    .orderBy('fen', 'desc')
    .orderBy('counterparty')
    .execute();
}

async function writeOrgRelation(
  db: Db,
  job: ExportJob,
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  hooks: WriteHooks,
): Promise<number> {
  const members = await orgMembers(db, job.orgId);
  const memberSheet = sheet(workbook, '企业成员', [
    { header: '姓名', width: 12 },
    { header: '手机号', width: 16 },
    { header: '角色', width: 10 },
    { header: '加入时间', width: 20 },
  ]);
  for (const m of members)
    addRow(memberSheet, [
      m.name,
      maskMobile(m.mobile),
      m.owner === 1 ? OWNER_ROLE_NAME : MEMBER_ROLE_NAME,
      shanghaiDateTime(Number(m.created_at)),
    ]);
  memberSheet.commit();
  await hooks.progress(50);

  const counterparties = await orgCounterparties(db, job.orgId);
  const counterpartySheet = sheet(workbook, '交易对手', [
    { header: '企业名称', width: 32 },
    { header: '往来笔数', width: 10 },
    { header: '往来金额（元）', width: 18 },
    { header: '最近往来时间', width: 20 },
  ]);
  for (const c of counterparties)
    addRow(counterpartySheet, [
      c.counterparty,
      String(Number(c.n)),
      fenToYuan(c.fen),
      shanghaiDateTime(Number(c.last)),
    ]);
  counterpartySheet.commit();
  await hooks.progress(100);
  return members.length + counterparties.length;
}

/** The bill lists' exports: each kind is one of the ledger's lists, with the list's own filters. */
const BILL_LISTS: Partial<Record<ExportKind, BillListName>> = {
  [EXPORT_KIND.billsHeld]: 'held',
  [EXPORT_KIND.billsIssued]: 'issued',
  [EXPORT_KIND.billsPending]: 'pending',
  [EXPORT_KIND.billApplications]: 'mine',
};

/**
 * One sheet of a list: its rows as they come, batch by batch, with the progress after each batch out of the
 * `total` counted beforehand; answers the number of rows written.
 */
async function writeSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  { sheet: name, columns }: { sheet: string; columns: SheetColumn[] },
  total: number,
  batches: AsyncIterable<string[][]>,
  hooks: WriteHooks,
): Promise<number> {
  const worksheet = sheet(workbook, name, columns);
  let written = 0;
  for await (const batch of batches) {
    for (const cells of batch) addRow(worksheet, cells);
    written += batch.length;
    await hooks.progress(total === 0 ? 100 : Math.floor((written / total) * 100));
  }
  worksheet.commit();
  return written;
}

async function writeBillList(
  db: Db,
  job: ExportJob,
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  hooks: WriteHooks,
): Promise<number> {
  const list = BILL_LISTS[job.kind]!;
  const total = Math.min(await billListCount(db, job.orgId, list, job.params, job.now), EXPORT_ROW_CAP);
  const batches = billListBatches(
    db,
    job.orgId,
    list,
    job.params,
    job.now,
    EXPORT_BATCH_ROWS,
    EXPORT_ROW_CAP,
  );
  return writeSheet(workbook, billListSheet(list), total, batches, hooks);
}

/** The lists their modules declare as exports (lib/list-export.ts), by kind. */
const LIST_EXPORTS: Partial<Record<ExportKind, ListExport>> = {
  [EXPORT_KIND.guarantees]: GUARANTEE_EXPORT,
  [EXPORT_KIND.recourse]: RECOURSE_EXPORT,
  [EXPORT_KIND.freezes]: FREEZE_EXPORT,
  [EXPORT_KIND.discounts]: DISCOUNT_EXPORT,
  [EXPORT_KIND.operationList]: OPERATION_EXPORT,
  [EXPORT_KIND.payments]: PAYMENT_EXPORT,
  [EXPORT_KIND.pledges]: PLEDGE_EXPORT,
};

/** One of LIST_EXPORTS, with the list's own filters. */
async function writeListExport(
  db: Db,
  job: ExportJob,
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  hooks: WriteHooks,
): Promise<number> {
  const list = LIST_EXPORTS[job.kind]!;
  const total = Math.min(await list.count(db, job.orgId, job.params, job.now), EXPORT_ROW_CAP);
  const batches = list.batches(db, job.orgId, job.params, job.now, EXPORT_BATCH_ROWS, EXPORT_ROW_CAP);
  return writeSheet(workbook, list, total, batches, hooks);
}

const WRITERS: Partial<Record<string, typeof writeListExport>> = {
  [EXPORT_KIND.orgRelation]: writeOrgRelation,
  ...Object.fromEntries(Object.keys(BILL_LISTS).map((kind) => [kind, writeBillList])),
  ...Object.fromEntries(Object.keys(LIST_EXPORTS).map((kind) => [kind, writeListExport])),
};

/** Rows an export of this kind would hold now; checked against the cap before a task is accepted. */
export async function exportRowCount(db: Db, job: ExportJob): Promise<number> {
  const exported = LIST_EXPORTS[job.kind];
  if (exported) return exported.count(db, job.orgId, job.params, job.now);
  const list = BILL_LISTS[job.kind];
  if (list) return billListCount(db, job.orgId, list, job.params, job.now);
  const [members, counterparties] = await Promise.all([
    orgMembers(db, job.orgId),
    orgCounterparties(db, job.orgId),
  ]);
  return members.length + counterparties.length;
}

/** Writes the workbook of `job` to `output`, and ends it; answers the number of data rows. */
export async function writeExport(
  db: Db,
  job: ExportJob,
  output: Writable,
  hooks: WriteHooks,
): Promise<number> {
  // Loaded on the first export: exceljs was the largest module of the server's start-up (a quarter of it).
  const { default: excel } = await import('exceljs');
  const workbook = new excel.stream.xlsx.WorkbookWriter({
    stream: output,
    useSharedStrings: true,
    useStyles: true,
  });
  workbook.creator = 'chain-bill';
  try {
    const write = WRITERS[job.kind];
    if (!write) throw new Error(`unknown export kind ${String(job.kind)}`);
    const rows = await write(db, job, workbook, hooks);
    await workbook.commit();
    await finished(output, { readable: false });
    return rows;
  } catch (error) {
    output.destroy(error instanceof Error ? error : undefined);
    throw error;
  }
}

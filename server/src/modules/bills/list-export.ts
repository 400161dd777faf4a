import type { BillApplication, BillListQuery, BillPackage, Holding } from '@contract/bills-schemas';
import type { Db } from '../../db/database';
import type { ListReadBy } from '../../lib/list-page';
import { pagesOf, type PageRequest } from '../../lib/paging';
import { shanghaiDateTime } from '../../lib/shanghai-time';
import { applicationPage, heldPage, issuedPage, listFilterOf, listSortOf, type ListPage } from './queries';

/**
 * The bill lists as the export centre writes them: the same queries, filters and sort as the list calls,
 * read page by page, each row as the texts of its cells.
 */

export type BillListName = 'held' | 'issued' | 'pending' | 'mine';

/** Who reads the bill lists, each list and its export alike: every member of the organisation. */
export const BILL_LISTS_READ_BY: ListReadBy = 'member';

export interface BillListColumn {
  header: string;
  width: number;
}

interface ListExport<T> {
  sheet: string;
  columns: BillListColumn[];
  page(db: Db, orgId: string, query: BillListQuery, page: PageRequest, now: number): Promise<ListPage<T>>;
  cells(item: T): string[];
}

const time = (iso: string | null) => (iso ? shanghaiDateTime(Date.parse(iso)) : '');
const yesNo = (value: boolean) => (value ? '是' : '否');

const pageOfList =
  <T>(
    read: (
      db: Db,
      orgId: string,
      filter: ReturnType<typeof listFilterOf>,
      sort: ReturnType<typeof listSortOf>,
      page: PageRequest,
      now: number,
    ) => Promise<ListPage<T>>,
  ) =>
  (db: Db, orgId: string, query: BillListQuery, page: PageRequest, now: number) =>
    read(db, orgId, listFilterOf(query, 'bill'), listSortOf(query.sort), page, now);

const held: ListExport<Holding> = {
  sheet: '持有票据',
  columns: [
    { header: '票据包号', width: 34 },
    { header: '子票区间', width: 28 },
    { header: '金额（元）', width: 16 },
    { header: '票据状态', width: 10 },
    { header: '流通标志', width: 12 },
    { header: '出票人', width: 30 },
    { header: '承兑人', width: 30 },
    { header: '收款人', width: 30 },
    { header: '出票日', width: 12 },
    { header: '到期日', width: 12 },
    { header: '不得转让', width: 10 },
    { header: '取得时间', width: 20 },
  ],
  page: pageOfList(heldPage),
  cells: (h) => [
    h.packageNo,
    h.range,
    h.amount,
    h.billStatusLabel,
    h.circulationLabel,
    h.drawer.name,
    h.acceptor.name,
    h.payee.name,
    h.issueDate,
    h.dueDate,
    yesNo(h.noTransfer),
    time(h.acquiredAt),
  ],
};

const issued: ListExport<BillPackage> = {
  sheet: '已出票据',
  columns: [
    { header: '票据包号', width: 34 },
    { header: '金额（元）', width: 16 },
    { header: '票据状态', width: 10 },
    { header: '承兑人', width: 30 },
    { header: '收款人', width: 30 },
    { header: '出票日', width: 12 },
    { header: '到期日', width: 12 },
    { header: '不得转让', width: 10 },
    { header: '允许分包', width: 10 },
    { header: '备注', width: 30 },
    { header: '登记时间', width: 20 },
  ],
  page: pageOfList(issuedPage),
  cells: (b) => [
    b.packageNo,
    b.amount,
    b.billStatusLabel,
    b.acceptor.name,
    b.payee.name,
    b.issueDate,
    b.dueDate,
    yesNo(b.noTransfer),
    yesNo(b.splittable),
    b.remark,
    time(b.createdAt),
  ],
};

const APPLICATION_COLUMNS: BillListColumn[] = [
  { header: '业务类型', width: 12 },
  { header: '票据包号', width: 34 },
  { header: '子票区间', width: 28 },
  { header: '金额（元）', width: 16 },
  { header: '申请方', width: 30 },
  { header: '接收方', width: 30 },
  { header: '到期日', width: 12 },
  { header: '状态', width: 10 },
  { header: '驳回理由', width: 30 },
  { header: '申请时间', width: 20 },
  { header: '答复时间', width: 20 },
];
const applicationCells = (a: BillApplication) => [
  a.kindLabel,
  a.packageNo,
  a.range,
  a.amount,
  a.applicant.name,
  a.receiver.name,
  a.dueDate,
  a.statusLabel,
  a.reason ?? '',
  time(a.appliedAt),
  time(a.answeredAt),
];

const applications = (sheet: string, side: 'receiver' | 'applicant'): ListExport<BillApplication> => ({
  sheet,
  columns: APPLICATION_COLUMNS,
  page: (db, orgId, query, page, now) =>
    applicationPage(db, orgId, side, listFilterOf(query, 'application'), listSortOf(query.sort), page, now),
  cells: applicationCells,
});

const LISTS: Record<BillListName, ListExport<never>> = {
  held: held as ListExport<never>,
  issued: issued as ListExport<never>,
  pending: applications('待签收申请', 'receiver') as ListExport<never>,
  mine: applications('我发起的申请', 'applicant') as ListExport<never>,
};

export const billListSheet = (name: BillListName) => ({
  sheet: LISTS[name].sheet,
  columns: LISTS[name].columns,
});

/** Rows the list holds now; a malformed filter or sort answers 400 as the list call does. */
export async function billListCount(
  db: Db,
  orgId: string,
  name: BillListName,
  query: BillListQuery,
  now: number,
): Promise<number> {
  return (await LISTS[name].page(db, orgId, query, { page: 0, size: 1, offset: 0 }, now)).total;
}

/** The list's rows as cell texts, `batch` at a time, at most `cap` in all. */
export async function* billListBatches(
  db: Db,
  orgId: string,
  name: BillListName,
  query: BillListQuery,
  now: number,
  batch: number,
  cap: number,
): AsyncGenerator<string[][]> {
  const list = LISTS[name];
  const pages = pagesOf(
    (paging) => list.page(db, orgId, query, paging, now).then((page) => page.items),
    batch,
    cap,
  );
  for await (const items of pages) yield items.map((item) => list.cells(item));
}

import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import type { AnyObject } from 'antd/es/_util/type';
import type { ColumnsType } from 'antd/es/table';
import { Table } from '@/components/data-table/data-table';
import { pagedTableMessages } from '@/locales/zh-CN/paged-table';

const text = pagedTableMessages;

/** A list query as RTK Query answers it: the page the server sent (spec section 3) and how the request stands. */
export interface PagedList<T> {
  data?: { content: T[]; totalElements: number } | undefined;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

export interface PagedTableProps<T extends AnyObject> {
  list: PagedList<T>;
  /** The page shown, counted from 0 as the server counts it. */
  page: number;
  pageSize: number;
  /** A page chosen in the pager (from 0): the page asks the server for it. */
  onPage: (page: number) => void;
  /** The table's accessible name: journeys and screen readers find the list by it. */
  'aria-label': string;
  rowKey: keyof T & string;
  columns: ColumnsType<T>;
  /** What the table says when the list has no rows. */
  emptyText: string;
  /** What the alert above the table says when the page failed to load; it offers 重试. */
  failedText: string;
  /** The pager of a list that mostly fits one page is hidden while it does. */
  hideOnSinglePage?: boolean;
}

/**
 * One page of a server-paged list: its rows in the shared table with a pager that asks for another page
 * (no size changer: every list is asked at a fixed size), and, when the page failed to load, an alert with
 * 重试 above it, so the rows last shown stay in view.
 */
export function PagedTable<T extends AnyObject>({
  list,
  page,
  pageSize,
  onPage,
  'aria-label': label,
  rowKey,
  columns,
  emptyText,
  failedText,
  hideOnSinglePage,
}: PagedTableProps<T>) {
  return (
    <>
      {list.isError && (
        <Alert
          type="error"
          showIcon
          title={failedText}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              {text.retry}
            </Button>
          }
        />
      )}
      <Table<T>
        rowKey={rowKey}
        aria-label={label}
        columns={columns}
        dataSource={list.data?.content ?? []}
        loading={list.isFetching}
        locale={{ emptyText }}
        pagination={{
          current: page + 1,
          pageSize,
          total: list.data?.totalElements ?? 0,
          onChange: (next) => onPage(next - 1),
          showSizeChanger: false,
          ...(hideOnSinglePage ? { hideOnSinglePage } : {}),
        }}
      />
    </>
  );
}

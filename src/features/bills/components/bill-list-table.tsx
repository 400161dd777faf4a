import Table, { type ColumnsType } from 'antd/es/table';
import { DEFAULT_PAGE_SIZE } from '@contract/constants';
import type { Page } from '@contract/envelope';
import { ListError } from './bill-parts';

/** What a bill list's query hook gives the table. */
export interface BillListResult<T> {
  data?: Page<T>;
  error?: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

export interface BillListTableProps<T> {
  list: BillListResult<T>;
  columns: ColumnsType<T>;
  emptyText: string;
  /** 0-based, as the list call counts. */
  page: number;
  onPage: (page: number) => void;
}

/** One page of a bill list with its loading, empty and error states, paged by the server. */
export function BillListTable<T extends { id: string }>({
  list,
  columns,
  emptyText,
  page,
  onPage,
}: BillListTableProps<T>) {
  return (
    <>
      <ListError error={list.error} onRetry={() => void list.refetch()} />
      <Table<T>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.content ?? []}
        loading={list.isFetching}
        locale={{ emptyText }}
        pagination={{
          current: page + 1,
          pageSize: DEFAULT_PAGE_SIZE,
          total: list.data?.totalElements ?? 0,
          showSizeChanger: false,
          onChange: (next) => onPage(next - 1),
        }}
      />
    </>
  );
}

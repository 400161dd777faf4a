import type { ColumnsType } from 'antd/es/table';
import { Table } from '@/components/data-table/data-table';
import type { TableRowSelection } from 'antd/es/table/interface';
import { DEFAULT_PAGE_SIZE } from '@contract/constants';
import type { Page } from '@contract/envelope-schemas';
import { BillFilterBar, type BillFilterBarProps, type BillListState } from './bill-filter-bar';
import { ListError } from './bill-parts';

/** What a bill list's query hook gives the list. */
export interface BillListResult<T> {
  data?: Page<T>;
  error?: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

export interface BillListProps<T> extends Omit<BillFilterBarProps, 'applied' | 'onSearch' | 'statuses'> {
  /** The list's filter, page and statuses (useBillListFilter); `result` is its query with `state.args`. */
  state: BillListState;
  result: BillListResult<T>;
  columns: ColumnsType<T>;
  emptyText: string;
  /** Rows the user may pick for an act on several at once (the 待签收 batch). */
  rowSelection?: TableRowSelection<T>;
}

/**
 * A bill list as every screen shows it: its filter bar, then one page of rows, paged by the server, with the
 * loading, empty and error states.
 */
export function BillList<T extends { id: string }>({
  state,
  result,
  columns,
  emptyText,
  rowSelection,
  ...bar
}: BillListProps<T>) {
  return (
    <>
      <BillFilterBar {...bar} statuses={state.statuses} applied={state.filter} onSearch={state.search} />
      <ListError error={result.error} onRetry={() => void result.refetch()} />
      <Table<T>
        rowKey="id"
        columns={columns}
        dataSource={result.data?.content ?? []}
        loading={result.isFetching}
        rowSelection={rowSelection}
        locale={{ emptyText }}
        pagination={{
          current: state.page + 1,
          pageSize: DEFAULT_PAGE_SIZE,
          total: result.data?.totalElements ?? 0,
          showSizeChanger: false,
          onChange: (next) => state.setPage(next - 1),
        }}
      />
    </>
  );
}

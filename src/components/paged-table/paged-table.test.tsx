import { fireEvent, render, screen, within } from '@testing-library/react';
import { AntdProvider } from '@/components/antd-provider/antd-provider';
import { PagedTable, type PagedList, type PagedTableProps } from './paged-table';

interface Row {
  id: string;
  name: string;
}

const rowsOf = (from: number, count: number): Row[] =>
  Array.from({ length: count }, (_, index) => ({ id: `r-${from + index}`, name: `第${from + index}行` }));

function renderTable(list: PagedList<Row>, props: Partial<PagedTableProps<Row>> = {}) {
  const onPage = vi.fn<(page: number) => void>();
  render(
    <AntdProvider>
      <PagedTable<Row>
        list={list}
        page={1}
        pageSize={10}
        onPage={onPage}
        aria-label="测试列表"
        rowKey="id"
        columns={[{ title: '名称', dataIndex: 'name', key: 'name' }]}
        emptyText="暂无记录"
        failedText="记录加载失败"
        {...props}
      />
    </AntdProvider>,
  );
  return { onPage, table: screen.getByRole('table', { name: '测试列表' }) };
}

const loaded = (content: Row[], totalElements: number): PagedList<Row> => ({
  data: { content, totalElements },
  isError: false,
  isFetching: false,
  refetch: vi.fn(),
});

describe('a paged table', () => {
  it('shows the page the server sent as the page the pager marks, and asks for another counted from 0', () => {
    const { onPage, table } = renderTable(loaded(rowsOf(11, 10), 25));
    expect(within(table).getByText('第11行')).toBeInTheDocument();
    expect(screen.getByTitle('2')).toHaveClass('ant-pagination-item-active');
    expect(screen.queryByRole('combobox')).toBeNull();

    fireEvent.click(screen.getByTitle('3'));
    expect(onPage).toHaveBeenCalledWith(2);
    fireEvent.click(screen.getByRole('button', { name: '上一页' }));
    expect(onPage).toHaveBeenLastCalledWith(0);
  });

  it('says what an empty list is', () => {
    renderTable(loaded([], 0), { page: 0 });
    expect(screen.getByText('暂无记录')).toBeInTheDocument();
  });

  it('shows the pager of a single page unless asked to hide it', () => {
    renderTable(loaded(rowsOf(1, 3), 3), { page: 0 });
    expect(screen.getByRole('button', { name: '下一页' })).toBeInTheDocument();
  });

  it('hides the pager while the list fits one page when asked', () => {
    renderTable(loaded(rowsOf(1, 3), 3), { page: 0, hideOnSinglePage: true });
    expect(screen.getByText('第3行')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '下一页' })).toBeNull();
  });

  it('keeps the rows last shown when a page fails to load, and loads it again on 重试', () => {
    const list = { ...loaded(rowsOf(11, 10), 25), isError: true };
    renderTable(list);
    expect(screen.getByRole('alert')).toHaveTextContent('记录加载失败');
    expect(screen.getByText('第11行')).toBeInTheDocument();
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: '重试' }));
    expect(list.refetch).toHaveBeenCalledTimes(1);
  });
});

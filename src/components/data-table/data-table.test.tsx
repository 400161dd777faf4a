import { render, screen } from '@testing-library/react';
import { AntdProvider } from '@/components/antd-provider/antd-provider';
import { Table } from './data-table';

interface Row {
  id: number;
  name: string;
}

const rows: Row[] = Array.from({ length: 100 }, (_, index) => ({ id: index + 1, name: `第${index + 1}行` }));

function renderTable(props: Partial<Parameters<typeof Table<Row>>[0]> = {}) {
  return render(
    <AntdProvider>
      <Table<Row>
        rowKey="id"
        columns={[{ title: '名称', dataIndex: 'name' }]}
        dataSource={rows}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        {...props}
      />
    </AntdProvider>,
  );
}

describe('a table', () => {
  afterEach(() => vi.restoreAllMocks());

  it("names its pager's buttons in Chinese, not by their icons", () => {
    renderTable();
    expect(screen.getByRole('button', { name: '上一页' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '下一页' })).toBeInTheDocument();
    expect(screen.getByTitle('向后 5 页')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /left|right/ })).toBeNull();
    expect(screen.queryByRole('img', { name: /double-right|ellipsis/ })).toBeNull();
  });

  it('names its selection checkboxes, unless the page names its rows itself', () => {
    renderTable({
      rowSelection: {
        getCheckboxProps: (row) => (row.id === 2 ? { 'aria-label': `选择${row.name}` } : {}),
      },
    });
    expect(screen.getByRole('checkbox', { name: '全选当页' })).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox', { name: '选择此行' })).toHaveLength(9);
    expect(screen.getByRole('checkbox', { name: '选择第2行' })).toBeInTheDocument();
  });

  it('keeps the copy of the select-all checkbox in the hidden measuring row out of the focus order', () => {
    // A table with a fixed height measures its columns in a hidden row.
    const view = renderTable({ rowSelection: {}, scroll: { y: 400 } });
    const measuring = view.container.querySelector('.ant-table-measure-row');
    expect(measuring).not.toBeNull();
    const copies = measuring!.querySelectorAll('input[type="checkbox"]');
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies) expect(copy.closest('[inert]')).not.toBeNull();
    expect(screen.getByRole('checkbox', { name: '全选当页' }).closest('[inert]')).toBeNull();
  });

  it('draws as wide as its columns need without a row that measures them', () => {
    const view = renderTable();
    expect(view.container.querySelector('.ant-table-measure-row')).toBeNull();
  });

  it('lets the keyboard reach a table wider than its card, and only such a one', () => {
    const view = renderTable();
    const scroller = view.container.querySelector<HTMLElement>('.ant-table-content');
    expect(scroller).not.toBeNull();
    expect(scroller).not.toHaveAttribute('tabindex');

    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(900);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(350);
    view.rerender(
      <AntdProvider>
        <Table<Row> rowKey="id" columns={[{ title: '名称', dataIndex: 'name' }]} dataSource={rows} />
      </AntdProvider>,
    );
    expect(view.container.querySelector('.ant-table-content')).toHaveAttribute('tabindex', '0');
  });
});

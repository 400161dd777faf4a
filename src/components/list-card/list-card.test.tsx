import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AntdAppProvider } from '@/components/antd-provider/antd-provider';
import { TextFilter, trimmedFilter } from '@/components/list-filter-bar/filter-fields';
import { ListCard, useListState } from './list-card';

type Side = 'applied' | 'received';
interface Row {
  id: string;
  packageNo: string;
}
interface Filter {
  packageNo?: string;
}

const SIDE_NAMES = { applied: '我发起的', received: '我收到的' } as const;
const rows: Record<Side, Row[]> = {
  applied: [{ id: 'a-1', packageNo: '7310001' }],
  received: [{ id: 'r-1', packageNo: '7310002' }],
};
const columns = [{ title: '票据包号', dataIndex: 'packageNo', key: 'packageNo' }];

/** A page as the list card's users are: its query asks with the side, the filter and the page the card keeps. */
function Page({
  onAsk,
  exportRun,
}: {
  onAsk: (ask: unknown) => void;
  exportRun?: () => Promise<{ data: unknown }>;
}) {
  const state = useListState<Filter, Side>('applied');
  onAsk({ side: state.side, page: state.page, ...state.filter });
  return (
    <ListCard<Row, Filter, Filter, Side>
      title="我的申请"
      extra={<a href="#/elsewhere">相关页面</a>}
      state={state}
      sides={{ label: '申请方向', sides: ['applied', 'received'], names: SIDE_NAMES }}
      filter={{
        name: 'test-filter',
        filterOf: trimmedFilter,
        exportList: exportRun ? { run: exportRun, loading: false } : undefined,
      }}
      table={{
        list: {
          data: { content: rows[state.side], totalElements: 30 },
          isError: false,
          isFetching: false,
          refetch: () => undefined,
        },
        'aria-label': SIDE_NAMES[state.side],
        rowKey: 'id',
        columns,
        emptyText: '暂无记录',
        failedText: '记录加载失败',
      }}
    >
      <TextFilter name="packageNo" label="按票据包号" placeholder="输入票据包号" maxLength={30} />
    </ListCard>
  );
}

function renderPage(exportRun?: () => Promise<{ data: unknown }>) {
  const onAsk = vi.fn<(ask: unknown) => void>();
  render(
    <AntdAppProvider>
      <Page onAsk={onAsk} exportRun={exportRun} />
    </AntdAppProvider>,
  );
  return onAsk;
}

describe('a list card', () => {
  it('is a section headed by its title, with what its head carries', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 2, name: '我的申请' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '相关页面' })).toBeInTheDocument();
  });

  it('shows one side at a time, and a new side from its first page', () => {
    const onAsk = renderPage();
    const switcher = screen.getByRole('radiogroup', { name: '申请方向' });
    expect(within(switcher).getByRole('radio', { name: '我发起的' })).toBeChecked();
    expect(within(screen.getByRole('table', { name: '我发起的' })).getByText('7310001')).toBeInTheDocument();

    fireEvent.click(screen.getByTitle('2'));
    expect(onAsk).toHaveBeenLastCalledWith({ side: 'applied', page: 1 });

    fireEvent.click(within(switcher).getByRole('radio', { name: '我收到的' }));
    expect(onAsk).toHaveBeenLastCalledWith({ side: 'received', page: 0 });
    expect(within(screen.getByRole('table', { name: '我收到的' })).getByText('7310002')).toBeInTheDocument();
  });

  it('searches from the first page with the filter its fields make, and exports where the list is exported', async () => {
    const exportRun = vi.fn(() => Promise.resolve({ data: { id: 't-1' } }));
    const onAsk = renderPage(exportRun);
    fireEvent.click(screen.getByTitle('2'));
    fireEvent.change(screen.getByLabelText('按票据包号'), { target: { value: ' 7310 ' } });
    fireEvent.click(screen.getByText('查询').closest('button')!);
    await waitFor(() =>
      expect(onAsk).toHaveBeenLastCalledWith({ side: 'applied', page: 0, packageNo: '7310' }),
    );
    fireEvent.click(screen.getByText('导出').closest('button')!);
    await waitFor(() => expect(exportRun).toHaveBeenCalledTimes(1));
  });

  it('offers no side switch, filter bar or 导出 to a list that has none', () => {
    function Plain() {
      const state = useListState<Filter>();
      return (
        <ListCard<Row, Filter, Filter>
          title="列表"
          state={state}
          table={{
            list: { data: undefined, isError: false, isFetching: true, refetch: () => undefined },
            'aria-label': '列表',
            rowKey: 'id',
            columns,
            emptyText: '暂无记录',
            failedText: '记录加载失败',
          }}
        />
      );
    }
    render(
      <AntdAppProvider>
        <Plain />
      </AntdAppProvider>,
    );
    expect(screen.getByRole('table', { name: '列表' })).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.queryByText('查询')).toBeNull();
  });
});

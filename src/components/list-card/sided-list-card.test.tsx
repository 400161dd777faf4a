import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { AntdAppProvider } from '@/components/antd-provider/antd-provider';
import { trimmedFilter } from '@/components/list-filter-bar/filter-fields';
import { useListState } from './list-card';
import { SidedListCard } from './sided-list-card';

type Side = 'pursuer' | 'debtor';
interface Row {
  id: string;
  packageNo: string;
}
interface Filter {
  state?: string;
  packageNo?: string;
  note?: string;
}

const SIDE_NAMES: Record<string, string> = { pursuer: '我发出的', debtor: '待我清偿' };
const STATES = { notified: '待清偿', paid: '已清偿' };

function Page({ onAsk, initialSide }: { onAsk: (ask: unknown) => void; initialSide: Side }) {
  const state = useListState<Filter, Side>(initialSide);
  onAsk({ side: state.side, page: state.page, ...state.filter });
  return (
    <SidedListCard<Row, Filter, Filter, Side>
      text={{ listTitle: '追索记录', sides: SIDE_NAMES, empty: '暂无记录', loadFailed: '记录加载失败' }}
      state={state}
      sides={['pursuer', 'debtor']}
      filterName="test-filter"
      statuses={STATES}
      statusField="state"
      packageNoMax={40}
      filterOf={trimmedFilter}
      list={{
        data: { content: [{ id: `${state.side}-1`, packageNo: '7310001' }], totalElements: 1 },
        isError: false,
        isFetching: false,
        refetch: () => undefined,
      }}
      columns={[{ title: '票据包号', dataIndex: 'packageNo', key: 'packageNo' }]}
    >
      <Form.Item name="note" label="备注">
        <Input />
      </Form.Item>
    </SidedListCard>
  );
}

function renderPage(initialSide: Side = 'pursuer') {
  const onAsk = vi.fn<(ask: unknown) => void>();
  render(
    <AntdAppProvider>
      <Page onAsk={onAsk} initialSide={initialSide} />
    </AntdAppProvider>,
  );
  return onAsk;
}

describe('a two-sided list card', () => {
  it('opens on the side asked for, its table named after it, under the list’s heading', () => {
    renderPage('debtor');
    expect(screen.getByRole('heading', { level: 2, name: '追索记录' })).toBeInTheDocument();
    const switcher = screen.getByRole('radiogroup', { name: '记录范围' });
    expect(within(switcher).getByRole('radio', { name: '待我清偿' })).toBeChecked();
    expect(within(screen.getByRole('table', { name: '待我清偿' })).getByText('7310001')).toBeInTheDocument();
  });

  it('filters by status, part of the package number and the list’s own fields', async () => {
    const onAsk = renderPage();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '状态' }));
    fireEvent.click(await screen.findByTitle('已清偿'));
    const packageNo = screen.getByLabelText('票据包号');
    expect(packageNo).toHaveAttribute('maxlength', '40');
    expect(packageNo).toHaveAttribute('placeholder', '输入票据包号的一部分');
    fireEvent.change(packageNo, { target: { value: ' 7310 ' } });
    fireEvent.change(screen.getByLabelText('备注'), { target: { value: '  ' } });
    fireEvent.click(screen.getByText('查询').closest('button')!);
    await waitFor(() =>
      expect(onAsk).toHaveBeenLastCalledWith({ side: 'pursuer', page: 0, state: 'paid', packageNo: '7310' }),
    );
    expect(screen.queryByText('导出')).toBeNull();
  });
});

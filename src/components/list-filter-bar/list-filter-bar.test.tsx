import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { AntdAppProvider } from '@/components/antd-provider/antd-provider';
import { ListFilterBar, type ListFilterBarProps } from './list-filter-bar';

interface Values {
  packageNo?: string;
}
interface Filter {
  packageNo?: string;
}

const filterOf = (values: Values): Filter => {
  const packageNo = values.packageNo?.trim();
  return packageNo ? { packageNo } : {};
};

function renderBar(props: Partial<ListFilterBarProps<Values, Filter>> = {}) {
  const onSearch = vi.fn<(filter: Filter) => void>();
  render(
    <AntdAppProvider>
      <ListFilterBar<Values, Filter> name="test-filter" filterOf={filterOf} onSearch={onSearch} {...props}>
        <Form.Item name="packageNo" label="票据包号">
          <Input />
        </Form.Item>
      </ListFilterBar>
    </AntdAppProvider>,
  );
  return { onSearch, field: screen.getByLabelText('票据包号') };
}

const button = (name: string) => screen.getByText(name).closest('button')!;

describe('a list filter bar', () => {
  it('searches with the form’s values as the list takes them, and resets to the emptied form', async () => {
    const { onSearch, field } = renderBar();
    fireEvent.change(field, { target: { value: ' 7310 ' } });
    fireEvent.click(button('查询'));
    await waitFor(() => expect(onSearch).toHaveBeenLastCalledWith({ packageNo: '7310' }));

    fireEvent.click(button('重置'));
    expect(onSearch).toHaveBeenLastCalledWith({});
    await waitFor(() => expect(screen.getByLabelText('票据包号')).toHaveValue(''));
  });

  it('offers 导出 only when the list is exported', () => {
    renderBar();
    expect(screen.queryByText('导出')).toBeNull();
  });

  it('exports the rows shown and says the task is made; a refusal is left to the request layer', async () => {
    const run = vi
      .fn<() => Promise<{ data: unknown } | { error: unknown }>>()
      .mockResolvedValueOnce({ error: { status: 403 } })
      .mockResolvedValueOnce({ data: { id: 't-1' } });
    renderBar({ exportList: { run, loading: false } });

    fireEvent.click(button('导出'));
    await waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('导出任务已创建，请到导出中心下载')).toBeNull();

    fireEvent.click(button('导出'));
    expect(await screen.findByText('导出任务已创建，请到导出中心下载')).toBeInTheDocument();
    expect(run).toHaveBeenCalledTimes(2);
  });
});

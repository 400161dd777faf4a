import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AntdAppProvider } from '@/components/antd-provider/antd-provider';
import { ChoiceFilter, compactFilter, optionsOf, TextFilter, trimmedFilter } from './filter-fields';
import { ListFilterBar } from './list-filter-bar';

interface Values {
  status?: string;
  packageNo?: string;
}

const STATUS_LABEL = { pending: '待签收', signed: '已签收' } as const;

function renderFields(allowClear?: boolean) {
  const onSearch = vi.fn<(filter: Values) => void>();
  render(
    <AntdAppProvider>
      <ListFilterBar<Values, Values> name="test-filter" filterOf={(values) => values} onSearch={onSearch}>
        <ChoiceFilter
          name="status"
          label="状态"
          placeholder="全部状态"
          options={optionsOf(STATUS_LABEL)}
          width={140}
        />
        <TextFilter
          name="packageNo"
          label="票据包号"
          placeholder="输入票据包号"
          maxLength={30}
          width={260}
          allowClear={allowClear}
        />
      </ListFilterBar>
    </AntdAppProvider>,
  );
  return onSearch;
}

const button = (name: string) => screen.getByText(name).closest('button')!;

describe('a filter bar’s fields', () => {
  it('keep the choice and the text under their names, each named by its label', async () => {
    const onSearch = renderFields();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '状态' }));
    fireEvent.click(await screen.findByTitle('已签收'));
    const text = screen.getByLabelText('票据包号');
    expect(text).toHaveAttribute('maxlength', '30');
    expect(text).toHaveAttribute('placeholder', '输入票据包号');
    fireEvent.change(text, { target: { value: '7310' } });
    fireEvent.click(button('查询'));
    await waitFor(() => expect(onSearch).toHaveBeenLastCalledWith({ status: 'signed', packageNo: '7310' }));
  });

  it('offer the choice’s options in the order of its labels, the emptied select saying all are listed', async () => {
    renderFields();
    expect(screen.getByText('全部状态')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '状态' }));
    await screen.findByTitle('待签收');
    const shown = [...document.querySelectorAll('.ant-select-item-option')].map((o) =>
      o.getAttribute('title'),
    );
    expect(shown).toEqual(['待签收', '已签收']);
  });

  it('clear the typed text with a button only where the list offers one', () => {
    renderFields(true);
    fireEvent.change(screen.getByLabelText('票据包号'), { target: { value: '7310' } });
    expect(document.querySelector('.ant-input-clear-icon')).not.toBeNull();
  });
});

describe('a filter of texts and choices', () => {
  it('trims each text and leaves out what is empty, keeping other values as they are', () => {
    expect(
      trimmedFilter({
        packageNo: ' 7310 ',
        note: ' \n',
        status: 'signed',
        kind: undefined,
        from: null,
        page: 0,
      }),
    ).toEqual({ packageNo: '7310', status: 'signed', page: 0 });
  });
});

describe('a filter of numbers and codes', () => {
  it('takes every space and line break out of each text and leaves out what is then empty', () => {
    expect(compactFilter({ packageNo: ' 7310 0001\n', finNo: ' \n', status: 'pending', page: 0 })).toEqual({
      packageNo: '73100001',
      status: 'pending',
      page: 0,
    });
  });
});

import { fireEvent, render, screen, within } from '@testing-library/react';
import { AntdProvider } from '@/components/antd-provider/antd-provider';
import { ConfirmActModal } from './act-summary';

describe('the confirmation of an act', () => {
  it('is titled by the act, summarises it, and confirms on 确认并验证 or stops on 取消', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <AntdProvider>
        <ConfirmActModal
          summary={{
            operation: '同意清偿',
            packageNo: '731029000001320260302000000018',
            amount: '1000482.50',
            counterparty: '苏州工业园区精密制造有限公司',
            range: '000000000001-000100000000',
          }}
          onConfirm={onConfirm}
          onCancel={onCancel}
          loading={false}
        />
      </AntdProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: '确认同意清偿' });
    const summary = within(dialog).getByTestId('act-summary');
    expect(summary).toHaveTextContent('1,000,482.50 元');
    expect(summary).toHaveTextContent('苏州工业园区精密制造有限公司');
    expect(summary).toHaveTextContent('000000000001-000100000000');

    fireEvent.click(within(dialog).getByText('确认并验证').closest('button')!);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.click(within(dialog).getByText('取消').closest('button')!);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

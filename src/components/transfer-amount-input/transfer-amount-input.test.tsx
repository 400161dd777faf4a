import { fireEvent, render, screen } from '@testing-library/react';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import { transferAmountFen, transferAmountRules, transferAmountText } from './transfer-amount';
import { TransferAmountInput } from './transfer-amount-input';

describe('transfer amounts', () => {
  it.each([
    ['0.01', 1],
    ['0.1', 10],
    ['0.35', 35],
    [' 0.99 ', 99],
    ['.5', null],
    ['1', null],
    ['1.00', null],
    ['0', null],
    ['0.00', null],
    ['0.001', null],
    ['0.3.5', null],
    ['-0.5', null],
    ['abc', null],
  ])('reads %j as %j fen', (typed, fen) => {
    expect(transferAmountFen(typed)).toBe(fen);
  });

  it('sends two decimals', () => {
    expect(transferAmountText('0.5')).toBe('0.50');
    expect(transferAmountText(' 0.07')).toBe('0.07');
  });
});

function renderForm() {
  const submitted: string[] = [];
  render(
    <Form onFinish={({ amount }: { amount: string }) => submitted.push(amount)}>
      <Form.Item name="amount" label="到账金额（元）" rules={transferAmountRules}>
        <TransferAmountInput />
      </Form.Item>
      <Button htmlType="submit">提交验证</Button>
    </Form>,
  );
  return { submitted, input: screen.getByLabelText('到账金额（元）') };
}

describe('TransferAmountInput', () => {
  it('asks for an amount when empty', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: '提交验证' }));
    expect(await screen.findByText('请输入到账金额')).toBeInTheDocument();
  });

  it('refuses an amount outside 0.01-0.99 or with more than two decimals', async () => {
    const { submitted, input } = renderForm();
    for (const typed of ['1.5', '0.001', '0']) {
      fireEvent.change(input, { target: { value: typed } });
      fireEvent.click(screen.getByRole('button', { name: '提交验证' }));
      expect(await screen.findByText('请输入0.01至0.99元之间的金额，最多两位小数')).toBeInTheDocument();
    }
    expect(submitted).toEqual([]);
  });

  it('refuses a negative amount as typed rather than turning it positive', async () => {
    const { submitted, input } = renderForm();
    fireEvent.change(input, { target: { value: '-0.35' } });
    fireEvent.click(screen.getByRole('button', { name: '提交验证' }));
    expect(await screen.findByText('请输入0.01至0.99元之间的金额，最多两位小数')).toBeInTheDocument();
    expect(input).toHaveValue('-0.35');
    expect(submitted).toEqual([]);
  });

  it('reads an amount with a currency sign, spaces or 元, and takes a valid amount', async () => {
    const { submitted, input } = renderForm();
    fireEvent.change(input, { target: { value: '¥0.3 5元' } });
    expect(input).toHaveValue('0.35');
    expect(input).toHaveAttribute('inputmode', 'decimal');
    fireEvent.click(screen.getByRole('button', { name: '提交验证' }));
    await vi.waitFor(() => expect(submitted).toEqual(['0.35']));
  });
});

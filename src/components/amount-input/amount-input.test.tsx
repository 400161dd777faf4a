import { fireEvent, render, screen } from '@testing-library/react';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import { amountFen, amountProblem, amountRules, groupThousands, normaliseAmount } from './amount';
import { AmountInput } from './amount-input';

describe('amounts as people type them', () => {
  it.each([
    ['1,000,000.00', '1000000.00'],
    ['1 000 000.5', '1000000.5'],
    ['¥ 1,234.56元', '1234.56'],
    ['１，０００．５', '1000.5'],
    ['-0.50', '-0.50'],
  ])('reads %j as %j', (typed, plain) => {
    expect(normaliseAmount(typed)).toBe(plain);
  });

  it.each([
    ['1234567.5', '1,234,567.5'],
    ['1234.', '1,234.'],
    ['999', '999'],
    ['-1000', '-1,000'],
    ['0.1234', '0.1234'],
  ])('groups %j as %j', (plain, shown) => {
    expect(groupThousands(plain)).toBe(shown);
  });

  it('counts fen without floating point', () => {
    expect(amountFen('0.1')).toBe(10);
    expect(amountFen('9,999,999,999.99')).toBe(999_999_999_999);
    expect(amountFen('1.005')).toBeNull();
    expect(amountFen('1e3')).toBeNull();
  });

  it.each([
    ['1,000,000.00', null],
    ['9999999999.99', null],
    ['10000000000', '金额不能超过9,999,999,999.99元'],
    ['12345678901234', '金额不能超过9,999,999,999.99元'],
    ['1.234', '请输入数字金额，最多两位小数'],
    ['abc', '请输入数字金额，最多两位小数'],
    ['0', '金额须大于0'],
    ['-5', '金额须大于0'],
  ])('finds %j %j', (typed, problem) => {
    expect(amountProblem(typed)).toBe(problem);
  });

  it('names its own bounds', () => {
    expect(amountProblem('1.5', { minFen: 1, maxFen: 99 })).toBe('金额不能超过0.99元');
    expect(amountProblem('0.5', { minFen: 100 })).toBe('金额不能少于1.00元');
  });
});

function renderForm(label = '票据金额') {
  const submitted: unknown[] = [];
  render(
    <Form onFinish={({ amount }: { amount: unknown }) => submitted.push(amount)}>
      <Form.Item name="amount" label={label} rules={amountRules({ requiredLabel: label })}>
        <AmountInput />
      </Form.Item>
      <Button htmlType="submit">确认提交</Button>
    </Form>,
  );
  return { submitted, input: screen.getByLabelText(label) };
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: '确认提交' }));

describe('AmountInput in a form', () => {
  it('shows thousands separators as the amount is typed and submits the plain decimal', async () => {
    const { submitted, input } = renderForm();
    fireEvent.change(input, { target: { value: '1234567' } });
    expect(input).toHaveValue('1,234,567');
    fireEvent.change(input, { target: { value: '1,234,567.8' } });
    expect(input).toHaveValue('1,234,567.8');
    submit();
    await vi.waitFor(() => expect(submitted).toEqual(['1234567.8']));
  });

  it('takes a pasted amount with separators and spaces', async () => {
    const { submitted, input } = renderForm();
    fireEvent.change(input, { target: { value: '1 000 000.00' } });
    expect(input).toHaveValue('1,000,000.00');
    submit();
    await vi.waitFor(() => expect(submitted).toHaveLength(1));
    expect(new Set(['1000000', '1000000.00'])).toContain(submitted[0]);
  });

  it('refuses an amount over the largest a bill can have with its own message', async () => {
    const { submitted, input } = renderForm();
    fireEvent.change(input, { target: { value: '12345678901234' } });
    submit();
    expect(await screen.findByText('金额不能超过9,999,999,999.99元')).toBeInTheDocument();
    expect(screen.queryByText('请输入数字金额，最多两位小数')).toBeNull();
    expect(input).toHaveValue('12,345,678,901,234');
    expect(submitted).toEqual([]);
  });

  it('refuses a third decimal and a negative amount as typed, without rounding or turning them', async () => {
    const { submitted, input } = renderForm();
    fireEvent.change(input, { target: { value: '1.005' } });
    submit();
    expect(await screen.findByText('请输入数字金额，最多两位小数')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '-5' } });
    submit();
    expect(await screen.findByText('金额须大于0')).toBeInTheDocument();
    fireEvent.blur(input);
    expect(input).toHaveValue('-5');
    expect(submitted).toEqual([]);
  });

  it('asks for the amount when it is left empty', async () => {
    renderForm();
    submit();
    expect(await screen.findByText('请输入票据金额')).toBeInTheDocument();
  });
});

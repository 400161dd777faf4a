import { act, configure, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { skipToken, type SkipToken } from '@reduxjs/toolkit/query';
import Button from 'antd/es/button';
import ConfigProvider from 'antd/es/config-provider';
import Form from 'antd/es/form';
import type { DiscountTrial } from '@contract/discount-schemas';
import { discountMessages } from '@/locales/zh-CN/discount';
import { DiscountFigures } from './discount-figures';
import {
  INTEREST_TERMS_START,
  InterestTermsFields,
  payerTerms,
  payerTermsComplete,
  shareOk,
  type InterestTerms,
} from './interest-terms-fields';
import { LIVE_FIGURES_DEBOUNCE_MS, useLiveFigures, useSettled } from './live-figures';

configure({ asyncUtilTimeout: 5000 });

function renderTerms(onFinish: (values: InterestTerms) => void) {
  render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <Form<InterestTerms> initialValues={INTEREST_TERMS_START} onFinish={onFinish}>
        <InterestTermsFields text={discountMessages} />
        <Button htmlType="submit">提交</Button>
      </Form>
    </ConfigProvider>,
  );
}

describe('a discount’s interest terms', () => {
  it('start with the seller paying and online clearing, and ask no share until paid by agreement', async () => {
    const sent: InterestTerms[] = [];
    renderTerms((values) => sent.push(values));
    expect(screen.getByRole('radio', { name: '卖方付息' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '线上清算' })).toBeChecked();
    expect(screen.queryByLabelText('买方付息比例（%）')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: '线下清算' }));
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(sent).toEqual([{ interestPayer: 'PT02', clearing: 'SM01' }]));
  });

  it('by agreement, ask the buyer’s share and refuse one over 100 or with three decimals', async () => {
    const sent: InterestTerms[] = [];
    renderTerms((values) => sent.push(values));
    fireEvent.click(screen.getByRole('radio', { name: '协议付息' }));
    const share = await screen.findByLabelText('买方付息比例（%）');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('请输入买方付息比例')).toBeInTheDocument();
    fireEvent.change(share, { target: { value: '100.5' } });
    expect(await screen.findByText('0-100，最多2位小数')).toBeInTheDocument();
    fireEvent.change(share, { target: { value: ' 40.25 ' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(payerTerms(sent[0]!)).toEqual({ interestPayer: 'PT03', buyerSharePercent: '40.25' });
  });

  it('send a share only when paid by agreement, and count the terms complete only with a valid one', () => {
    expect(payerTerms({ interestPayer: 'PT01', buyerSharePercent: '30' })).toEqual({ interestPayer: 'PT01' });
    expect(payerTerms({})).toEqual({ interestPayer: 'PT02' });
    expect(payerTermsComplete({ interestPayer: 'PT03' })).toBe(false);
    expect(payerTermsComplete({ interestPayer: 'PT03', buyerSharePercent: '100' })).toBe(true);
    expect(payerTermsComplete({ interestPayer: 'PT02' })).toBe(true);
    expect(['0', '99.99', '100'].map(shareOk)).toEqual([true, true, true]);
    expect(['', '100.01', '1.234', '-1', 'abc'].map(shareOk)).toEqual([false, false, false, false, false]);
  });
});

describe('figures that follow the form as typed', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('settle once typing pauses, and a request built afresh with the same content renders nothing new', () => {
    let renders = 0;
    const { result, rerender } = renderHook(
      ({ amount }: { amount: string | null }) => {
        renders += 1;
        return useSettled(amount === null ? null : { amount });
      },
      { initialProps: { amount: '1' as string | null } },
    );
    expect(result.current).toEqual({ amount: '1' });
    rerender({ amount: '12' });
    act(() => vi.advanceTimersByTime(LIVE_FIGURES_DEBOUNCE_MS - 1));
    expect(result.current).toEqual({ amount: '1' });
    rerender({ amount: '123' });
    act(() => vi.advanceTimersByTime(LIVE_FIGURES_DEBOUNCE_MS - 1));
    expect(result.current).toEqual({ amount: '1' });
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toEqual({ amount: '123' });
    const settledRenders = renders;
    act(() => vi.advanceTimersByTime(LIVE_FIGURES_DEBOUNCE_MS * 5));
    expect(renders).toBe(settledRenders);
    rerender({ amount: null });
    act(() => vi.advanceTimersByTime(LIVE_FIGURES_DEBOUNCE_MS));
    expect(result.current).toBeNull();
  });

  it('ask the calculator nothing while the form is incomplete, show no figures for other terms than those typed, and nothing it refused', () => {
    const asked: unknown[] = [];
    let refused = false;
    let answered = true;
    const calculator = (args: { amount: string } | SkipToken) => {
      asked.push(args);
      if (args === skipToken) return { isError: false };
      return answered ? { currentData: { interest: '1.00' }, isError: refused } : { isError: false };
    };
    const { result, rerender } = renderHook(
      ({ args }: { args: { amount: string } | null }) => useLiveFigures(args, calculator),
      { initialProps: { args: null as { amount: string } | null } },
    );
    expect(result.current).toEqual({ figures: undefined, working: false });
    expect(asked).toEqual([skipToken]);
    rerender({ args: { amount: '100' } });
    expect(result.current).toEqual({ figures: undefined, working: true });
    act(() => vi.advanceTimersByTime(LIVE_FIGURES_DEBOUNCE_MS));
    expect(result.current).toEqual({ figures: { interest: '1.00' }, working: false });
    expect(asked.at(-1)).toEqual({ amount: '100' });
    // Typed on: the figures for 100 are not shown beside 1000 while typing settles.
    rerender({ args: { amount: '1000' } });
    expect(result.current).toEqual({ figures: undefined, working: true });
    rerender({ args: { amount: '100' } });
    expect(result.current).toEqual({ figures: { interest: '1.00' }, working: false });
    // Settled, and the answer not come yet: still on its way.
    answered = false;
    rerender({ args: { amount: '200' } });
    act(() => vi.advanceTimersByTime(LIVE_FIGURES_DEBOUNCE_MS));
    expect(asked.at(-1)).toEqual({ amount: '200' });
    expect(result.current).toEqual({ figures: undefined, working: true });
    answered = true;
    refused = true;
    rerender({ args: { amount: '200' } });
    expect(result.current).toEqual({ figures: undefined, working: false });
  });
});

describe('a discount’s figures', () => {
  const figures = {
    discountDate: '2026-12-01',
    maturityDate: '2027-03-01',
    days: 90,
    adjustDays: 0,
    interest: '5000.00',
    buyerInterest: '0.00',
    netAmount: '995000.00',
  } as DiscountTrial;
  const values = () =>
    Array.from(
      screen.getByLabelText('试算').querySelectorAll('.ant-descriptions-item'),
      (row) => row.textContent,
    );

  it('show every figure where whole, in yuan', () => {
    render(<DiscountFigures figures={figures} text={discountMessages} whole empty="无" />);
    expect(values()).toEqual([
      '贴现日2026-12-01',
      '到期日2027-03-01',
      '计息天数90',
      '调整天数0',
      '贴现利息（元）5,000.00',
      '买方付息（元）0.00',
      '实付金额（元）995,000.00',
    ]);
  });

  it('show the interest and the net amount only otherwise, and what is given while there are none', () => {
    const { rerender } = render(
      <DiscountFigures figures={figures} text={discountMessages} empty="请先填写" />,
    );
    expect(values()).toEqual(['贴现利息（元）5,000.00', '实付金额（元）995,000.00']);
    rerender(<DiscountFigures figures={undefined} text={discountMessages} empty="请先填写" />);
    expect(screen.queryByLabelText('试算')).toBeNull();
    expect(screen.getByText('请先填写')).toBeInTheDocument();
  });
});

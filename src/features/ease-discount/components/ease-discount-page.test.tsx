import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { listenFailingUnhandled } from '@/testing/signed-in-landing';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import App from 'antd/es/app';
import ConfigProvider from 'antd/es/config-provider';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Holding } from '@contract/bills-schemas';
import type { DiscountQuoteSet } from '@contract/discount-schemas';
import { createAppStore } from '@/lib/store';
import { EaseDiscountPage } from './ease-discount-page';

configure({ asyncUtilTimeout: 5000 });

const ok = <T,>(data: T) => HttpResponse.json({ code: 200, msg: '成功', data });
const holding = (id: string, packageNo: string, fields: Partial<Holding> = {}) =>
  ({
    id,
    packageId: `p-${id}`,
    packageNo,
    range: '1-100000000',
    amount: '1000000.00',
    dueDate: '2026-06-01',
    circulation: 'TF0301',
    noTransfer: false,
    splittable: true,
    acceptor: { orgId: 'a', name: '上海链票示范供应链有限公司' },
    ...fields,
  }) as unknown as Holding;

const future = new Date(Date.now() + 10 * 60 * 1000).toISOString();
const past = new Date(Date.now() - 1000).toISOString();
const set: DiscountQuoteSet = {
  holdingId: 'h-1',
  packageId: 'p-h-1',
  packageNo: '530012345678901234567890000001',
  range: '1-100000000',
  amount: '1000000.00',
  maturityDate: '2026-06-01',
  discountDate: '2026-03-02',
  days: 91,
  adjustDays: 0,
  quotes: [
    {
      id: 'q-1',
      institution: { orgId: 'i-1', name: '浦发银行（模拟）' },
      status: 'offered',
      annualRate: '1.9500',
      interest: '4929.17',
      netAmount: '995070.83',
      reason: null,
      validUntil: future,
      best: false,
    },
    {
      id: 'q-2',
      institution: { orgId: 'i-2', name: '招商银行（模拟）' },
      status: 'offered',
      annualRate: '1.8800',
      interest: '4752.22',
      netAmount: '995247.78',
      reason: null,
      validUntil: past,
      best: true,
    },
    {
      id: 'q-3',
      institution: { orgId: 'i-3', name: '兴业银行（模拟）' },
      status: 'declined',
      annualRate: null,
      interest: null,
      netAmount: null,
      reason: '金额超过该机构单张票据额度',
      validUntil: null,
      best: false,
    },
  ],
};

const asked: unknown[] = [];
const applied: unknown[] = [];
const server = setupServer(
  mock.post('*/api/scbill/discount/quotes', async ({ request }) => {
    asked.push(await request.json());
    return ok([set]);
  }),
  mock.post('*/api/scbill/discount/trial', () =>
    ok({
      faceAmount: '400000.00',
      annualRate: '1.9500',
      discountDate: '2026-03-02',
      maturityDate: '2026-06-01',
      paymentDate: '2026-06-01',
      days: 91,
      adjustDays: 0,
      interestPayer: 'PT02',
      interest: '1971.67',
      buyerInterest: '0.00',
      sellerInterest: '1971.67',
      netAmount: '398028.33',
    }),
  ),
  mock.post('*/api/scbill/discount/apply', async ({ request }) => {
    const body = (await request.json()) as Record<string, string>;
    applied.push(body);
    return HttpResponse.json(
      {
        code: 201,
        msg: '贴现申请已提交，等待金融机构签收',
        data: {
          id: 'a-1',
          packageId: 'p-h-1',
          packageNo: set.packageNo,
          range: '1-40000000',
          amount: body.amount,
          institution: { orgId: 'i-1', name: '浦发银行（模拟）' },
          annualRate: '1.9500',
          interestPayer: 'PT02',
          buyerSharePercent: null,
          clearing: 'SM00',
          discountDate: '2026-03-02',
          maturityDate: '2026-06-01',
          days: 91,
          adjustDays: 0,
          interest: '1971.67',
          buyerInterest: '0.00',
          netAmount: '398028.33',
          accountNo: '6222****0001',
          status: 'pending',
          reason: null,
          paid: false,
          appliedAt: new Date().toISOString(),
          answeredAt: null,
        },
      },
      { status: 201 },
    );
  }),
);
listenFailingUnhandled(server);
afterEach(() => {
  server.resetHandlers();
  asked.length = 0;
  applied.length = 0;
});
afterAll(() => server.close());

function renderPage(holdings: Holding[]) {
  render(
    <Provider store={createAppStore()}>
      <ConfigProvider button={{ autoInsertSpace: false }}>
        <App>
          <MemoryRouter>
            <EaseDiscountPage holdings={holdings} holdingsLoading={false} />
          </MemoryRouter>
        </App>
      </ConfigProvider>
    </Provider>,
  );
}

describe('轻松贴', () => {
  it('offers only negotiable, transferable bills, asks every institution for the ticked ones and compares the quotes', async () => {
    renderPage([
      holding('h-1', '530012345678901234567890000001'),
      holding('h-2', '530012345678901234567890000002', { circulation: 'TF0302' } as Partial<Holding>),
      holding('h-3', '530012345678901234567890000003', { noTransfer: true }),
    ]);
    const held = screen.getByRole('table');
    expect(within(held).getByText('530012345678901234567890000001')).toBeInTheDocument();
    expect(within(held).queryByText('530012345678901234567890000002')).not.toBeInTheDocument();
    expect(within(held).queryByText('530012345678901234567890000003')).not.toBeInTheDocument();
    const ask = screen.getByText('一键询价').closest('button')!;
    expect(ask).toBeDisabled();
    fireEvent.click(within(held).getAllByRole('checkbox').at(-1)!);
    expect(ask).toBeEnabled();
    fireEvent.click(ask);
    await waitFor(() => expect(asked).toEqual([{ holdingIds: ['h-1'] }]));

    const compared = await screen.findByRole('region', {
      name: '530012345678901234567890000001（1-100000000，1,000,000.00元）',
    });
    const row = (name: string) => within(compared).getByText(name).closest('tr')!;
    expect(row('浦发银行（模拟）')).toHaveTextContent('1.9500%');
    expect(row('浦发银行（模拟）')).toHaveTextContent('995,070.83');
    expect(row('浦发银行（模拟）')).toHaveTextContent('有效');
    expect(row('招商银行（模拟）')).toHaveTextContent('最优');
    expect(row('招商银行（模拟）')).toHaveTextContent('已过期');
    expect(row('兴业银行（模拟）')).toHaveTextContent('不予报价金额超过该机构单张票据额度');
    expect(within(compared).getByText(/计息天数 91 天/)).toBeInTheDocument();
  });

  it('applies with a live quote in one step: the part, who pays and how the money moves; the rate is the quote’s', async () => {
    renderPage([holding('h-1', '530012345678901234567890000001')]);
    fireEvent.click(within(screen.getByRole('table')).getAllByRole('checkbox').at(-1)!);
    fireEvent.click(screen.getByText('一键询价').closest('button')!);
    const compared = await screen.findByRole('region', { name: /530012345678901234567890000001/ });
    // An expired or declined quote cannot be taken.
    expect(within(compared).queryByRole('button', { name: '按招商银行（模拟）的报价申请贴现' })).toBeNull();
    expect(within(compared).queryByRole('button', { name: '按兴业银行（模拟）的报价申请贴现' })).toBeNull();
    fireEvent.click(within(compared).getByRole('button', { name: '按浦发银行（模拟）的报价申请贴现' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('1.9500%')).toBeInTheDocument();
    const amount = within(dialog).getByLabelText('贴现金额');
    expect(amount).toHaveValue('1,000,000');
    fireEvent.change(amount, { target: { value: '400000' } });
    // Until the part's own figures come, the screen says it is calculating: the whole bill's are gone.
    expect(await within(dialog).findByText('正在计算…')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('试算')).toBeNull();
    expect(await within(dialog).findByText('398,028.33')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByText('提交贴现申请').closest('button')!);

    await waitFor(() =>
      expect(applied).toEqual([
        {
          quoteId: 'q-1',
          holdingId: 'h-1',
          institutionOrgId: 'i-1',
          amount: '400000.00',
          interestPayer: 'PT02',
          clearing: 'SM00',
        },
      ]),
    );
    expect(
      await screen.findByText('已向浦发银行（模拟）申请贴现：530012345678901234567890000001，400,000.00元'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看我的贴现' })).toHaveAttribute(
      'href',
      '/chain-bill/discount',
    );
    // The bill is locked now: its quotes leave the comparison.
    expect(screen.queryByRole('region', { name: /530012345678901234567890000001/ })).toBeNull();
  });
});

import { configure, fireEvent, render, screen } from '@testing-library/react';
import { listenFailingUnhandled } from '@/testing/signed-in-landing';
import { Provider } from 'react-redux';
import App from 'antd/es/app';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { SettlementStatement, StatementLine } from '@contract/settlement-schemas';
import { createAppStore } from '@/lib/store';
import { signInAs } from '@/testing/fake-adapter';
import { SettlementStatementCard } from './settlement-statement-card';

configure({ asyncUtilTimeout: 5000 });

const ok = <T,>(data: T) => HttpResponse.json({ code: 200, msg: '成功', data });

const line = (n: number, direction: 'in' | 'out', amount: string, balanceAfter: string): StatementLine => ({
  id: `line-${n}`,
  at: '2026-03-02T01:00:00.000Z',
  direction,
  amount,
  balanceAfter,
  counterpartyName: direction === 'in' ? '招商银行（模拟）' : '宁波海曙包装材料有限公司',
  counterpartyAccountNo: '308584000013088802',
  remark: direction === 'in' ? '贴现款' : '到期付款',
});

let statement: SettlementStatement;
const pagesAsked: string[] = [];
const server = setupServer(
  mock.get('*/api/organization/bank/account/statement', ({ request }) => {
    pagesAsked.push(new URL(request.url).searchParams.get('page') ?? '');
    return ok(statement);
  }),
);
listenFailingUnhandled(server);
afterEach(() => {
  server.resetHandlers();
  pagesAsked.length = 0;
});
afterAll(() => server.close());

function renderCard() {
  signInAs();
  render(
    <Provider store={createAppStore()}>
      <App>
        <SettlementStatementCard />
      </App>
    </Provider>,
  );
}

describe('SettlementStatementCard', { timeout: 30_000 }, () => {
  it('shows the settlement account, its balance in figures and capitals, and its lines', async () => {
    statement = {
      account: {
        accountNo: '32050188360000001234',
        accountName: '苏州华信精密零部件有限公司',
        bankName: '平安银行',
        branchName: '平安银行股份有限公司苏州分行',
      },
      balance: '2995000.00',
      lines: {
        content: [line(2, 'in', '995000.00', '2995000.00'), line(1, 'out', '1234.56', '2000000.00')],
        totalElements: 12,
        totalPages: 2,
        size: 10,
        number: 0,
      },
    };
    renderCard();
    const words = await screen.findByText('（贰佰玖拾玖万伍仟元整）');
    expect(words.parentElement).toHaveTextContent('2,995,000.00（贰佰玖拾玖万伍仟元整）');
    expect(screen.getByText(/平安银行股份有限公司苏州分行/)).toHaveTextContent('3205 **** **** **** 1234');
    const rows = screen.getAllByRole('row').filter((row) => /收入|支出/.test(row.textContent ?? ''));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('收入');
    expect(rows[0]).toHaveTextContent('+995,000.00');
    expect(rows[0]).toHaveTextContent('招商银行（模拟）');
    expect(rows[0]).toHaveTextContent('贴现款');
    expect(rows[1]).toHaveTextContent('支出');
    expect(rows[1]).toHaveTextContent('-1,234.56');
    expect(screen.getByText('共 12 笔')).toBeInTheDocument();
    fireEvent.click(screen.getByTitle('2'));
    await vi.waitFor(() => expect(pagesAsked).toContain('1'));
  });

  it('says a settlement account must be set first when there is none', async () => {
    statement = {
      account: null,
      balance: '0.00',
      lines: { content: [], totalElements: 0, totalPages: 0, size: 10, number: 0 },
    };
    renderCard();
    expect(await screen.findByText(/尚未设置已验证的默认结算账户/)).toBeInTheDocument();
    expect(screen.queryByText('交易时间')).not.toBeInTheDocument();
  });
});

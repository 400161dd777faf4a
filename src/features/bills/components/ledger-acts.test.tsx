import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import AntApp from 'antd/es/app';
import { applicationActs, holdingActs, type BillAct, type HoldingState } from '@contract/bills';
import type { BillDetail } from '@contract/bills-schemas';
import { createAppStore } from '@/lib/store';
import { BillFace } from './bill-face';
import { ActSummary } from './ledger-acts';

const TODAY = '2026-03-10';
const DUE = '2026-06-10';
const holding = (fields: Partial<HoldingState>): HoldingState => ({
  billStatus: 'CS03',
  circulation: 'TF0301',
  current: true,
  noTransfer: false,
  dueDate: DUE,
  ...fields,
});

describe('the acts each state offers (contract holdingActs, applicationActs)', () => {
  const holdings: Array<[string, Partial<HoldingState>, string, BillAct[]]> = [
    ['registered, acceptance pending', { billStatus: 'CS01', circulation: 'TF0302' }, TODAY, ['revoke']],
    [
      'registered, acceptance refused or withdrawn',
      { billStatus: 'CS01', circulation: 'TF0101' },
      TODAY,
      ['requestAcceptance', 'revoke'],
    ],
    ['accepted, receipt pending', { billStatus: 'CS02', circulation: 'TF0302' }, TODAY, ['revoke']],
    [
      'accepted, receipt refused or withdrawn',
      { billStatus: 'CS02', circulation: 'TF0101' },
      TODAY,
      ['requestReceipt', 'revoke'],
    ],
    ['accepted, refused, matured', { billStatus: 'CS02', circulation: 'TF0101' }, DUE, ['revoke']],
    ['received, transferable', {}, TODAY, ['endorse', 'pledge', 'presentPayment']],
    ['received, pledged', { circulation: 'TF0304' }, TODAY, []],
    ['received, on its maturity date', {}, DUE, ['presentPayment']],
    ['received, two years after maturity', {}, '2028-06-10', ['presentPayment']],
    ['received, its rights lapsed', {}, '2028-06-11', []],
    ['received, part locked by an endorsement', { circulation: 'TF0302' }, TODAY, []],
    ['received, 不得转让', { circulation: 'TF0303', noTransfer: true }, TODAY, ['presentPayment']],
    ['received, refused on presentation (追索中)', { circulation: 'TF0402' }, DUE, []],
    ['settled', { billStatus: 'CS06', circulation: 'TF0501' }, DUE, []],
    ['withdrawn (撤票)', { billStatus: 'CS05', circulation: 'TF0501' }, TODAY, []],
    ['a past holding', { current: false }, TODAY, []],
  ];
  it.each(holdings)('a holding %s', (_, fields, today, acts) => {
    expect(holdingActs(holding(fields), today)).toEqual(acts);
  });

  const applications: Array<[string, string, 'receiver' | 'applicant', string, BillAct[]]> = [
    ['pending, to its receiver', 'pending', 'receiver', TODAY, ['sign', 'refuse']],
    ['pending, to its receiver on the maturity date', 'pending', 'receiver', DUE, ['refuse']],
    ['pending, to its applicant', 'pending', 'applicant', TODAY, ['withdraw']],
    ['signed', 'signed', 'receiver', TODAY, []],
    ['refused, to its applicant', 'refused', 'applicant', TODAY, []],
    ['withdrawn, to its receiver', 'withdrawn', 'receiver', TODAY, []],
  ];
  it.each(applications)('an application %s', (_, status, side, today, acts) => {
    expect(applicationActs({ status, side, dueDate: DUE }, today)).toEqual(acts);
  });
  it('a 提示付款 is answered 付款 or 拒付 by its acceptor, before and after maturity, and withdrawn by its presenter', () => {
    for (const today of [TODAY, DUE, '2026-07-01']) {
      expect(
        applicationActs({ status: 'pending', side: 'receiver', dueDate: DUE, kind: 'payment' }, today),
      ).toEqual(['pay', 'refusePayment']);
    }
    expect(
      applicationActs({ status: 'pending', side: 'applicant', dueDate: DUE, kind: 'payment' }, DUE),
    ).toEqual(['withdraw']);
    expect(
      applicationActs({ status: 'signed', side: 'receiver', dueDate: DUE, kind: 'payment' }, DUE),
    ).toEqual([]);
  });
});

describe('the confirmation of an act', () => {
  it('names the operation, the amount in figures and capitals, the counterparty and the range', () => {
    render(
      <ActSummary
        operation="签收提示收票"
        packageNo="730730502751120260302000000018"
        amount="1409.50"
        counterparty="苏州华信精密零部件有限公司"
        range="000000000001-000000140950"
      />,
    );
    const summary = screen.getByTestId('act-summary');
    expect(summary).toHaveTextContent('签收提示收票');
    expect(summary).toHaveTextContent('730730502751120260302000000018');
    expect(summary).toHaveTextContent('1,409.50 元');
    expect(summary).toHaveTextContent('人民币壹仟肆佰零玖元伍角');
    expect(summary).toHaveTextContent('苏州华信精密零部件有限公司');
    expect(summary).toHaveTextContent('000000000001-000000140950');
  });

  it('says a bill that may not be split has the range 0, and a bill not yet registered has neither', () => {
    const { rerender } = render(
      <ActSummary operation="撤票" packageNo="7" amount="10" counterparty="宁波" range="0" />,
    );
    expect(screen.getByTestId('act-summary')).toHaveTextContent('0（整张（不可分包））');
    rerender(<ActSummary operation="出票" packageNo={null} amount="10" counterparty="宁波" range={null} />);
    expect(screen.getByTestId('act-summary')).toHaveTextContent('登记后生成');
    expect(screen.getByTestId('act-summary')).toHaveTextContent('人民币壹拾元整');
  });
});

const party = (name: string) => ({ orgId: name, name });
const detail: BillDetail = {
  bill: {
    id: 'p1',
    packageNo: '730730502751120260302000000018',
    drawer: party('苏州华信精密零部件有限公司'),
    acceptor: party('上海链票示范供应链有限公司'),
    payee: party('宁波海曙包装材料有限公司'),
    amount: '1000000.00',
    issueDate: '2026-03-02',
    dueDate: '2026-06-02',
    noTransfer: true,
    splittable: false,
    remark: '货款',
    billStatus: 'CS03',
    billStatusLabel: '已收票',
    createdAt: '2026-03-02T01:00:00.000Z',
    actions: [],
  },
  holdings: [],
  applications: [],
  events: [
    {
      id: 'e1',
      type: 'issued',
      label: '出票信息登记',
      kind: null,
      from: null,
      to: party('苏州华信精密零部件有限公司'),
      range: '0',
      amount: '1000000.00',
      reason: null,
      at: '2026-03-02T01:00:00.000Z',
    },
    {
      id: 'e2',
      type: 'signed',
      label: '提示承兑签收',
      kind: 'acceptance',
      from: party('苏州华信精密零部件有限公司'),
      to: party('上海链票示范供应链有限公司'),
      range: '0',
      amount: '1000000.00',
      reason: null,
      at: '2026-03-02T02:00:00.000Z',
    },
  ],
  face: {
    drawer: {
      name: '苏州华信精密零部件有限公司',
      accountNo: '6222000011110005',
      bankName: '兴业银行苏州分行',
    },
    acceptor: {
      name: '上海链票示范供应链有限公司',
      accountNo: '6222000011110001',
      bankName: '招商银行上海分行',
    },
    payee: { name: '宁波海曙包装材料有限公司', accountNo: null, bankName: null },
  },
};

describe('the bill face', () => {
  it('shows the front (parties with accounts and banks, amount, dates, range 0, 不得转让, acceptance, remark) and the back', () => {
    render(
      <Provider store={createAppStore()}>
        <AntApp>
          <BillFace detail={detail} />
        </AntApp>
      </Provider>,
    );
    const face = screen.getByTestId('bill-face');
    for (const shown of [
      '电子商业汇票（供应链票据）',
      '730730502751120260302000000018',
      '6222000011110005',
      '兴业银行苏州分行',
      '招商银行上海分行',
      '1,000,000.00 元',
      '人民币壹佰万元整',
      '2026-03-02',
      '2026-06-02',
      '不得转让',
      '承兑人 上海链票示范供应链有限公司 承诺到期无条件付款',
      '货款',
      '提示承兑签收',
    ]) {
      expect(face).toHaveTextContent(shown);
    }
    const range = within(face)
      .getAllByRole('row')
      .find((row) => row.textContent?.startsWith('子票区间'));
    expect(range).toHaveTextContent(/^子票区间0$/);
  });

  it('prints the face alone: a copy at the root of the page, marked for the print stylesheet', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    render(
      <Provider store={createAppStore()}>
        <AntApp>
          <BillFace detail={detail} />
        </AntApp>
      </Provider>,
    );
    await userEvent.click(screen.getByRole('button', { name: '打印票面' }));
    expect(print).toHaveBeenCalledOnce();
    expect(document.body).toHaveClass('printing-bill-face');
    const copy = screen.getByTestId('bill-face-print');
    expect(copy.parentElement).toBe(document.body);
    expect(copy).toHaveTextContent('730730502751120260302000000018');
    window.dispatchEvent(new Event('afterprint'));
    await vi.waitFor(() => {
      expect(document.body).not.toHaveClass('printing-bill-face');
      expect(screen.queryByTestId('bill-face-print')).not.toBeInTheDocument();
    });
    print.mockRestore();
  });
});

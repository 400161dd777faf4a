import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import AntApp from 'antd/es/app';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { BillDetail } from '@contract/bills-schemas';
import { createAppStore } from '@/lib/store';
import { listenFailingUnhandled } from '@/testing/signed-in-landing';
import { buttonsNamed } from '@/testing/queries';
import { useBillDetail } from './bill-detail-drawer';

const party = (name: string) => ({ orgId: name, name });
const FIRST_NO = '730730502751120261128000000020';
const SECOND_NO = '730730502751120261128000000038';

const detailOf = (id: string, packageNo: string, amount: string): BillDetail => ({
  bill: {
    id,
    packageNo,
    drawer: party('苏州华信精密零部件有限公司'),
    acceptor: party('苏州华信精密零部件有限公司'),
    payee: party('宁波海曙包装材料有限公司'),
    amount,
    issueDate: '2026-11-28',
    dueDate: '2027-02-01',
    noTransfer: false,
    splittable: true,
    remark: '',
    billStatus: 'CS02',
    billStatusLabel: '已承兑',
    createdAt: '2026-11-28T00:07:00.000Z',
    actions: ['revoke'],
  },
  holdings: [],
  applications: [],
  events: [],
  face: {
    drawer: { name: '苏州华信精密零部件有限公司', accountNo: null, bankName: null },
    acceptor: { name: '苏州华信精密零部件有限公司', accountNo: null, bankName: null },
    payee: { name: '宁波海曙包装材料有限公司', accountNo: null, bankName: null },
  },
});

/** The second bill's answer waits until the test lets it go. */
let releaseSecond: () => void = () => undefined;
const server = setupServer(
  mock.get('*/api/scbill/bills/p1', () =>
    HttpResponse.json({ code: 200, msg: '', data: detailOf('p1', FIRST_NO, '10000.00') }),
  ),
  mock.get('*/api/scbill/bills/p2', async () => {
    await new Promise<void>((resolve) => (releaseSecond = resolve));
    return HttpResponse.json({ code: 200, msg: '', data: detailOf('p2', SECOND_NO, '2000.00') });
  }),
);
listenFailingUnhandled(server);
afterAll(() => server.close());

function TwoBills() {
  const detail = useBillDetail();
  return (
    <>
      <div data-testid="first">{detail.link('p1')}</div>
      <div data-testid="second">{detail.link('p2')}</div>
      {detail.drawer}
    </>
  );
}

describe('票据详情', { timeout: 60_000 }, () => {
  it('never shows the bill opened before while the next one loads', async () => {
    render(
      <Provider store={createAppStore()}>
        <AntApp>
          <TwoBills />
        </AntApp>
      </Provider>,
    );
    await userEvent.click(within(screen.getByTestId('first')).getByRole('button'));
    const drawer = await screen.findByRole('dialog', { name: '票据详情' });
    await within(drawer).findAllByText(FIRST_NO);
    expect(buttonsNamed(/撤\s*票/, drawer)).toHaveLength(1);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText(FIRST_NO)).not.toBeInTheDocument());

    await userEvent.click(within(screen.getByTestId('second')).getByRole('button'));
    const next = await screen.findByRole('dialog', { name: '票据详情' });
    // Loading: neither the first bill's number nor its acts, which would act on the wrong bill.
    await waitFor(() => expect(next.querySelector('.ant-skeleton')).not.toBeNull());
    expect(within(next).queryByText(FIRST_NO)).not.toBeInTheDocument();
    expect(buttonsNamed(/撤\s*票/, next)).toHaveLength(0);
    releaseSecond();
    await within(next).findAllByText(SECOND_NO);
    expect(within(next).queryByText(FIRST_NO)).not.toBeInTheDocument();
  });
});

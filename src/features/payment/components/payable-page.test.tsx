import { configure, screen, within } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { PayableDay } from '@contract/bills-schemas';
import { renderInApp, serveForEachTest } from '@/testing/ledger-page';
import { PayablePage, totalsOf } from './payable-page';

configure({ asyncUtilTimeout: 5000 });

const days: PayableDay[] = [
  { dueDate: '2027-03-02', payDay: '2027-03-02', bills: 2, amount: '1000000.10' },
  // A Saturday: paid on the Monday after.
  { dueDate: '2027-03-06', payDay: '2027-03-08', bills: 1, amount: '0.20' },
];

const queries: Record<string, string>[] = [];
const server = setupServer(
  mock.get('*/api/scbill/bills/payable', ({ request }) => {
    queries.push(Object.fromEntries(new URL(request.url).searchParams));
    return HttpResponse.json({
      code: 200,
      msg: '成功',
      data: { content: days, totalElements: 2, totalPages: 1, size: 20, number: 0 },
    });
  }),
);

serveForEachTest(server, queries);

describe('the 应付票据 page', () => {
  it('lists each due date with its payment day, and the totals of the dates shown', async () => {
    renderInApp(<PayablePage />);
    const table = await screen.findByLabelText('应付票据（按到期日）');
    const rolled = (await within(table).findByText('2027-03-06')).closest('tr')!;
    expect(rolled).toHaveTextContent('2027-03-08遇节假日顺延');
    expect(rolled).toHaveTextContent('0.20');
    const onTime = within(table).getAllByText('2027-03-02')[0]!.closest('tr')!;
    expect(onTime).not.toHaveTextContent('顺延');
    expect(screen.getByRole('status')).toHaveTextContent('合计：3张票据，应付1,000,000.30元');
    // From today by default: the server's today, not the browser's.
    expect(queries[0]).toEqual({ page: '0', size: '20' });
  });

  it('adds amounts as decimals, not floats', () => {
    expect(
      totalsOf([
        { dueDate: 'a', payDay: 'a', bills: 1, amount: '0.10' },
        { dueDate: 'b', payDay: 'b', bills: 2, amount: '0.20' },
      ]),
    ).toEqual({
      bills: 3,
      amount: '0.30',
    });
  });
});

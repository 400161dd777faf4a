import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { GUARANTEE_CANDIDATES_SIZE } from '@contract/guarantee';
import type { GuaranteeCandidate } from '@contract/guarantee-schemas';
import { renderInApp, serveForEachTest } from '@/testing/ledger-page';
import { signInAs } from '@/testing/fake-adapter';
import {
  candidatesQueryOf,
  GuaranteeBillPicker,
  GUARANTEE_SEARCH_DEBOUNCE_MS,
} from './guarantee-bill-picker';

configure({ asyncUtilTimeout: 5000 });

const bill = (n: number, fields: Partial<GuaranteeCandidate> = {}): GuaranteeCandidate => ({
  packageId: `p-${n}`,
  packageNo: `7310290000013202603020000${String(n).padStart(5, '0')}`,
  drawerName: '上海链票示范供应链有限公司',
  acceptorName: '苏州工业园区精密制造有限公司',
  amount: '1000.00',
  dueDate: '2026-06-01',
  billStatus: 'CS03',
  roles: ['drawer'],
  ...fields,
});
const NINGBO_BILL = bill(7, { acceptorName: '宁波海曙包装材料有限公司', roles: ['drawer', 'endorser'] });
const NEWEST = Array.from({ length: GUARANTEE_CANDIDATES_SIZE }, (_, i) => bill(100 + i));

const searches: Array<Record<string, string>> = [];
serveForEachTest(
  setupServer(
    mock.get('*/api/scbill/guarantee/candidates', ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      searches.push(query);
      const found = !query.keyword
        ? NEWEST
        : [NINGBO_BILL, ...NEWEST].filter(
            (c) => c.packageNo.includes(query.keyword!) || c.acceptorName.includes(query.keyword!),
          );
      return HttpResponse.json({ code: 200, msg: '成功', data: found });
    }),
  ),
  searches,
);

function renderPicker() {
  signInAs();
  const chosen: { packageId?: string; candidate?: GuaranteeCandidate } = {};
  renderInApp(
    <GuaranteeBillPicker
      id="bill"
      onChange={(packageId) => (chosen.packageId = packageId)}
      onPicked={(candidate) => (chosen.candidate = candidate)}
    />,
  );
  const input = screen.getByRole('combobox');
  fireEvent.mouseDown(input);
  const type = (text: string) => fireEvent.change(input, { target: { value: text } });
  return { chosen, type };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('candidatesQueryOf', () => {
  it('asks for the newest bills without a keyword, and trims one typed', () => {
    expect(candidatesQueryOf('  ')).toEqual({ size: GUARANTEE_CANDIDATES_SIZE });
    expect(candidatesQueryOf(' 宁波 ')).toEqual({ keyword: '宁波', size: GUARANTEE_CANDIDATES_SIZE });
  });
});

describe('GuaranteeBillPicker', () => {
  it('offers the newest bills with their parties, and says a search finds more', async () => {
    renderPicker();
    const newest = await screen.findByTitle('731029000001320260302000000100（1,000.00元，2026-06-01到期）');
    expect(newest).toHaveTextContent(
      '出票人：上海链票示范供应链有限公司 · 承兑人：苏州工业园区精密制造有限公司',
    );
    expect(searches).toEqual([{ size: String(GUARANTEE_CANDIDATES_SIZE) }]);
    expect(screen.getByRole('note')).toHaveTextContent(`仅列出最新的 ${GUARANTEE_CANDIDATES_SIZE} 张`);
  });

  it('asks the server once typing pauses, for the last text only, and hands over the bill chosen', async () => {
    const { chosen, type } = renderPicker();
    await screen.findByTitle('731029000001320260302000000100（1,000.00元，2026-06-01到期）');
    type('宁');
    type('宁波');
    type('宁波海曙');
    fireEvent.click(
      await screen.findByText('出票人：上海链票示范供应链有限公司 · 承兑人：宁波海曙包装材料有限公司'),
    );
    await waitFor(() => expect(chosen.packageId).toBe('p-7'));
    expect(chosen.candidate).toEqual(NINGBO_BILL);
    await pause(GUARANTEE_SEARCH_DEBOUNCE_MS + 100);
    expect(searches.map((s) => s.keyword)).toEqual([undefined, '宁波海曙']);
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('says when nothing matches', async () => {
    const { type } = renderPicker();
    type('不存在的企业');
    expect(await screen.findByText('没有符合条件的票据，请换一个票据包号或企业名称')).toBeInTheDocument();
  });
});

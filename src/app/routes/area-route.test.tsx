import { screen } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { BILL_URL } from '@contract/bills';
import { bindNavigate } from '@/lib/navigation';
import { platformServer, resetPlatformServer } from '@/testing/platform-server';
import { renderApp, storeSignedInUser } from '@/testing/render-app';
import type * as Realtime from '@/lib/realtime';

// No realtime socket: its reconnections would reload the list (a resync) at times of their own.
vi.mock('@/lib/realtime', async (original) => ({
  ...(await original<typeof Realtime>()),
  startRealtime: () => undefined,
}));

beforeAll(() => platformServer.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  resetPlatformServer();
  bindNavigate(null);
});
afterAll(() => platformServer.close());

interface ListCall {
  params: Record<string, string>;
  /** Whether the page had drawn when the call went out. */
  pageDrawn: boolean;
}

// The first visit transforms the shell's, antd's and the ledger's chunks on the fly.
describe('a first visit that opens on a list', { timeout: 60_000 }, () => {
  it('asks for the 待签收 rows as the page chunk arrives, once, with the address filter', async () => {
    const listCalls: ListCall[] = [];
    platformServer.use(
      mock.get(`*${BILL_URL.pending}`, ({ request }) => {
        listCalls.push({
          params: Object.fromEntries(new URL(request.url).searchParams),
          pageDrawn: document.querySelector('h1')?.textContent === '待签收',
        });
        return HttpResponse.json({
          code: 200,
          msg: '操作成功',
          data: { content: [], totalElements: 0, totalPages: 0, size: 10, number: 0 },
        });
      }),
    );
    storeSignedInUser();
    renderApp('/chain-bill/sign-workbench?pending.counterparty=苏州&pending.page=1&bill=p1');

    expect(await screen.findByRole('heading', { level: 1, name: '待签收' })).toBeInTheDocument();
    expect(await screen.findByText('暂无待签收的申请')).toBeInTheDocument();
    // The page's own call finds the answer of the one made ahead: the same arguments, no second request.
    expect(listCalls).toEqual([
      {
        params: { page: '1', size: '10', counterparty: '苏州', packageId: 'p1' },
        pageDrawn: false,
      },
    ]);
  });
});

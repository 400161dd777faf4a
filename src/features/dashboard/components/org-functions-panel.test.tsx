import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { listenFailingUnhandled } from '@/testing/signed-in-landing';
import App from 'antd/es/app';
import ConfigProvider from 'antd/es/config-provider';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { OrgFunction } from '@contract/shell-schemas';
import { createAppStore } from '@/lib/store';
import { signInAs } from '@/testing/fake-adapter';
import { OrgFunctionsPanel } from './org-functions-panel';

const ok = <T,>(data: T) => HttpResponse.json({ code: 200, msg: '成功', data });

const fn = (
  funcCode: OrgFunction['funcCode'],
  funcName: string,
  fields: Partial<OrgFunction>,
): OrgFunction => ({
  funcCode,
  funcName,
  funcType: 'BILL',
  opened: false,
  available: true,
  offered: true,
  missing: [],
  openedWith: 'FUNCTION',
  licenceBusiness: 'SCBILL',
  ...fields,
});

let functions: OrgFunction[] = [];
const opened: unknown[] = [];
const server = setupServer(
  mock.get('*/api/scbill/org-acct-function-endpoint', () => ok(functions)),
  mock.post('*/api/scbill/org-acct/open-func', async ({ request }) => {
    const body = (await request.json()) as { funcCode: string };
    opened.push(body);
    functions = functions.map((f) => (f.funcCode === body.funcCode ? { ...f, opened: true } : f));
    return ok({ funcCode: body.funcCode, opened: true });
  }),
);
listenFailingUnhandled(server);
beforeEach(() => {
  functions = [
    fn('BILL_ISSUE', '票据签发', { opened: true, openedAt: '2026-03-01T02:00:00.000Z' }),
    fn('BILL_ACCEPT', '票据承兑', {}),
    fn('BILL_ENDORSE', '背书转让', { missing: ['AGREEMENT'] }),
    fn('BILL_DISCOUNT', '票据贴现', { available: false }),
    fn('E_SIGN', '电子合同签署', { openedWith: 'ESIGN_ACCOUNT', licenceBusiness: 'ECONTRACT' }),
  ];
  opened.length = 0;
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function renderPanel(owner: boolean) {
  signInAs();
  render(
    <Provider store={createAppStore()}>
      <ConfigProvider button={{ autoInsertSpace: false }}>
        <App>
          <MemoryRouter initialEntries={['/chain-bill/dashboard']}>
            <Routes>
              <Route path="/chain-bill/dashboard" element={<OrgFunctionsPanel owner={owner} />} />
              <Route path="/company-center/contracts" element={<p>电子签章账户页</p>} />
            </Routes>
          </MemoryRouter>
        </App>
      </ConfigProvider>
    </Provider>,
  );
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('li') as HTMLElement;

describe('企业开通功能', { timeout: 30_000 }, () => {
  it('shows each function as the server answers it: opened, 即将上线, what opening it needs, or 开通', async () => {
    renderPanel(true);
    expect(within(await rowOf('票据签发')).getByText('已开通')).toBeInTheDocument();
    expect(within(await rowOf('票据贴现')).getByText('即将上线')).toBeInTheDocument();
    expect(within(await rowOf('票据贴现')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(await rowOf('背书转让')).getByText('开通前需完成：签署协议')).toBeInTheDocument();
    expect(within(await rowOf('背书转让')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(await rowOf('票据承兑')).getByRole('button', { name: '开通票据承兑' })).toBeEnabled();
  });

  it('opens a function after the owner confirms, and shows it opened', async () => {
    renderPanel(true);
    fireEvent.click(within(await rowOf('票据承兑')).getByRole('button', { name: '开通票据承兑' }));
    fireEvent.click(await screen.findByRole('button', { name: '开通' }));
    await waitFor(() => expect(opened).toEqual([{ funcCode: 'BILL_ACCEPT' }]));
    await waitFor(() =>
      expect(within(screen.getByText('票据承兑').closest('li')!).getByText('已开通')).toBeInTheDocument(),
    );
  });

  it('sends the owner to the e-sign account for electronic signing, and offers nothing to a member', async () => {
    renderPanel(true);
    fireEvent.click(within(await rowOf('电子合同签署')).getByRole('button', { name: '去开通电子签章账户' }));
    expect(await screen.findByText('电子签章账户页')).toBeInTheDocument();
  });

  it('shows a member who is not the owner 未开通, without 开通', async () => {
    renderPanel(false);
    const row = await rowOf('票据承兑');
    expect(within(row).getByText('未开通')).toBeInTheDocument();
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  });
});

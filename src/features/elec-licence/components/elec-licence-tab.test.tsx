import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { listenFailingUnhandled } from '@/testing/signed-in-landing';
import App from 'antd/es/app';
import ConfigProvider from 'antd/es/config-provider';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Provider } from 'react-redux';
import type { LicenceBizType } from '@contract/elec-licence';
import type { OrgLicenceState } from '@contract/elec-licence-schemas';
import type { OrgFunction } from '@contract/shell-schemas';
import { createAppStore } from '@/lib/store';
import { signInAs } from '@/testing/fake-adapter';
import { ElecLicenceTab } from './elec-licence-tab';

// The status is polled every 3 s while the socket is away (as here).
configure({ asyncUtilTimeout: 10_000 });

const ok = <T,>(data: T) => HttpResponse.json({ code: 200, msg: '成功', data });

let bizTypes: LicenceBizType[] = [];
let holderAnswer = 0;
const applied: unknown[] = [];
const state = (): OrgLicenceState => ({
  orgName: '上海链票示范供应链有限公司',
  creditCode: '91310000MA1FL8LK3Y',
  authorized: true,
  bound: true,
  licenceAuthAt: Date.UTC(2026, 2, 2, 1),
  bizTypes,
});
/** The functions as the server answers them, by the business their authorisation belongs to. */
const fn = (funcCode: OrgFunction['funcCode'], licenceBusiness: LicenceBizType, available: boolean) =>
  ({
    funcCode,
    funcName: funcCode,
    funcType: 'BILL',
    opened: false,
    available,
    offered: true,
    missing: [],
    openedWith: 'FUNCTION',
    licenceBusiness,
  }) satisfies OrgFunction;
const server = setupServer(
  mock.get('*/api/organization/elec-license/state', () => ok(state())),
  mock.get('*/api/scbill/org-acct-function-endpoint', () =>
    ok([
      fn('BILL_ISSUE', 'SCBILL', true),
      fn('E_SIGN', 'ECONTRACT', true),
      fn('PLEDGE_FIN', 'PLEDGE_FIN', false),
    ]),
  ),
  mock.post('*/api/organization/elec-license/biz-auth/qr-image/apply', async ({ request }) => {
    applied.push(await request.json());
    return ok({ qrImage: 'AAAA', qrId: 'qr-1', expiresIn: 540 });
  }),
  mock.get('*/api/organization/elec-license/qr-image/qr-1/status', () => {
    if (holderAnswer === 1) bizTypes = ['SCBILL'];
    return ok({ status: holderAnswer, msg: '', __qrcodeId: 'qr-1', kind: 'BIZ_AUTH' });
  }),
);
listenFailingUnhandled(server);
afterEach(() => {
  server.resetHandlers();
  bizTypes = [];
  holderAnswer = 0;
  applied.length = 0;
});
afterAll(() => server.close());

function renderTab() {
  signInAs();
  render(
    <Provider store={createAppStore()}>
      <ConfigProvider button={{ autoInsertSpace: false }}>
        <App>
          <ElecLicenceTab />
        </App>
      </ConfigProvider>
    </Provider>,
  );
}

describe('ElecLicenceTab: 业务授权', { timeout: 60_000 }, () => {
  it('authorises a business type by the licence QR code and shows it authorised once the holder confirms', async () => {
    renderTab();
    expect(await screen.findByRole('heading', { name: '业务授权' })).toBeInTheDocument();
    expect(screen.getAllByText('未授权')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: '扫码授权：供应链票据业务' }));
    expect(await screen.findByAltText('电子营业执照认证二维码')).toHaveAttribute(
      'src',
      'data:image/jpeg;base64,AAAA',
    );
    expect(applied).toEqual([{ bizType: 'SCBILL' }]);
    expect(screen.getByRole('heading', { name: '授权「供应链票据业务」' })).toBeInTheDocument();
    // One business at a time.
    expect(screen.getByRole('button', { name: '扫码授权：电子合同签署' })).toBeDisabled();

    holderAnswer = 1;
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '重新授权：供应链票据业务' })).toBeEnabled(),
    );
    expect(screen.getByText('已授权')).toBeInTheDocument();
    expect(screen.queryByAltText('电子营业执照认证二维码')).not.toBeInTheDocument();
  });

  it('shows 即将上线 for a business none of whose functions is built, with nothing to authorise', async () => {
    renderTab();
    expect(await screen.findByText('即将上线')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /：质押融资业务$/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '扫码授权：电子合同签署' })).toBeEnabled();
  });

  it('puts the QR panel away on 取消 without authorising', async () => {
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: '扫码授权：电子合同签署' }));
    expect(await screen.findByAltText('电子营业执照认证二维码')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(screen.queryByAltText('电子营业执照认证二维码')).not.toBeInTheDocument();
    expect(screen.getAllByText('未授权')).toHaveLength(2);
  });
});

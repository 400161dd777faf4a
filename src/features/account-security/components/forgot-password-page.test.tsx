import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { listenFailingUnhandled } from '@/testing/signed-in-landing';
import ConfigProvider from 'antd/es/config-provider';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { makeRsaKeyPair, rsaDecrypt } from '@/testing/keys';
import { ForgotPasswordPage } from './forgot-password-page';

configure({ asyncUtilTimeout: 5000 });

const keys = makeRsaKeyPair();
const resets: { body: { mobile: string; password: string }; authorization: string | null }[] = [];
const server = setupServer(
  mock.get('*/api/channel/config/default', () =>
    HttpResponse.json({
      code: 200,
      msg: '',
      data: { platformName: '链票通', channelId: 'CH0001', passwordPublicKey: keys.publicKeyPem },
    }),
  ),
  mock.post('*/api/user/password/reset', async ({ request }) => {
    resets.push({
      body: (await request.json()) as { mobile: string; password: string },
      authorization: request.headers.get('Authorization'),
    });
    return HttpResponse.json({ code: 200, msg: '密码已重置，请使用新密码登录' });
  }),
);
listenFailingUnhandled(server);
afterEach(() => {
  server.resetHandlers();
  resets.length = 0;
});
afterAll(() => server.close());

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/user/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/user/login', element: <p>登录页</p> },
    ],
    { initialEntries: ['/user/forgot-password'] },
  );
  render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <RouterProvider router={router} />
    </ConfigProvider>,
  );
  return router;
}

const fill = (placeholder: string, value: string) =>
  fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });
const submit = () =>
  fireEvent.click(screen.getByText('重置密码', { selector: 'button span' }).closest('button')!);

describe('ForgotPasswordPage', () => {
  it('checks the mobile, the password policy and the confirmation', async () => {
    renderPage();
    fill('请输入手机号', '12345');
    fill('请输入新密码', 'short');
    fill('请再次输入新密码', 'other');
    submit();

    expect(await screen.findByText('请输入正确的手机号')).toBeInTheDocument();
    expect(screen.getByText('密码须为8-20位，且同时包含字母和数字')).toBeInTheDocument();
    expect(screen.getByText('两次输入的密码不一致')).toBeInTheDocument();
    expect(resets).toHaveLength(0);
  });

  it('sends the mobile and the RSA-encrypted password with the client credential, then goes to login', async () => {
    const router = renderPage();
    fill('请输入手机号', '138 0000 0004');
    fill('请输入新密码', 'NewPass123');
    fill('请再次输入新密码', 'NewPass123');
    submit();

    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
    const [reset] = resets;
    expect(reset!.body.mobile).toBe('13800000004');
    expect(rsaDecrypt(reset!.body.password, keys.privateKeyPem)).toBe('NewPass123');
    expect(reset!.authorization).toBe(`Basic ${btoa('chain-bill-web:chain-bill-web-public')}`);
  });
});

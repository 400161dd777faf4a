import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import ConfigProvider from 'antd/es/config-provider';
import type { AxiosAdapter } from 'axios';
import { request } from '@/lib/http';
import { bindNavigate } from '@/lib/navigation';
import { setUserInfo } from '@/lib/storage';
import { headerOf, respond, signInAs } from '@/testing/fake-adapter';
import { VerifyDialogHost } from './verify-dialog-host';

configure({ asyncUtilTimeout: 5000 });

const challenge = {
  code: 'SMS_VERIFICATION_REQUIRED',
  msg: '该操作需要短信验证',
  challengeId: '5b0d7f0e-0000-4000-8000-000000000001',
};

function renderHost() {
  return render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <VerifyDialogHost />
    </ConfigProvider>,
  );
}

// The dialogs' chunk is transformed on first import, which can take seconds: do it before the clock runs.
beforeAll(async () => {
  await import('./verify-dialog');
}, 60_000);

beforeEach(() => {
  signInAs();
  setUserInfo({ mobile: '13800000001', permissions: {} });
});

describe('VerifyDialogHost', () => {
  it('opens the SMS dialog for a 406 and completes the call with the typed code', async () => {
    const codes: (string | undefined)[] = [];
    const adapter: AxiosAdapter = async (config) => {
      const code = headerOf(config, 'Verify-Code');
      codes.push(code);
      return code === '654321'
        ? respond(config, { code: 200, msg: '成功', data: 'changed' })
        : respond(config, challenge, 406);
    };
    renderHost();

    const pending = request({
      url: '/api/user/password/change',
      method: 'POST',
      data: { password: 'x' },
      adapter,
    });
    expect(await screen.findByText('短信验证')).toBeInTheDocument();
    expect(screen.getByLabelText('手机号')).toHaveValue('13800000001');

    fireEvent.change(screen.getByPlaceholderText('请输入6位验证码'), { target: { value: '654321' } });
    fireEvent.click(screen.getByText('确定').closest('button')!);

    await expect(pending).resolves.toBe('changed');
    expect(codes).toEqual([undefined, '654321']);
    await waitFor(() => expect(screen.queryByText('短信验证')).not.toBeInTheDocument());
  });

  it('rejects the call quietly when the dialog is cancelled', async () => {
    const adapter: AxiosAdapter = async (config) => respond(config, challenge, 406);
    renderHost();

    const pending = request({ url: '/api/op', method: 'POST', data: {}, adapter }).catch((e: unknown) => e);
    await screen.findByText('短信验证');
    fireEvent.click(screen.getByText('取消').closest('button')!);

    expect(await pending).toMatchObject({ status: 406, verificationCancelled: true });
  });

  it('offers 去绑定 to the company centre when the e-licence is unbound', async () => {
    const navigate = vi.fn();
    bindNavigate(navigate);
    const adapter: AxiosAdapter = async (config) =>
      respond(config, { code: 'ELEC_LICENSE_UNBOUND', msg: '企业电子营业执照未绑定，无法完成安全验证' }, 412);
    renderHost();

    const pending = request({ url: '/api/account/owner/auth', method: 'POST', adapter }).catch(
      (e: unknown) => e,
    );
    expect(await screen.findByText('无法完成安全验证')).toBeInTheDocument();
    expect(screen.getByText(/请前往企业中心绑定电子营业执照/)).toBeInTheDocument();
    fireEvent.click(screen.getByText('去绑定').closest('button')!);

    expect(navigate).toHaveBeenCalledWith('/company-center?type=authorize', {});
    expect(await pending).toMatchObject({
      status: 412,
      code: 'ELEC_LICENSE_UNBOUND',
      verificationCancelled: true,
    });
    bindNavigate(null);
  });
});

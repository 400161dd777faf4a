import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import { AntdAppProvider } from './antd-provider';

function Notices() {
  const { message, modal, notification } = App.useApp();
  return (
    <>
      <button type="button" onClick={() => void message.success('已保存')}>
        保存
      </button>
      <button type="button" onClick={() => void message.error({ content: '保存失败', duration: 0 })}>
        失败
      </button>
      <button type="button" onClick={() => modal.info({ title: '提示', content: '链接已失效' })}>
        提示
      </button>
      <button type="button" onClick={() => notification.error({ title: '提示', description: '登录已过期' })}>
        过期
      </button>
      <Alert type="warning" showIcon title="尚未认证" />
    </>
  );
}

describe("the app's notices", () => {
  it('show their status icons hidden, not named in English, whatever way a message is asked for', async () => {
    const user = userEvent.setup();
    render(
      <AntdAppProvider>
        <Notices />
      </AntdAppProvider>,
    );
    await user.click(screen.getByRole('button', { name: '保存' }));
    await user.click(screen.getByRole('button', { name: '失败' }));
    await user.click(screen.getByRole('button', { name: '提示' }));
    await user.click(screen.getByRole('button', { name: '过期' }));
    expect(await screen.findByText('已保存')).toBeInTheDocument();
    expect(await screen.findByText('保存失败')).toBeInTheDocument();
    expect(await screen.findByText('链接已失效')).toBeInTheDocument();
    expect(await screen.findByText('登录已过期')).toBeInTheDocument();
    expect(screen.getByText('尚未认证')).toBeInTheDocument();
    expect(screen.queryAllByRole('img', { name: /circle/ })).toEqual([]);
    expect(document.querySelectorAll('.ant-message .anticon[aria-hidden="true"]')).toHaveLength(2);
  });
});

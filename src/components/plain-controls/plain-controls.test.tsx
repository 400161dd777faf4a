import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { PlainButton } from './plain-button';
import { PlainClearableInput, PlainPasswordInput } from './plain-input';

function TwoFields({ onSubmit = () => undefined }: { onSubmit?: () => void }) {
  const [mobile, setMobile] = useState('');
  const [password, setPassword] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <PlainClearableInput aria-label="手机号" value={mobile} onValueChange={setMobile} />
      <PlainPasswordInput aria-label="密码" value={password} onValueChange={setPassword} />
      <PlainButton variant="primary" type="submit">
        登录
      </PlainButton>
    </form>
  );
}

describe('plain clearable input', () => {
  it('leaves its clear button out of the Tab order: Tab from a filled field lands on the next field', async () => {
    const user = userEvent.setup();
    render(<TwoFields />);

    await user.click(screen.getByLabelText('手机号'));
    await user.keyboard('13800000001');
    await user.tab();

    expect(screen.getByLabelText('密码')).toHaveFocus();
    expect(screen.getByRole('button', { name: '清除' })).toHaveAttribute('tabindex', '-1');
  });

  it('is cleared by Escape from the keyboard and by its button from the pointer, keeping the caret', async () => {
    const user = userEvent.setup();
    render(<TwoFields />);
    const mobile = screen.getByLabelText('手机号');

    await user.type(mobile, '138');
    await user.keyboard('{Escape}');
    expect(mobile).toHaveValue('');
    expect(mobile).toHaveFocus();

    await user.type(mobile, '139');
    await user.click(screen.getByRole('button', { name: '清除' }));
    expect(mobile).toHaveValue('');
    expect(mobile).toHaveFocus();
  });

  it('puts the caret in the field on a click of its frame, from the first render on', async () => {
    const user = userEvent.setup();
    render(
      <>
        <PlainClearableInput
          aria-label="手机号"
          value=""
          onValueChange={() => undefined}
          prefix={<span data-testid="mobile-icon">☎</span>}
        />
        <PlainPasswordInput
          aria-label="密码"
          value=""
          onValueChange={() => undefined}
          prefix={<span data-testid="lock-icon">🔒</span>}
        />
      </>,
    );
    await user.click(screen.getByTestId('mobile-icon'));
    expect(screen.getByLabelText('手机号')).toHaveFocus();
    await user.click(screen.getByTestId('lock-icon'));
    expect(screen.getByLabelText('密码')).toHaveFocus();
  });

  it('lets Escape through when there is nothing to clear', async () => {
    const user = userEvent.setup();
    const onOuterKeyDown = vi.fn();
    render(
      <div onKeyDown={(event) => onOuterKeyDown(event.key)}>
        <PlainClearableInput aria-label="手机号" value="" onValueChange={() => undefined} />
      </div>,
    );

    await user.click(screen.getByLabelText('手机号'));
    await user.keyboard('{Escape}');

    expect(onOuterKeyDown).toHaveBeenCalledWith('Escape');
  });
});

describe('plain password input', () => {
  it('shows and hides the password with its toggle, and keeps it out of the markup', async () => {
    const user = userEvent.setup();
    render(<TwoFields />);
    const password = screen.getByLabelText('密码');

    await user.type(password, 'Demo@1234');
    expect(password).toHaveAttribute('type', 'password');
    await waitFor(() => expect(password).not.toHaveAttribute('value'));

    await user.click(screen.getByRole('button', { name: '显示密码' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: '隐藏密码' })).toHaveAttribute('aria-pressed', 'true');
    expect(password).toHaveFocus();
  });

  it('submits the form on Enter', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<TwoFields onSubmit={onSubmit} />);

    await user.type(screen.getByLabelText('密码'), 'Demo@1234{Enter}');

    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});

describe('plain button', () => {
  it('ignores clicks while loading', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const { rerender } = render(
      <PlainButton loading onClick={onClick}>
        登录
      </PlainButton>,
    );

    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(onClick).not.toHaveBeenCalled();

    rerender(<PlainButton onClick={onClick}>登录</PlainButton>);
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

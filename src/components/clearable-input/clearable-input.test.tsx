import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import { ClearableInput } from './clearable-input';

function TwoFields() {
  const [mobile, setMobile] = useState('');
  return (
    <form>
      <ClearableInput
        aria-label="手机号"
        value={mobile}
        onChange={(event) => setMobile(event.target.value)}
      />
      <input aria-label="密码" type="password" />
    </form>
  );
}

describe('ClearableInput', () => {
  it('leaves its clear button out of the Tab order: Tab from a filled field lands on the next field', async () => {
    const user = userEvent.setup();
    render(<TwoFields />);

    await user.click(screen.getByLabelText('手机号'));
    await user.keyboard('13800000001');
    await user.tab();

    expect(screen.getByLabelText('密码')).toHaveFocus();
    const clear = screen.getByRole('button', { name: '清除' });
    expect(clear).toHaveAttribute('tabindex', '-1');
  });

  it('is cleared by Escape from the keyboard and by its button from the pointer', async () => {
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
  });

  it('clears a form field with Escape and keeps the dialog around it open', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    function InDialog() {
      const [form] = Form.useForm<{ mobile: string }>();
      return (
        <Modal open title="邀请" onCancel={onCancel}>
          <Form form={form}>
            <Form.Item name="mobile" label="手机号">
              <ClearableInput />
            </Form.Item>
          </Form>
        </Modal>
      );
    }
    render(<InDialog />);
    const mobile = await screen.findByLabelText('手机号');

    await user.type(mobile, '138');
    await user.keyboard('{Escape}');

    expect(mobile).toHaveValue('');
    expect(onCancel).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import AntApp from 'antd/es/app';
import Form from 'antd/es/form';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createAppStore } from '@/lib/store';
import { findButton } from '@/testing/queries';
import { AccountField } from './ledger-acts';

let accountCalls = 0;
const server = setupServer(
  mock.get('*/api/scbill/bill-accounts', () => {
    accountCalls += 1;
    if (accountCalls === 1) return HttpResponse.json({ code: 500, msg: '' }, { status: 500 });
    return HttpResponse.json({
      code: 200,
      msg: '',
      data: [
        { id: 'acct-1', accountNo: '6222000011110001', bankName: '中国银行宁波海曙支行', isDefault: true },
      ],
    });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  accountCalls = 0;
});
afterAll(() => server.close());

function Field({ onValues }: { onValues: (values: unknown) => void }) {
  const [form] = Form.useForm();
  return (
    <Form form={form} onValuesChange={(_, values) => onValues(values)}>
      <AccountField />
    </Form>
  );
}

describe('the receiving account of a 签收', () => {
  it('says when the accounts failed to load and loads them again on 重试, the default preselected', async () => {
    const values: unknown[] = [];
    render(
      <Provider store={createAppStore()}>
        <AntApp>
          <Field onValues={(v) => values.push(v)} />
        </AntApp>
      </Provider>,
    );
    expect(await screen.findByText('入账账户加载失败')).toBeInTheDocument();
    expect(accountCalls).toBe(1);

    await userEvent.click(await findButton('重试'));
    expect(await screen.findByText(/中国银行宁波海曙支行 6222000011110001（默认）/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('入账账户加载失败')).not.toBeInTheDocument());
    expect(accountCalls).toBe(2);
  });
});

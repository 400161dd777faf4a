import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { listenFailingUnhandled } from '@/testing/signed-in-landing';
import { Provider } from 'react-redux';
import App from 'antd/es/app';
import ConfigProvider from 'antd/es/config-provider';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { FreezeRecord } from '@contract/freeze-schemas';
import { createAppStore } from '@/lib/store';
import { FreezePage } from './freeze-page';

configure({ asyncUtilTimeout: 5000 });

const ok = <T,>(data: T) => HttpResponse.json({ code: 200, msg: '成功', data });
const page = <T,>(content: T[]) => ({
  content,
  totalElements: content.length,
  totalPages: 1,
  size: 10,
  number: 0,
});

const active: FreezeRecord = {
  id: 'f-1',
  packageId: 'p-1',
  packageNo: '731029000001320260302000000018',
  range: '000000000001-000030000000',
  amount: '300000.00',
  dueDate: '2026-06-01',
  holder: { orgId: 'o-sz', name: '苏州华信精密零部件有限公司' },
  risk: 'judicial',
  authority: '苏州市中级人民法院',
  documentNo: '（2026）苏05执保1号',
  status: 'active',
  frozenAt: '2026-03-02T01:00:00.000Z',
  liftedAt: null,
  liftAuthority: null,
  liftDocumentNo: null,
};
const lifted: FreezeRecord = {
  ...active,
  id: 'f-0',
  status: 'lifted',
  documentNo: '（2026）苏05执保0号',
  liftedAt: '2026-03-03T01:00:00.000Z',
  liftAuthority: '苏州市中级人民法院',
  liftDocumentNo: '（2026）苏05执保0号之一',
};

const queries: Record<string, string>[] = [];
const exports: unknown[] = [];
const server = setupServer(
  mock.get('*/api/scbill/freeze/list', ({ request }) => {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    queries.push(query);
    if (query.status === 'active') return ok(page([active]));
    if (query.status === 'lifted') return ok(page([lifted]));
    return ok(page([active, lifted]));
  }),
  mock.post('*/api/export-tasks', async ({ request }) => {
    exports.push(await request.json());
    return HttpResponse.json({ code: 201, msg: '成功', data: { id: 't-1' } }, { status: 201 });
  }),
);

listenFailingUnhandled(server);
afterEach(() => {
  server.resetHandlers();
  queries.length = 0;
});
afterAll(() => server.close());

it('lists the bills frozen now and every record, filtered by status and package number', async () => {
  render(
    <Provider store={createAppStore()}>
      <ConfigProvider button={{ autoInsertSpace: false }}>
        <App>
          <FreezePage canExport detail={{ link: () => null, drawer: null }} />
        </App>
      </ConfigProvider>
    </Provider>,
  );
  const frozenNow = await screen.findByRole('table', { name: '冻结中的票据' });
  const row = (await within(frozenNow).findByText('（2026）苏05执保1号')).closest('tr')!;
  expect(row).toHaveTextContent('司法冻结');
  expect(row).toHaveTextContent('300,000.00');
  expect(row).toHaveTextContent('冻结中');
  const records = screen.getByRole('table', { name: '冻结记录' });
  expect((await within(records).findByText('（2026）苏05执保0号')).closest('tr')).toHaveTextContent(
    '解除冻结：苏州市中级人民法院（（2026）苏05执保0号之一）',
  );

  fireEvent.mouseDown(screen.getByLabelText('状态'));
  fireEvent.click(await screen.findByTitle('已解除'));
  fireEvent.change(screen.getByLabelText('票据包号'), { target: { value: '2026' } });
  fireEvent.click(screen.getByText('查询').closest('button')!);
  await waitFor(() => expect(queries.at(-1)).toMatchObject({ status: 'lifted', packageNo: '2026' }));
  await waitFor(() => expect(within(records).queryByText('（2026）苏05执保1号')).toBeNull());
  fireEvent.click(screen.getByText('导出').closest('button')!);
  await waitFor(() =>
    expect(exports).toEqual([{ kind: 'freezes', params: { billStatus: 'lifted', packageNo: '2026' } }]),
  );
});

import { render, screen, waitFor, within } from '@testing-library/react';
import { listenFailingUnhandled } from '@/testing/signed-in-landing';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import AntApp from 'antd/es/app';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ExportTask } from '@contract/export-schemas';
import { PERMISSION } from '@contract/permissions';
import type { Middleware } from '@reduxjs/toolkit';
import { redDotSet } from '@/lib/app-actions';
import { createAppStore, dynamicMiddleware } from '@/lib/store';
import type { PermissionMap } from '@/lib/storage';
import { ExportCenterDrawer } from './export-center-drawer';

const task = (overrides: Partial<ExportTask>): ExportTask => ({
  id: 't1',
  kind: 'operation-list',
  name: '业务操作记录',
  status: 'done',
  progress: 100,
  fileName: '业务操作记录_20260601090000.xlsx',
  createdAt: '2026-06-01T01:00:00.000Z',
  finishedAt: '2026-06-01T01:00:05.000Z',
  ...overrides,
});

let tasks: ExportTask[] = [];
const created: string[] = [];
const server = setupServer(
  mock.get('*/api/export-tasks', () =>
    HttpResponse.json({
      code: 200,
      msg: '操作成功',
      data: { content: tasks, totalElements: tasks.length, totalPages: 1, size: 10, number: 0 },
    }),
  ),
  mock.post('*/api/export-tasks', async ({ request }) => {
    const { kind } = (await request.json()) as { kind: ExportTask['kind'] };
    created.push(kind);
    const next = task({
      id: `t${tasks.length + 1}`,
      kind,
      name: '企业关系信息',
      status: 'pending',
      progress: 0,
    });
    tasks = [next, ...tasks];
    return HttpResponse.json({ code: 201, msg: '创建成功', data: next }, { status: 201 });
  }),
  mock.get('*/api/export-tasks/:id/file', () =>
    HttpResponse.arrayBuffer(new ArrayBuffer(8), {
      headers: {
        'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'Content-Disposition': `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent('业务操作记录_20260601090000.xlsx')}`,
      },
    }),
  ),
);

listenFailingUnhandled(server);
afterEach(() => {
  server.resetHandlers();
  redDots.length = 0;
  tasks = [];
  created.length = 0;
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const owner = { mobile: '13800000001', cId: 'CH0001' };
const RED_DOT_KEY = 'SgThsk_FILE_PROCESS_EXPORT_TASK_REDDOT_13800000001_CH0001';

/** The red-dot actions the drawer dispatches (the shell's slice, which keeps the dot, is not part of this test). */
const redDots: boolean[] = [];
const recordRedDot: Middleware = () => (next) => (action) => {
  if (redDotSet.match(action)) redDots.push(action.payload.exportTask);
  return next(action);
};
dynamicMiddleware.addMiddleware(recordRedDot);

const STAFF = { [PERMISSION.staff.path]: true } as const;

function renderDrawer(open = true, permissions: PermissionMap = STAFF) {
  const store = createAppStore();
  render(
    <Provider store={store}>
      <AntApp>
        <ExportCenterDrawer open={open} onClose={() => undefined} owner={owner} permissions={permissions} />
      </AntApp>
    </Provider>,
  );
  return store;
}

describe('the export centre', { timeout: 30_000 }, () => {
  it('clears the red dot of this user when it opens', async () => {
    localStorage.setItem(RED_DOT_KEY, 'true');
    renderDrawer();

    await waitFor(() => expect(redDots).toEqual([false]));
    expect(localStorage.getItem(RED_DOT_KEY)).toBe('false');
  });

  it('lists the tasks with their state and creates a new export of the organisation relations', async () => {
    tasks = [task({}), task({ id: 't0', status: 'failed', progress: 30, name: '企业关系信息' })];
    const user = userEvent.setup();
    renderDrawer();

    expect(await screen.findByText('已完成')).toBeInTheDocument();
    expect(screen.getByText('导出失败')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /新建导出/ }));
    await user.click(await screen.findByText('企业关系'));

    await waitFor(() => expect(created).toEqual(['org-relation']));
    expect(await screen.findByText('排队中')).toBeInTheDocument();
  });

  it('offers the organisation relations only to a member who may open 成员管理', async () => {
    tasks = [];
    const user = userEvent.setup();
    renderDrawer(true, {});

    await user.click(screen.getByRole('button', { name: /新建导出/ }));
    expect(await screen.findByRole('menuitem', { name: '持有票据' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: '企业关系' })).not.toBeInTheDocument();
  });

  it('offers every bill list for export and creates an export of the held bills', async () => {
    tasks = [];
    const user = userEvent.setup();
    renderDrawer();

    await user.click(screen.getByRole('button', { name: /新建导出/ }));
    for (const name of ['持有票据', '已出票据', '待签收申请', '我发起的票据申请'])
      expect(await screen.findByRole('menuitem', { name })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: '持有票据' }));

    await waitFor(() => expect(created).toEqual(['bills-held']));
  });

  it('saves a finished file under the name its Content-Disposition gives', async () => {
    tasks = [task({})];
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    renderDrawer();

    const row = (await screen.findByText('已完成')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /下载/ }));

    await waitFor(() => expect(saved).toEqual(['业务操作记录_20260601090000.xlsx']));
  });
});

import { delay, http as mock, HttpResponse } from 'msw';
import { listenFailingUnhandled } from '@/testing/signed-in-landing';
import { setupServer } from 'msw/node';
import type { NoticeItem } from '@contract/notice-schemas';
import { createAppStore } from '@/lib/store';
import { createNoticeReload, selectNoticeFeed } from './notice-feed';

const item = (id: string, type: NoticeItem['type']): NoticeItem => ({
  id,
  type,
  status: 0,
  title: id,
  content: '',
  createdAt: '2026-06-01T00:00:00.000Z',
});

/** The header's page the server answers next: items and a total, a delay, or a failure. */
type Answer = { items: NoticeItem[]; total?: number; delayMs?: number } | 'fail';
let answers: Answer[] = [];
let requests = 0;
const server = setupServer(
  mock.post('*/api/plat-message/page', async () => {
    requests += 1;
    const answer = answers.shift() ?? { items: [] };
    if (answer === 'fail') return HttpResponse.json({ code: 500, msg: '服务异常' }, { status: 500 });
    if (answer.delayMs) await delay(answer.delayMs);
    return HttpResponse.json({
      code: 200,
      msg: '操作成功',
      data: {
        content: answer.items,
        totalElements: answer.total ?? answer.items.length,
        totalPages: 1,
        size: 5,
        number: 0,
      },
    });
  }),
);

listenFailingUnhandled(server);
beforeEach(() => {
  answers = [];
  requests = 0;
});
afterAll(() => server.close());

const announcementIds = (store: ReturnType<typeof createAppStore>) =>
  selectNoticeFeed(store.getState()).announcement.map((n) => n.id);

describe('the header notice feed', () => {
  // The 200 ms timing itself is the throttle's, tested on fake timers in throttle.test.ts; here, that ten
  // rapid asks reach the server as the throttle's two loads, however slowly the machine runs them.
  it('folds ten rapid asks into two loads: one at once and one when the 200 ms have passed', async () => {
    const store = createAppStore();
    const reload = createNoticeReload(store.dispatch, 200);

    for (let i = 0; i < 10; i += 1) reload();
    await vi.waitFor(() => expect(requests).toBe(2), { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(requests).toBe(2);
    reload.cancel();
  });

  it('is empty until the first answer, then the split page: pending to-dos, announcements, the unread total', async () => {
    answers = [{ items: [item('t1', 2), item('a1', 3)], total: 12 }];
    const store = createAppStore();
    expect(selectNoticeFeed(store.getState())).toEqual({ notice: [], todo: [], announcement: [], total: 0 });

    createNoticeReload(store.dispatch)();
    await vi.waitFor(() => expect(selectNoticeFeed(store.getState()).total).toBe(12));
    const feed = selectNoticeFeed(store.getState());
    expect(feed.notice.map((n) => n.id)).toEqual(['t1']);
    expect(feed.todo).toEqual([]);
    expect(feed.announcement.map((n) => n.id)).toEqual(['a1']);
  });

  it('keeps what it showed when a reload fails', async () => {
    answers = [{ items: [item('a1', 3)] }, 'fail'];
    const store = createAppStore();
    const reload = createNoticeReload(store.dispatch, 0);

    reload();
    await vi.waitFor(() => expect(announcementIds(store)).toEqual(['a1']));
    reload();
    await vi.waitFor(() => expect(requests).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(announcementIds(store)).toEqual(['a1']);
  });

  it('asks again once a slow load ends, so a change it may have missed is not lost', async () => {
    answers = [{ items: [item('old', 3)], delayMs: 300 }, { items: [item('new', 3)] }];
    const store = createAppStore();
    const reload = createNoticeReload(store.dispatch, 0);

    reload();
    await vi.waitFor(() => expect(requests).toBe(1));
    reload();
    await vi.waitFor(() => expect(announcementIds(store)).toEqual(['new']));
    expect(requests).toBe(2);
  });

  it('asks nothing more once cancelled', async () => {
    answers = [{ items: [item('a1', 3)], delayMs: 200 }];
    const store = createAppStore();
    const reload = createNoticeReload(store.dispatch, 0);

    reload();
    await vi.waitFor(() => expect(requests).toBe(1));
    reload();
    reload.cancel();
    await vi.waitFor(() => expect(announcementIds(store)).toEqual(['a1']));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(requests).toBe(1);
  });
});

import type { Page } from '@contract/envelope';
import type { NoticeItem } from '@contract/notice';
import { createNoticeFeed } from './notice-feed';
import type { NoticeFeed } from './split-notices';

const page = (content: NoticeItem[], totalElements = content.length): Page<NoticeItem> => ({
  content,
  totalElements,
  totalPages: 1,
  size: 5,
  number: 0,
});

const item = (id: string, type: NoticeItem['type']): NoticeItem => ({
  id,
  type,
  status: 0,
  title: id,
  content: '',
  createdAt: '2026-06-01T00:00:00.000Z',
});

describe('the header notice feed', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fetches at most once per 200 ms however often it is asked', async () => {
    const fetchPage = vi.fn(async () => page([]));
    const feed = createNoticeFeed({ publish: () => undefined, fetchPage });

    for (let i = 0; i < 10; i += 1) feed.refresh();
    expect(fetchPage).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(199);
    expect(fetchPage).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchPage).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchPage).toHaveBeenCalledTimes(2);
    feed.dispose();
  });

  it('publishes the split page: pending to-dos, announcements, the unread total', async () => {
    const published: NoticeFeed[] = [];
    const feed = createNoticeFeed({
      publish: (value) => published.push(value),
      fetchPage: async () => page([item('t1', 2), item('a1', 3)], 12),
    });
    feed.refresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(published).toEqual([
      expect.objectContaining({ total: 12, todo: [], notice: [expect.objectContaining({ id: 't1' })] }),
    ]);
    expect(published[0]?.announcement.map((n) => n.id)).toEqual(['a1']);
    feed.dispose();
  });

  it('keeps what it showed when a fetch fails, and drops an answer older than the latest', async () => {
    const published: NoticeFeed[] = [];
    let resolveFirst: (value: Page<NoticeItem>) => void = () => undefined;
    const answers: Array<() => Promise<Page<NoticeItem>>> = [
      () =>
        new Promise<Page<NoticeItem>>((resolve) => {
          resolveFirst = resolve;
        }),
      async () => page([item('new', 3)]),
      async () => {
        throw new Error('offline');
      },
    ];
    const feed = createNoticeFeed({
      publish: (value) => published.push(value),
      fetchPage: () => answers.shift()!(),
    });

    feed.refresh();
    await vi.advanceTimersByTimeAsync(250);
    feed.refresh();
    resolveFirst(page([item('old', 3)]));
    await vi.advanceTimersByTimeAsync(250);
    expect(published.map((feedValue) => feedValue.announcement[0]?.id)).toEqual(['new']);

    feed.refresh();
    await vi.advanceTimersByTimeAsync(250);
    expect(published).toHaveLength(1);
    feed.dispose();
  });
});

import type { NoticeItem } from '@contract/notice-schemas';
import { splitNotices } from './split-notices';

/** `type` and `status` as numbers: the feed must also cope with values the contract does not know. */
const notice = (id: string, type: number, status: number) =>
  ({ id, type, status, title: id, content: '', createdAt: '2026-06-01T00:00:00.000Z' }) as NoticeItem;

describe('notice splitting (spec section 4)', () => {
  it('puts unread to-do notices (type 2, status 0) into the pending list and announcements (type 3) apart', () => {
    const feed = splitNotices(
      [
        notice('todo-unread', 2, 0),
        notice('todo-read', 2, 1),
        notice('news', 3, 0),
        notice('old-news', 3, 1),
      ],
      7,
    );
    expect(feed.notice.map((n) => n.id)).toEqual(['todo-unread']);
    expect(feed.announcement.map((n) => n.id)).toEqual(['news', 'old-news']);
    expect(feed.total).toBe(7);
  });

  it('always leaves the to-do list empty', () => {
    expect(splitNotices([notice('a', 2, 0), notice('b', 3, 0)], 2).todo).toEqual([]);
  });

  it('ignores types it does not know and reads a missing page as empty', () => {
    expect(splitNotices([notice('x', 9, 0)], 1)).toEqual({
      notice: [],
      todo: [],
      announcement: [],
      total: 1,
    });
    expect(splitNotices(null, 0)).toEqual({ notice: [], todo: [], announcement: [], total: 0 });
  });
});

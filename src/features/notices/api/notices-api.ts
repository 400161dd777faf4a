import { pathOf } from '@contract/paths';
import { NOTICE_PAGE } from '@contract/constants';
import type { Page } from '@contract/envelope-schemas';
import { NOTICE_STATUS, NOTICE_TYPE, NOTICE_URL } from '@contract/notice';
import type { NoticeItem } from '@contract/notice-schemas';
import { api } from '@/lib/api';

export interface NoticePageArgs {
  page: number;
  size: number;
}

export const noticeApi = api.enhanceEndpoints({ addTagTypes: ['Notice'] }).injectEndpoints({
  endpoints: (build) => ({
    /**
     * The header's feed: page 0, size 5, unread only (spec section 7). Untagged: the shell reloads it, at
     * most once per 200 ms, rather than with every change of the dashboard's lists.
     */
    unreadNotices: build.query<Page<NoticeItem>, void>({
      query: () => ({
        url: NOTICE_URL.page,
        method: 'POST',
        params: { page: NOTICE_PAGE.page, size: NOTICE_PAGE.size },
        data: { status: NOTICE_PAGE.status },
        silent: true,
      }),
    }),
    /** The dashboard's 待办事项: every to-do of the member, read or not. */
    todoPage: build.query<Page<NoticeItem>, NoticePageArgs>({
      query: ({ page, size }) => ({
        url: NOTICE_URL.todoPage,
        method: 'POST',
        params: { page, size },
        data: {},
        silent: true,
      }),
      providesTags: ['Notice'],
    }),
    /** The dashboard's 平台公告: announcements, read or not. */
    announcementPage: build.query<Page<NoticeItem>, NoticePageArgs>({
      query: ({ page, size }) => ({
        url: NOTICE_URL.page,
        method: 'POST',
        params: { page, size },
        data: { type: NOTICE_TYPE.announcement },
        silent: true,
      }),
      providesTags: ['Notice'],
    }),
    /** The screens reload what they show themselves once it succeeded (the header's feed, the lists). */
    markNoticeRead: build.mutation<unknown, string>({
      query: (id) => ({
        url: pathOf(NOTICE_URL.markRead, { id }),
        method: 'PUT',
        params: { status: NOTICE_STATUS.read },
      }),
    }),
    markAllNoticesRead: build.mutation<unknown, void>({
      query: () => ({ url: NOTICE_URL.markAllRead, method: 'PUT' }),
    }),
  }),
});

export const {
  useUnreadNoticesQuery,
  useTodoPageQuery,
  useAnnouncementPageQuery,
  useMarkNoticeReadMutation,
  useMarkAllNoticesReadMutation,
} = noticeApi;
/** Marks the dashboard's lists stale after a notice changed. */
export const invalidateNoticeLists = () => noticeApi.util.invalidateTags(['Notice']);

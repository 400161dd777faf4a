import { NOTICE_PAGE } from '@contract/constants';
import type { Page } from '@contract/envelope';
import { NOTICE_STATUS, NOTICE_TYPE, type NoticeItem } from '@contract/notice';
import { api } from '@/lib/api';
import { request } from '@/lib/http';

/** The notice calls of spec section 7. */
export const NOTICE_URL = {
  page: '/api/plat-message/page',
  todoPage: '/api/plat-message/todo/page',
  markRead: (id: string) => `/api/plat-message/${encodeURIComponent(id)}`,
  markAllRead: '/api/plat-message/notice/all/read',
} as const;

/** The header's fetch: page 0, size 5, unread only (spec section 7). */
export function fetchUnreadNotices(): Promise<Page<NoticeItem>> {
  return request<Page<NoticeItem>>({
    url: NOTICE_URL.page,
    method: 'POST',
    params: { page: NOTICE_PAGE.page, size: NOTICE_PAGE.size },
    data: { status: NOTICE_PAGE.status },
    silent: true,
  });
}

export function markNoticeRead(id: string): Promise<unknown> {
  return request<unknown>({
    url: NOTICE_URL.markRead(id),
    method: 'PUT',
    params: { status: NOTICE_STATUS.read },
  });
}

export function markAllNoticesRead(): Promise<unknown> {
  return request<unknown>({ url: NOTICE_URL.markAllRead, method: 'PUT' });
}

export interface NoticePageArgs {
  page: number;
  size: number;
}

const noticeApi = api.enhanceEndpoints({ addTagTypes: ['Notice'] }).injectEndpoints({
  endpoints: (build) => ({
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
  }),
});

export const { useTodoPageQuery, useAnnouncementPageQuery } = noticeApi;
/** Marks the dashboard's lists stale after a notice changed. */
export const invalidateNoticeLists = () => noticeApi.util.invalidateTags(['Notice']);

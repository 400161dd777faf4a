/** The header's notices and the dashboard's notice panels. */
export const noticeMessages = {
  bell: '消息通知',
  bellWithCount: '消息通知，{count} 条未读',
  pendingTab: '待办通知',
  announcementTab: '公告',
  markRead: '标为已读',
  markAllRead: '全部已读',
  markedAllRead: '已全部标为已读',
  emptyPending: '暂无待办通知',
  emptyAnnouncement: '暂无公告',
  unreadTotal: '共 {count} 条未读',
  failed: '操作失败，请稍后重试',
  todoPanel: '待办事项',
  announcementPanel: '平台公告',
  read: '已读',
  unread: '未读',
  follow: '去处理',
} as const;

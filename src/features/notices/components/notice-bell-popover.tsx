import { useState } from 'react';
import { BellOutlined } from '@ant-design/icons';
import App from 'antd/es/app';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Popover from 'antd/es/popover';
import Tabs from 'antd/es/tabs';
import { format } from '@/locales/format';
import { noticeMessages } from '@/locales/zh-CN/notices';
import { formatDateTime } from '@/utils/date-time';
import { ToolCaption } from '@/components/plain-controls/tool-button';
import { useMarkAllNoticesReadMutation, useMarkNoticeReadMutation } from '@/features/notices/api/notices-api';
import type { NoticeItem } from '@contract/notice-schemas';
import type { NoticeFeed } from '@/features/notices/model/split-notices';
import { NoticeLink } from './notice-link';
import styles from './notices.module.css';

const text = noticeMessages;

export interface NoticeBellProps {
  feed: NoticeFeed;
  /** A notice changed here: reload the counts (and any list showing notices). */
  onChanged: () => void;
}

export interface NoticeBellPopoverProps extends NoticeBellProps {
  /** Mounted by the first click on the frame's bell (notice-bell.tsx): opens at once, focus on the bell. */
  initialOpen?: boolean;
}

function NoticeList({
  items,
  empty,
  busyId,
  onRead,
  onFollow,
}: {
  items: NoticeItem[];
  empty: string;
  busyId: string | null;
  onRead: (item: NoticeItem) => void;
  /** A notice's link was followed: the popover closes. */
  onFollow: () => void;
}) {
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return (
    <ul className={styles.list}>
      {items.map((item) => (
        <li key={item.id} className={styles.item}>
          <div className={styles.itemHead}>
            <span className={styles.title}>{item.title}</span>
            <Button
              size="small"
              type="link"
              loading={busyId === item.id}
              onClick={() => onRead(item)}
              aria-label={`${text.markRead}：${item.title ?? ''}`}
            >
              {text.markRead}
            </Button>
          </div>
          {item.content && <p className={styles.content}>{item.content}</p>}
          <NoticeLink item={item} onFollow={onFollow} />
          <time className={styles.time} dateTime={item.createdAt}>
            {formatDateTime(item.createdAt)}
          </time>
        </li>
      ))}
    </ul>
  );
}

/**
 * The header's notices (spec section 2): the unread total on the bell, and a popover with the pending
 * to-do notices and the announcements, each to mark read, plus 全部已读.
 */
export function NoticeBellPopover({ feed, onChanged, initialOpen = false }: NoticeBellPopoverProps) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(initialOpen);
  const [markNoticeRead, marking] = useMarkNoticeReadMutation();
  const [markAllNoticesRead, markingAll] = useMarkAllNoticesReadMutation();
  const busyId = marking.isLoading ? (marking.originalArgs ?? null) : null;

  const markRead = async (item: NoticeItem) => {
    try {
      await markNoticeRead(item.id).unwrap();
    } catch {
      void message.error(text.failed);
      return;
    }
    onChanged();
  };

  const markAll = async () => {
    try {
      await markAllNoticesRead().unwrap();
    } catch {
      void message.error(text.failed);
      return;
    }
    void message.success(text.markedAllRead);
    onChanged();
  };

  const tabs = [
    { key: 'pending', label: text.pendingTab, items: feed.notice, empty: text.emptyPending },
    {
      key: 'announcement',
      label: text.announcementTab,
      items: feed.announcement,
      empty: text.emptyAnnouncement,
    },
  ].map(({ key, label, items, empty }) => ({
    key,
    label: `${label}${items.length ? ` (${items.length})` : ''}`,
    children: (
      <NoticeList
        items={items}
        empty={empty}
        busyId={busyId}
        onRead={markRead}
        onFollow={() => setOpen(false)}
      />
    ),
  }));

  const content = (
    <div className={styles.popover}>
      <Tabs size="small" items={tabs} />
      <div className={styles.footer}>
        <span>{format(text.unreadTotal, { count: feed.total })}</span>
        <Button size="small" onClick={markAll} loading={markingAll.isLoading} disabled={feed.total === 0}>
          {text.markAllRead}
        </Button>
      </div>
    </div>
  );

  return (
    <Popover
      content={content}
      title={text.bell}
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      placement="bottomRight"
    >
      <Button
        type="text"
        aria-label={feed.total > 0 ? format(text.bellWithCount, { count: feed.total }) : text.bell}
        data-tour="notices"
        autoFocus={initialOpen}
      >
        <Badge count={feed.total} size="small" overflowCount={99}>
          <BellOutlined aria-hidden style={{ fontSize: 18 }} />
        </Badge>
        <ToolCaption>{text.bell}</ToolCaption>
      </Button>
    </Popover>
  );
}

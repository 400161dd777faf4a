import App from 'antd/es/app';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import type { Page } from '@contract/envelope-schemas';
import { NOTICE_STATUS } from '@contract/notice';
import type { NoticeItem } from '@contract/notice-schemas';
import { noticeMessages } from '@/locales/zh-CN/notices';
import { formatDateTime } from '@/utils/date-time';
import {
  useAnnouncementPageQuery,
  useMarkNoticeReadMutation,
  useTodoPageQuery,
} from '@/features/notices/api/notices-api';
import { NoticeLink } from './notice-link';
import styles from './notices.module.css';

const text = noticeMessages;
const PANEL_PAGE = { page: 0, size: 5 } as const;

interface PanelProps {
  /** A notice was marked read here: reload the header's counts. */
  onChanged: () => void;
}

function NoticeCard({
  title,
  empty,
  result,
  onChanged,
}: {
  title: string;
  empty: string;
  result: { data?: Page<NoticeItem>; isLoading: boolean; isError: boolean; refetch: () => unknown };
  onChanged: () => void;
}) {
  const { message } = App.useApp();
  const [markNoticeRead, marking] = useMarkNoticeReadMutation();
  const busyId = marking.isLoading ? (marking.originalArgs ?? null) : null;
  const items = result.data?.content ?? [];

  const read = async (id: string) => {
    try {
      await markNoticeRead(id).unwrap();
    } catch {
      void message.error(text.failed);
      return;
    }
    onChanged();
    void result.refetch();
  };

  return (
    <Card title={title} size="small" style={{ height: '100%' }}>
      {result.isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
      ) : (
        <ul className={styles.list} style={{ maxHeight: 'none' }}>
          {items.map((item) => {
            const unread = item.status === NOTICE_STATUS.unread;
            return (
              <li key={item.id} className={styles.item}>
                <div className={styles.itemHead}>
                  <span className={styles.title}>
                    <Badge status={unread ? 'processing' : 'default'} text={item.title} />
                  </span>
                  {unread ? (
                    <Button
                      size="small"
                      type="link"
                      loading={busyId === item.id}
                      onClick={() => void read(item.id)}
                    >
                      {text.markRead}
                    </Button>
                  ) : (
                    <span className={styles.time}>{text.read}</span>
                  )}
                </div>
                {item.content && <p className={styles.content}>{item.content}</p>}
                <NoticeLink item={item} />
                <time className={styles.time} dateTime={item.createdAt}>
                  {formatDateTime(item.createdAt)}
                </time>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

/** 待办事项 of the dashboard: the member's to-do notices (`POST /api/plat-message/todo/page`). */
export function TodoPanel({ onChanged }: PanelProps) {
  const result = useTodoPageQuery(PANEL_PAGE);
  return (
    <NoticeCard title={text.todoPanel} empty={text.emptyPending} result={result} onChanged={onChanged} />
  );
}

/** 平台公告 of the dashboard. */
export function AnnouncementPanel({ onChanged }: PanelProps) {
  const result = useAnnouncementPageQuery(PANEL_PAGE);
  return (
    <NoticeCard
      title={text.announcementPanel}
      empty={text.emptyAnnouncement}
      result={result}
      onChanged={onChanged}
    />
  );
}

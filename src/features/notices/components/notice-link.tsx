import { Link } from 'react-router';
import type { NoticeItem } from '@contract/notice-schemas';
import { noticeMessages } from '@/locales/zh-CN/notices';
import styles from './notices.module.css';

/** A path inside this app (`/…`, never `//host` or a scheme): the only kind of link a notice may carry. */
export const isAppPath = (link: string): boolean => link.startsWith('/') && !link.startsWith('//');

/** 去处理: where a to-do notice leads (e.g. the 待签收 workbench on its bill); nothing for one that only informs. */
export function NoticeLink({ item, onFollow }: { item: NoticeItem; onFollow?: () => void }) {
  if (!item.link || !isAppPath(item.link)) return null;
  return (
    <Link
      to={item.link}
      className={styles.link}
      onClick={onFollow}
      aria-label={`${noticeMessages.follow}：${item.title}`}
    >
      {noticeMessages.follow}
    </Link>
  );
}

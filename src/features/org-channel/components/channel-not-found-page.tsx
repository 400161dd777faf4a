import { orgChannelMessages } from '@/locales/zh-CN/org-channel';
import styles from './org-channel.module.css';

const text = orgChannelMessages;

/** The 404 page of a platform whose default channel configuration cannot be loaded (spec section 2). */
export function ChannelNotFoundPage() {
  return (
    <main className={styles.notFound} role="alert">
      <p className={styles.code}>{text.notFoundCode}</p>
      <h1 className={styles.title}>{text.notFoundTitle}</h1>
      <p className={styles.hint}>{text.notFoundHint}</p>
      <button type="button" className={styles.retry} onClick={() => window.location.reload()}>
        {text.retry}
      </button>
    </main>
  );
}

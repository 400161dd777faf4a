import type { ReactNode } from 'react';
import styles from './card-title.module.css';

/**
 * A card's title as the page's section heading: antd draws card titles as plain text, so screen readers
 * could not jump between a page's sections, nor journeys find a page by its heading.
 */
export function CardTitle({ children }: { children: ReactNode }) {
  return <h2 className={styles.title}>{children}</h2>;
}

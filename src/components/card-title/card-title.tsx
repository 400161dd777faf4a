import type { ReactNode } from 'react';
import styles from './card-title.module.css';

/**
 * A card's title as the page's section heading: antd draws card titles as plain text, so screen readers
 * could not jump between a page's sections, nor journeys find a page by its heading. The card that names
 * its page (its first) is level 1, the page's one h1; the others are its sections.
 */
export function CardTitle({ level = 2, children }: { level?: 1 | 2; children: ReactNode }) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return <Heading className={styles.title}>{children}</Heading>;
}

/** The heading that names a page drawn without a card around its top (企业中心, 电子合同): its one h1. */
export function PageTitle({ children }: { children: ReactNode }) {
  return <h1 className={styles.pageTitle}>{children}</h1>;
}

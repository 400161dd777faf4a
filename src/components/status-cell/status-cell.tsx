import type { ReactNode } from 'react';
import Tag from 'antd/es/tag';
import styles from './status-cell.module.css';

export interface StatusCellProps {
  /** The status's tag: its colour and its name, from the contract's labels. */
  color: string;
  label: string;
  /** What else the record's state says, as further tags (已付款). */
  children?: ReactNode;
  /** Why the record stands so (a refusal's reason), shown after its label where there is one. */
  reason?: { label: string; text: string | null | undefined };
}

/** A list row's status: its tag, then why it stands so where the other side gave a reason. */
export function StatusCell({ color, label, children, reason }: StatusCellProps) {
  return (
    <>
      <Tag color={color}>{label}</Tag>
      {children}
      {reason?.text && (
        <span className={styles.reason}>
          {reason.label}：{reason.text}
        </span>
      )}
    </>
  );
}

import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { FrameIcon, type FrameIconName } from './frame-icons';
import styles from './tool-button.module.css';

export interface ToolButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  icon: FrameIconName;
  /** A count on the icon, as antd's small Badge (none at 0; 99+ above 99). */
  count?: number;
  /** A red dot on the icon, as antd's Badge `dot`. */
  dot?: boolean;
  /** While the control's antd version loads: the button ignores clicks. */
  busy?: boolean;
  /** Text after the icon. */
  children?: ReactNode;
  /**
   * The control's name beside its icon on a small screen, where the header's tools are rows of a drop-down
   * panel (ToolCaption); on a wide one the icon alone shows, named by the button's aria-label.
   */
  caption?: string;
  iconAfter?: boolean;
}

/**
 * A header control as antd's text Button with a Badge draws it, in plain elements: the signed-in frame
 * paints before antd loads, and the control's own drop-down loads when it is first used.
 */
export function ToolButton({
  icon,
  count = 0,
  dot = false,
  busy = false,
  iconAfter = false,
  caption,
  children,
  onClick,
  ...buttonProps
}: ToolButtonProps) {
  const shownIcon = (
    <span className={styles.icon}>
      <FrameIcon name={icon} />
      {count > 0 && (
        <span className={styles.count} aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
      {dot && <span className={styles.dot} aria-hidden="true" />}
    </span>
  );
  return (
    <button
      type="button"
      {...buttonProps}
      className={styles.button}
      aria-busy={busy || undefined}
      onClick={(event) => {
        if (!busy) onClick?.(event);
      }}
    >
      {!iconAfter && shownIcon}
      {caption && <ToolCaption>{caption}</ToolCaption>}
      {children}
      {iconAfter && shownIcon}
    </button>
  );
}

/** A header control's name shown beside its icon only on a small screen (see ToolButton's `caption`). */
export function ToolCaption({ children }: { children: ReactNode }) {
  return <span className={styles.caption}>{children}</span>;
}

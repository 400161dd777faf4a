import type { ButtonHTMLAttributes } from 'react';
import { PlainIcon } from './plain-icons';
import styles from './plain-controls.module.css';

export interface PlainButtonLook {
  variant?: 'primary' | 'default';
  large?: boolean;
  small?: boolean;
  block?: boolean;
  loading?: boolean;
}

/** antd Button's classes in the app's theme, for a button or a link drawn before antd loads. */
export function plainButtonClass({
  variant = 'default',
  large,
  small,
  block,
  loading,
}: PlainButtonLook = {}): string {
  return [
    styles.button,
    styles[variant],
    large && styles.large,
    small && styles.small,
    block && styles.block,
    loading && styles.loading,
  ]
    .filter(Boolean)
    .join(' ');
}

/** A button drawn like antd's; while loading it shows antd's spinner and ignores clicks. */
export function PlainButton({
  variant,
  large,
  small,
  block,
  loading,
  type = 'button',
  onClick,
  children,
  ...buttonProps
}: PlainButtonLook & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      {...buttonProps}
      type={type}
      className={plainButtonClass({ variant, large, small, block, loading })}
      onClick={(event) => {
        if (loading) event.preventDefault();
        else onClick?.(event);
      }}
    >
      {loading && <PlainIcon name="loading" className={styles.spinner} />}
      <span>{children}</span>
    </button>
  );
}

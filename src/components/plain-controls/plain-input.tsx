import {
  useEffect,
  useRef,
  useState,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { commonMessages } from '@/locales/zh-CN/common';
import { PlainIcon } from './plain-icons';
import styles from './plain-controls.module.css';

type NativeInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'prefix' | 'type'>;

interface PlainFieldProps extends NativeInputProps {
  value: string;
  onValueChange: (value: string) => void;
  /** An icon before the text. */
  prefix?: ReactNode;
  /** Drawn as antd's error state (red border and icons). */
  invalid?: boolean;
}

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/**
 * The frame antd draws around an affixed field: the prefix icon, the field, and its one button at the end.
 * A click on the frame (padding, icons) puts the caret in the field, as antd does.
 */
function AffixFrame({
  input,
  prefix,
  invalid,
  button,
  children,
}: {
  input: RefObject<HTMLInputElement | null>;
  prefix: ReactNode;
  invalid: boolean | undefined;
  button: ReactNode;
  children: ReactNode;
}) {
  const focusField = (event: MouseEvent<HTMLSpanElement>) => {
    const field = input.current;
    if (field && event.target !== field && !(event.target as Element).closest('button')) field.focus();
  };
  return (
    <span className={classes(styles.affix, invalid && styles.error)} onClick={focusField}>
      {prefix && <span className={styles.prefix}>{prefix}</span>}
      {children}
      <span className={styles.suffix}>{button}</span>
    </span>
  );
}

/**
 * A large text field with its clear button, drawn like antd's Input (allowClear) without loading antd. The
 * clear button is out of the Tab order: Tab from a filled field goes on to the next field, not to the
 * clear button (where a password typed by mistake and Enter would clear the field). It stays for the
 * pointer, with a name for screen readers; from the keyboard, Escape clears the field (and no more: a
 * dialog around it stays open), as does selecting and deleting.
 */
export function PlainClearableInput({
  value,
  onValueChange,
  prefix,
  invalid,
  onKeyDown,
  ...inputProps
}: PlainFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const clear = () => {
    onValueChange('');
    input.current?.focus();
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.key !== 'Escape' || event.defaultPrevented || !value) return;
    event.preventDefault();
    event.stopPropagation();
    clear();
  };
  return (
    <AffixFrame
      input={input}
      prefix={prefix}
      invalid={invalid}
      button={
        <button
          type="button"
          tabIndex={-1}
          aria-label={commonMessages.clear}
          className={classes(styles.iconButton, styles.clear, !value && styles.clearHidden)}
          onMouseDown={(event) => event.preventDefault()}
          onClick={clear}
        >
          <PlainIcon name="closeCircle" />
        </button>
      }
    >
      <input
        {...inputProps}
        ref={input}
        type="text"
        className={styles.input}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        onKeyDown={handleKeyDown}
      />
    </AffixFrame>
  );
}

/**
 * A large password field with its show/hide toggle, drawn like antd's Input.Password. The toggle is a
 * button in the Tab order, as antd's is, that keeps the caret in the field when clicked.
 */
export function PlainPasswordInput({
  value,
  onValueChange,
  prefix,
  invalid,
  ...inputProps
}: PlainFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const [visible, setVisible] = useState(false);

  // React writes a controlled field's value into its value attribute too, after the change event; a
  // password has no business in the document's markup (antd removes it the same way).
  useEffect(() => {
    const timer = setTimeout(() => input.current?.removeAttribute('value'));
    return () => clearTimeout(timer);
  });

  return (
    <AffixFrame
      input={input}
      prefix={prefix}
      invalid={invalid}
      button={
        <button
          type="button"
          aria-pressed={visible}
          aria-label={visible ? commonMessages.hidePassword : commonMessages.showPassword}
          className={styles.iconButton}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => setVisible((shown) => !shown)}
        >
          <PlainIcon name={visible ? 'eye' : 'eyeInvisible'} />
        </button>
      }
    >
      <input
        {...inputProps}
        ref={input}
        type={visible ? 'text' : 'password'}
        className={styles.input}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
      />
    </AffixFrame>
  );
}

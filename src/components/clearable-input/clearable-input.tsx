import { useLayoutEffect, useRef, type KeyboardEvent, type Ref } from 'react';
import Input, { type InputProps, type InputRef } from 'antd/es/input/Input';
import { commonMessages } from '@/locales/zh-CN/common';

function clearButtonOf(input: HTMLInputElement | null | undefined): HTMLButtonElement | null {
  return input?.closest('.ant-input-affix-wrapper')?.querySelector('button.ant-input-clear-icon') ?? null;
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * antd's Input with its clear button, kept out of the Tab order: Tab from a filled field goes on to the next
 * field, not to the field's own clear button (where a password typed by mistake and Enter would clear the
 * field). The button stays for the pointer, with a name for screen readers; from the keyboard, Escape
 * clears the field (and no more: a dialog around it stays open), as does selecting and deleting.
 */
export function ClearableInput({
  ref,
  onKeyDown,
  ...props
}: Omit<InputProps, 'allowClear'> & { ref?: Ref<InputRef> }) {
  const inputRef = useRef<InputRef | null>(null);

  // Every render: antd renders the button again when the field's affixes change.
  useLayoutEffect(() => {
    const button = clearButtonOf(inputRef.current?.input);
    if (button && button.tabIndex !== -1) {
      button.tabIndex = -1;
      button.setAttribute('aria-label', commonMessages.clear);
    }
  });

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.key !== 'Escape' || event.defaultPrevented || !event.currentTarget.value) return;
    event.preventDefault();
    event.stopPropagation();
    // The button's own handler clears the value through the field's onChange, as a click would.
    clearButtonOf(event.currentTarget)?.click();
  };

  return (
    <Input
      {...props}
      ref={(instance) => {
        inputRef.current = instance;
        assignRef(ref, instance);
      }}
      allowClear
      onKeyDown={handleKeyDown}
    />
  );
}

import { isValidElement, useMemo, type ReactNode } from 'react';
import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  InfoCircleFilled,
  LoadingOutlined,
} from '@ant-design/icons';
import App from 'antd/es/app';
import AppContext, { type useAppProps } from 'antd/es/app/context';
import type { ArgsProps, JointContent, MessageInstance, TypeOpen } from 'antd/es/message/interface';

type MessageKind = 'info' | 'success' | 'error' | 'warning' | 'loading';

/*
 * A message's icon as antd draws it, hidden from screen readers: antd's own is named in English after its
 * glyph ("check-circle"), read out before the message in its live region; the message says it all.
 */
const MESSAGE_ICONS: Record<MessageKind, ReactNode> = {
  info: <InfoCircleFilled aria-hidden />,
  success: <CheckCircleFilled aria-hidden />,
  error: <CloseCircleFilled aria-hidden />,
  warning: <ExclamationCircleFilled aria-hidden />,
  loading: <LoadingOutlined aria-hidden />,
};

const isArgs = (content: JointContent): content is ArgsProps =>
  typeof content === 'object' && content !== null && !isValidElement(content) && 'content' in content;

function withHiddenIcons(message: MessageInstance): MessageInstance {
  const typed =
    (type: MessageKind): TypeOpen =>
    (content, duration, onClose) => {
      const args = isArgs(content) ? content : { content };
      const [time, closed] = typeof duration === 'function' ? [undefined, duration] : [duration, onClose];
      return message.open({
        ...(time !== undefined && { duration: time }),
        ...(closed && { onClose: closed }),
        ...args,
        type,
        icon: args.icon ?? MESSAGE_ICONS[type],
      });
    };
  return {
    ...message,
    info: typed('info'),
    success: typed('success'),
    error: typed('error'),
    warning: typed('warning'),
    loading: typed('loading'),
  };
}

function HiddenMessageIcons({ children }: { children: ReactNode }) {
  const app = App.useApp();
  const value = useMemo<useAppProps>(() => ({ ...app, message: withHiddenIcons(app.message) }), [app]);
  return <AppContext.Provider value={value}>{children}</AppContext.Provider>;
}

/**
 * antd's App (`App.useApp()`: message, notification, modal) as the app mounts it: its messages' icons are
 * hidden from screen readers (the dialogs' and alerts' are, by the provider's defaults).
 */
export function AntdApp({ children }: { children: ReactNode }) {
  return (
    <App component={false}>
      <HiddenMessageIcons>{children}</HiddenMessageIcons>
    </App>
  );
}

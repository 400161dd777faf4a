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
import type { NotificationInstance } from 'antd/es/notification/interface';

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

type NotificationKind = 'info' | 'success' | 'error' | 'warning';

/**
 * A notification's icon, hidden likewise. antd colours its own by type and leaves a given one alone, so
 * these carry the theme's colour for their type.
 */
const NOTIFICATION_ICONS: Record<NotificationKind, ReactNode> = {
  info: <InfoCircleFilled aria-hidden style={{ color: 'var(--ant-color-info)' }} />,
  success: <CheckCircleFilled aria-hidden style={{ color: 'var(--ant-color-success)' }} />,
  error: <CloseCircleFilled aria-hidden style={{ color: 'var(--ant-color-error)' }} />,
  warning: <ExclamationCircleFilled aria-hidden style={{ color: 'var(--ant-color-warning)' }} />,
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

function withHiddenNotificationIcons(notification: NotificationInstance): NotificationInstance {
  const typed =
    (type: NotificationKind): NotificationInstance['open'] =>
    (args) =>
      notification.open({ ...args, type, icon: args.icon ?? NOTIFICATION_ICONS[type] });
  return {
    ...notification,
    info: typed('info'),
    success: typed('success'),
    error: typed('error'),
    warning: typed('warning'),
  };
}

function HiddenNoticeIcons({ children }: { children: ReactNode }) {
  const app = App.useApp();
  const value = useMemo<useAppProps>(
    () => ({
      ...app,
      message: withHiddenIcons(app.message),
      notification: withHiddenNotificationIcons(app.notification),
    }),
    [app],
  );
  return <AppContext.Provider value={value}>{children}</AppContext.Provider>;
}

/**
 * antd's App (`App.useApp()`: message, notification, modal) as the app mounts it: its messages' and
 * notifications' icons are hidden from screen readers (the dialogs' and alerts' are, by the provider's
 * defaults).
 */
export function AntdApp({ children }: { children: ReactNode }) {
  return (
    <App component={false}>
      <HiddenNoticeIcons>{children}</HiddenNoticeIcons>
    </App>
  );
}

import { useEffect } from 'react';
import App from 'antd/es/app';
import {
  DESKTOP_MESSAGE,
  DESKTOP_UPDATE_CODE,
  restartDesktopApp,
  subscribeDesktopMessages,
} from '@/lib/desktop-bridge';
import { appUpdateMessages } from '@/locales/zh-CN/app-update';

const text = appUpdateMessages.desktop;

/** update-application from the desktop client: code 5 asks to update now and restart, code 4 informs. */
export function DesktopUpdateListener() {
  const { modal, message } = App.useApp();
  useEffect(
    () =>
      subscribeDesktopMessages((event) => {
        if (event.type !== DESKTOP_MESSAGE.updateApplication) return;
        if (event.code === DESKTOP_UPDATE_CODE.ready) {
          modal.confirm({
            title: text.updateTitle,
            content: event.msg || text.updateContent,
            okText: text.updateNow,
            cancelText: text.later,
            onOk: () => restartDesktopApp(),
          });
        } else if (event.code === DESKTOP_UPDATE_CODE.info) {
          void message.info(event.msg || text.upToDate);
        }
      }),
    [modal, message],
  );
  return null;
}

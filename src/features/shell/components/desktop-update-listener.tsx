import { useEffect } from 'react';
import {
  DESKTOP_MESSAGE,
  DESKTOP_UPDATE_CODE,
  restartDesktopApp,
  subscribeDesktopMessages,
} from '@/lib/desktop-bridge';
import { withNotifier } from '@/lib/notify';
import { appUpdateMessages } from '@/locales/zh-CN/app-update';

const text = appUpdateMessages.desktop;

/**
 * update-application from the desktop client: code 5 asks to update now and restart, code 4 informs.
 * Through the mounted App (lib/notify.ts): the frame that listens draws without antd.
 */
export function DesktopUpdateListener() {
  useEffect(
    () =>
      subscribeDesktopMessages((event) => {
        if (event.type !== DESKTOP_MESSAGE.updateApplication) return;
        if (event.code === DESKTOP_UPDATE_CODE.ready) {
          withNotifier(({ modal }) =>
            modal.confirm({
              title: text.updateTitle,
              content: event.msg || text.updateContent,
              okText: text.updateNow,
              cancelText: text.later,
              onOk: () => restartDesktopApp(),
            }),
          );
        } else if (event.code === DESKTOP_UPDATE_CODE.info) {
          withNotifier(({ message }) => void message.info(event.msg || text.upToDate));
        }
      }),
    [],
  );
  return null;
}

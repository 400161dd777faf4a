import { useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { withNotifier } from '@/lib/notify';
import { currentVerification, subscribeVerification, type VerificationTask } from '@/lib/verification-queue';
import { commonMessages } from '@/locales/zh-CN/common';
import { routeMessages } from '@/locales/zh-CN/route';
import { loadChunk } from '@/utils/lazy-chunk';

type DialogComponent = ComponentType<{ task: VerificationTask }>;

// The frame draws without antd: the dialogs bring antd's provider and App with them.
const loadDialogs = () =>
  Promise.all([
    loadChunk(() => import('./verify-dialog')),
    loadChunk(() => import('@/components/antd-provider/antd-provider')),
  ]).then(([{ VerifyDialog }, { AntdAppProvider }]) => {
    function DialogWithAntd({ task }: { task: VerificationTask }) {
      return (
        <AntdAppProvider>
          <VerifyDialog task={task} />
        </AntdAppProvider>
      );
    }
    return DialogWithAntd;
  });

/**
 * Shows the request layer's verification dialogs one at a time (lib/verification-queue.ts). Mounted once
 * by the app provider; the dialogs' code loads when the first refused call needs one.
 */
export function VerifyDialogHost() {
  const task = useSyncExternalStore(subscribeVerification, currentVerification, () => null);
  const [Dialog, setDialog] = useState<DialogComponent | null>(null);

  useEffect(() => {
    if (!task || Dialog) return;
    let active = true;
    loadDialogs().then(
      (module: DialogComponent) => {
        if (active) setDialog(() => module);
      },
      () => {
        // Without its dialog the call cannot be verified: it ends, and the user hears why.
        task.cancel();
        withNotifier(({ notification }) =>
          notification.error({ title: commonMessages.tip, description: routeMessages.chunkLoadError }),
        );
      },
    );
    return () => {
      active = false;
    };
  }, [task, Dialog]);

  return task && Dialog ? <Dialog key={task.id} task={task} /> : null;
}

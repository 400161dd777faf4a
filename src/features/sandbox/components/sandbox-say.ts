import { withNotifier } from '@/lib/notify';

/**
 * The page's messages, through the App the provider mounts on any route (lib/notify.ts): the sandbox is a
 * public route, drawn outside the signed-in app's App.
 */
export const say = {
  success: (content: string) => withNotifier(({ message }) => void message.success(content)),
  warning: (content: string) => withNotifier(({ message }) => void message.warning(content)),
};

// Dates only appear once signed in: dayjs and its zh-cn locale load with the app, not the login screen.
import '@/utils/date-time';
import { SignedInShell } from '../shell/signed-in-shell';

/**
 * The signed-in app: the shell with the signed-in user around the page of the route. The frame draws
 * without antd; each page, dialog and drop-down drawn with antd brings antd's provider and App with it.
 */
export function Component() {
  return <SignedInShell />;
}

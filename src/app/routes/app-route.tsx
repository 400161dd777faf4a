// Dates only appear once signed in: dayjs and its zh-cn locale load with the app, not the login screen.
import '@/utils/date-time';
import { NotifierApp } from '../notifier-app';
import { SignedInShell } from '../shell/signed-in-shell';

/** The signed-in app: antd's App, and the shell with the signed-in user around the page of the route. */
export function Component() {
  return (
    <NotifierApp>
      <SignedInShell />
    </NotifierApp>
  );
}

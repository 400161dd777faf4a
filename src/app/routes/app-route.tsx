import { Outlet } from 'react-router';
// Dates only appear once signed in: dayjs and its zh-cn locale load with the app, not the login screen.
import '@/lib/dayjs';
import { useAppSelector } from '@/lib/store';
import { useLogOut } from '@/features/auth/hooks/use-log-out';
import { selectUserInfo } from '@/features/auth/model/user-slice';
import { ShellHeader, ShellLayout } from '@/features/shell/components/shell-layout';
import { NotifierApp } from '../notifier-app';

/** The signed-in app: antd's App, and the shell with the signed-in user around the page of the route. */
export function Component() {
  return (
    <NotifierApp>
      <SignedInShell />
    </NotifierApp>
  );
}

function SignedInShell() {
  const userInfo = useAppSelector(selectUserInfo);
  const { leaving, leave } = useLogOut();
  return (
    <ShellLayout
      header={
        <ShellHeader
          userName={userInfo?.name}
          orgName={userInfo?.orgName}
          leaving={leaving}
          onLogOut={() => void leave()}
        />
      }
    >
      <Outlet />
    </ShellLayout>
  );
}

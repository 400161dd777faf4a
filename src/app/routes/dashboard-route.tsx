import { useAppSelector } from '@/lib/store';
import { selectUserInfo } from '@/features/auth/model/user-slice';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';

export function Component() {
  const userInfo = useAppSelector(selectUserInfo);
  return <DashboardPage userName={userInfo?.name} orgName={userInfo?.orgName} />;
}

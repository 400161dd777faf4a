import { useAppSelector } from '@/lib/store';
import { selectUserInfo } from '@/features/auth/model/user-slice';
import { JoinCompanyPrompt } from '@/features/apply-records/components/join-company-prompt';
import { OnboardingChecklist } from '@/features/company-center/components/onboarding-checklist';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { SystemStatusCard } from '@/features/dashboard/components/system-status-card';
import { AnnouncementPanel, TodoPanel } from '@/features/notices/components/notice-panels';
import { OrgChannelsPanel } from '@/features/org-channel/components/org-channels-panel';
import {
  selectOperationTime,
  selectSystemStatus,
  selectTodayIsHoliday,
  useHolidayTodayQuery,
  useOperationTimeQuery,
  useSystemStatusQuery,
} from '@/features/shell/api/shell-status-api';
import { useNoticeRefresh } from '../shell/notice-feed-context';

/** 工作台: the dashboard with the shell's status, the notices' panels and the organisation's channels. */
export function Component() {
  const userInfo = useAppSelector(selectUserInfo);
  const statusCode = useAppSelector(selectSystemStatus);
  const todayIsHoliday = useAppSelector(selectTodayIsHoliday);
  const operationTime = useAppSelector(selectOperationTime);
  const status = useSystemStatusQuery();
  const holiday = useHolidayTodayQuery();
  const hours = useOperationTimeQuery();
  const refreshNotices = useNoticeRefresh();

  return (
    <DashboardPage
      userName={userInfo?.name}
      orgName={userInfo?.orgName}
      owner={Boolean(userInfo?.owner)}
      systemStatus={
        <SystemStatusCard
          statusCode={statusCode}
          status={status.data}
          holiday={holiday.data}
          todayIsHoliday={todayIsHoliday}
          operationTime={operationTime}
          loading={status.isLoading || holiday.isLoading || hours.isLoading}
        />
      }
      todoPanel={<TodoPanel onChanged={refreshNotices} />}
      announcementPanel={<AnnouncementPanel onChanged={refreshNotices} />}
      channelsPanel={<OrgChannelsPanel />}
      onboardingPanel={userInfo?.orgId ? <OnboardingChecklist /> : userInfo ? <JoinCompanyPrompt /> : null}
    />
  );
}

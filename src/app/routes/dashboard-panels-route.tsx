import { useAppSelector } from '@/lib/store';
import { selectUserInfo } from '@/features/auth/model/user-slice';
import { DashboardPanels } from '@/features/dashboard/components/dashboard-panels';
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

/**
 * The dashboard below its figures (drawn with antd, loaded by dashboard-route.tsx): the shell's status,
 * the notices' panels and the organisation's channels.
 */
export function DashboardPanelsRoute() {
  const userInfo = useAppSelector(selectUserInfo);
  const statusCode = useAppSelector(selectSystemStatus);
  const todayIsHoliday = useAppSelector(selectTodayIsHoliday);
  const operationTime = useAppSelector(selectOperationTime);
  const status = useSystemStatusQuery();
  const holiday = useHolidayTodayQuery();
  const hours = useOperationTimeQuery();
  const refreshNotices = useNoticeRefresh();

  return (
    <DashboardPanels
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
    />
  );
}

import { Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import type { CompanyItem } from '@contract/auth-schemas';
import { hashHref, paths } from '@/config/paths';
import { DESKTOP_MESSAGE, subscribeDesktopMessages } from '@/lib/desktop-bridge';
import { withNotifier } from '@/lib/notify';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { format } from '@/locales/format';
import { shellMessages } from '@/locales/zh-CN/shell';
import { useNavigateUnlessMoved } from '@/app/shell/use-navigate-unless-moved';
import { loadChannelConfig } from '@/features/auth/api/channel-config';
import { useLogOut } from '@/features/auth/hooks/use-log-out';
import { refreshCompanyList } from '@/features/auth/model/company-list';
import { selectCompanyList, selectUserInfo } from '@/features/auth/model/user-slice';
import type { PermissionMap } from '@/lib/storage';
import { loadChunk } from '@/utils/lazy-chunk';
import { lazyWithAntd } from '@/components/antd-provider/lazy-with-antd';
import { ExportCenterEntry } from '@/features/export-center/components/export-center-entry';
import { useExportTaskEvents } from '@/features/export-center/model/use-export-task-events';
import {
  forgetPendingInvitation,
  readPendingInvitation,
} from '@/features/invitation/model/pending-invitation';
import { NoticeBell } from '@/features/notices/components/notice-bell';
import { selectNoticeFeed } from '@/features/notices/model/notice-feed';
import { useCheckedDefaultChannelQuery } from '@/features/org-channel/api/org-channel-api';
import { ChannelConfigGate } from '@/features/org-channel/components/channel-config-gate';
import { AfterFirstPaint } from '@/components/after-first-paint/after-first-paint';
import { useLoadedFunctionStates, useOrgFunctionsQuery } from '@/components/org-functions/org-functions-api';
import { VerifyDialogHost } from '@/components/verify-dialogs/verify-dialog-host';
import { AccountSecurityLink } from '@/features/account-security/components/account-security-link';
import { AccountMenu } from '@/features/shell/components/account-menu';
import { DesktopUpdateListener } from '@/features/shell/components/desktop-update-listener';
import { ShellHeader, ShellLayout } from '@/features/shell/components/shell-layout';
import { useShellStatus } from '@/features/shell/hooks/use-shell-status';
import {
  exportCenterToggled,
  selectExportCenterOpen,
  selectRedDot,
} from '@/features/shell/model/global-slice';
import { accessDenial, type MenuLeaf } from '@/features/shell/model/route-handle';
import { EXPORT_CENTER_PERMISSION, menuGroups, routeHandles } from '../route-table';
import { RouteErrorBoundary, RouteLoading } from '../route-status';
import { SignedInSession } from '../signed-in-session';
import { NoticeRefreshContext } from './notice-feed-context';
import { switchOrganization } from './switch-organization';
import { useNoticeFeed } from './use-notice-feed';
import { useRealtimeSession } from './use-realtime-session';

const frame = shellMessages;
const NO_PERMISSIONS: PermissionMap = {};

// The frame draws without antd; its drawer and dialogs bring antd (provider and App) when first opened.
const ExportCenterDrawer = lazyWithAntd(
  () =>
    loadChunk(() => import('@/features/export-center/components/export-center-drawer')).then(
      (module) => module.ExportCenterDrawer,
    ),
  { withApp: true },
);
const InvitationLinkModal = lazyWithAntd(
  () =>
    loadChunk(() => import('@/features/invitation/components/invitation-link-modal')).then(
      (module) => module.InvitationLinkModal,
    ),
  { withApp: true },
);
const InviteMemberModal = lazyWithAntd(
  () =>
    loadChunk(() => import('@/features/invitation/components/invite-member-modal')).then(
      (module) => module.InviteMemberModal,
    ),
  { withApp: true },
);

/** True from the first time `open` is: a drawer or dialog mounts when first opened and stays to close. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/**
 * The session's socket and the global state's server data the first screen does not show (loaded while
 * the shell is mounted, read with selectors): they start just after the first screen is drawn.
 */
function BackgroundSession() {
  const dispatch = useAppDispatch();
  useRealtimeSession();
  useShellStatus();
  useCheckedDefaultChannelQuery();
  useOrgFunctionsQuery();
  useEffect(() => {
    dispatch(refreshCompanyList()).catch(() => undefined);
  }, [dispatch]);
  return null;
}

/**
 * The signed-in frame composed from its features: the shell's layout and header, the notices, the export
 * centre, the invitations and the organisation's channel check, with the session's services running
 * (socket, notice feed, SHCPE status, desktop client messages).
 */
export function SignedInShell() {
  const dispatch = useAppDispatch();
  const beginSwitchNavigation = useNavigateUnlessMoved();
  const userInfo = useAppSelector(selectUserInfo);
  const companies = useAppSelector(selectCompanyList);
  const notices = useAppSelector(selectNoticeFeed);
  const redDot = useAppSelector(selectRedDot);
  const exportOpen = useAppSelector(selectExportCenterOpen);
  const { leaving, leave } = useLogOut();
  const [inviteOpen, setInviteOpen] = useState(false);
  // An invitation link followed before signing in is offered once, as the frame first shows.
  const [followedInvitation, setFollowedInvitation] = useState(readPendingInvitation);
  const [joinOpen, setJoinOpen] = useState(followedInvitation !== null);
  const [switching, setSwitching] = useState(false);
  const orgId = userInfo?.orgId || undefined;
  const functionStates = useLoadedFunctionStates();
  const owner = { mobile: userInfo?.mobile, cId: userInfo?.cId };

  useExportTaskEvents(owner, exportOpen);
  const refreshNotices = useNoticeFeed();

  useEffect(forgetPendingInvitation, []);

  // The service worker registers once signed in and the browser is idle: the login screen never loads it.
  useEffect(() => {
    if (import.meta.env.PROD)
      void import('@/lib/service-worker').then((sw) => sw.registerServiceWorkerWhenIdle());
  }, []);

  // The desktop client reports a company joined there: the invitation-link modal opens here.
  useEffect(
    () =>
      subscribeDesktopMessages((event) => {
        if (event.type === DESKTOP_MESSAGE.joinCompanySuccess) setJoinOpen(true);
      }),
    [],
  );

  const onMenuAction = useCallback(
    (action: NonNullable<MenuLeaf['action']>) => {
      if (action === 'export-center') dispatch(exportCenterToggled(true));
      else window.open(hashHref(paths.helpCenter), '_blank', 'noopener');
    },
    [dispatch],
  );

  const onSwitch = async (company: CompanyItem) => {
    setSwitching(true);
    const landOnDashboard = beginSwitchNavigation();
    try {
      await dispatch(switchOrganization(company.orgId));
      withNotifier(
        ({ message }) => void message.success(format(frame.switched, { orgName: company.orgName })),
      );
      landOnDashboard(paths.dashboard);
    } catch {
      withNotifier(({ message }) => void message.error(frame.switchFailed));
    } finally {
      setSwitching(false);
    }
  };

  const exportMounted = useOpenedOnce(exportOpen);
  const joinMounted = useOpenedOnce(joinOpen);
  const inviteMounted = useOpenedOnce(inviteOpen);
  const canExport = accessDenial({ permission: EXPORT_CENTER_PERMISSION }, userInfo) === null;

  return (
    <ChannelConfigGate load={loadChannelConfig}>
      <NoticeRefreshContext.Provider value={refreshNotices}>
        <ShellLayout
          menu={menuGroups}
          functionStates={functionStates}
          routeHandles={routeHandles}
          userInfo={userInfo}
          onMenuAction={onMenuAction}
          header={
            <ShellHeader
              userName={userInfo?.name}
              leaving={leaving}
              onLogOut={() => void leave()}
              tools={
                <>
                  <NoticeBell feed={notices} onChanged={refreshNotices} />
                  {canExport && (
                    <ExportCenterEntry
                      redDot={redDot.exportTask}
                      onOpen={() => dispatch(exportCenterToggled(true))}
                    />
                  )}
                  <AccountSecurityLink />
                </>
              }
              account={
                <AccountMenu
                  companies={companies}
                  currentOrgId={orgId}
                  orgName={userInfo?.orgName}
                  owner={Boolean(userInfo?.owner)}
                  switching={switching}
                  onSwitch={(company) => void onSwitch(company)}
                  onInvite={() => setInviteOpen(true)}
                  onJoinByLink={() => setJoinOpen(true)}
                />
              }
            />
          }
          overlays={
            <>
              <AfterFirstPaint>
                <BackgroundSession />
              </AfterFirstPaint>
              <VerifyDialogHost />
              <SignedInSession />
              <Suspense fallback={null}>
                {exportMounted && (
                  <ExportCenterDrawer
                    open={exportOpen}
                    onClose={() => dispatch(exportCenterToggled(false))}
                    owner={owner}
                    permissions={userInfo?.permissions ?? NO_PERMISSIONS}
                  />
                )}
                {joinMounted && (
                  <InvitationLinkModal
                    open={joinOpen}
                    initialRef={followedInvitation}
                    onClose={() => {
                      setJoinOpen(false);
                      setFollowedInvitation(null);
                    }}
                    onJoined={async () => {
                      await dispatch(refreshCompanyList()).catch(() => undefined);
                    }}
                  />
                )}
                {userInfo?.owner && inviteMounted && (
                  <InviteMemberModal open={inviteOpen} onClose={() => setInviteOpen(false)} />
                )}
              </Suspense>
              <DesktopUpdateListener />
            </>
          }
        >
          {/* A page that fails is shown failed inside the frame, which stays usable. */}
          <RouteErrorBoundary>
            <Suspense fallback={<RouteLoading />}>
              {/* A new organisation remounts the page, so nothing of the previous one stays on screen. */}
              <Outlet key={orgId ?? 'none'} />
            </Suspense>
          </RouteErrorBoundary>
        </ShellLayout>
      </NoticeRefreshContext.Provider>
    </ChannelConfigGate>
  );
}

import {
  createContext,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import type { UserInfo } from '@/lib/storage';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { commonMessages } from '@/locales/zh-CN/common';
import { shellMessages } from '@/locales/zh-CN/shell';
import { guideToggled, selectCollapsed, sidebarCollapsedChanged } from '@/features/shell/model/global-slice';
import { isGuideDismissed } from '@/features/shell/model/guide';
import { accessDenial, type MenuGroup, type MenuLeaf } from '@/features/shell/model/route-handle';
import { contentOffset } from '@/features/shell/model/sidebar';
import { lazyWithAntd } from '@/components/antd-provider/lazy-with-antd';
import { PlainButton } from '@/components/plain-controls/plain-button';
import { FrameIcon } from '@/components/plain-controls/frame-icons';
import type { FunctionState } from '@/components/org-functions/function-state';
import { loadChunk } from '@/utils/lazy-chunk';
import { Breadcrumbs } from './breadcrumbs';
import { GuideCard } from './guide-card';
import { NonPaymentBanner } from './non-payment-banner';
import { useCurrentRouteHandle, type RouteHandleTable } from './route-meta';
import { Sidebar } from './sidebar';
import styles from './shell-layout.module.css';

// Drawn with antd, and rare: antd loads with it, not with the frame.
const ForbiddenPage = lazyWithAntd(() =>
  loadChunk(() => import('./forbidden-page')).then((module) => module.ForbiddenPage),
);

export interface ShellHeaderProps {
  userName: string | undefined;
  /** The organisation and its switching (AccountMenu). */
  account: ReactNode;
  /** Notices, the export centre: the header's tools before the account. */
  tools?: ReactNode;
  leaving: boolean;
  onLogOut: () => void;
}

function BrandMark() {
  return (
    <svg className={styles.brandMark} viewBox="0 0 40 40" aria-hidden="true">
      <rect width="40" height="40" rx="10" fill="#1456c8" />
      <path d="M11 14h18v3H11zM11 19h12v3H11zM11 24h18v3H11z" fill="#fff" />
    </svg>
  );
}

/**
 * On a small screen (under 768 px, shell-layout.module.css) the sidebar is a drawer and the header's tools
 * a drop-down panel, each opened by a button of the header: at most one is open, and either closes on
 * navigation, Escape or a tap beside it. Above that width both buttons are hidden and neither state shows.
 */
export type SmallScreenMenu = 'nav' | 'tools' | null;

interface SmallScreenMenus {
  open: SmallScreenMenu;
  toggle: (menu: Exclude<SmallScreenMenu, null>) => void;
  navId: string;
  toolsId: string;
}

const SmallScreenMenusContext = createContext<SmallScreenMenus>({
  open: null,
  toggle: () => undefined,
  navId: '',
  toolsId: '',
});

/** The signed-in header: platform name, the tools, the organisation, who is signed in, and 退出登录. */
export function ShellHeader({ userName, account, tools, leaving, onLogOut }: ShellHeaderProps) {
  const menus = useContext(SmallScreenMenusContext);
  return (
    <header className={styles.header}>
      <button
        type="button"
        className={styles.menuToggle}
        aria-label={shellMessages.navMenu}
        aria-expanded={menus.open === 'nav'}
        aria-controls={menus.navId || undefined}
        data-tour="menu"
        onClick={() => menus.toggle('nav')}
      >
        <FrameIcon name="menu" />
      </button>
      <div className={styles.brand}>
        <BrandMark />
        <span>{commonMessages.platformName}</span>
      </div>
      <button
        type="button"
        className={styles.menuToggle}
        aria-label={shellMessages.headerMenu}
        aria-expanded={menus.open === 'tools'}
        aria-controls={menus.toolsId || undefined}
        data-tour="notices export account"
        onClick={() => menus.toggle('tools')}
      >
        <FrameIcon name="ellipsis" />
      </button>
      <div className={styles.account} id={menus.toolsId || undefined} data-open={menus.open === 'tools'}>
        {tools}
        {account}
        <span className={styles.who} role="group" aria-label={shellMessages.userMenuLabel}>
          <span className={styles.avatar} aria-hidden="true">
            <FrameIcon name="user" />
          </span>
          <span className={styles.userName}>{userName ?? ''}</span>
        </span>
        <PlainButton loading={leaving} onClick={onLogOut}>
          {!leaving && <FrameIcon name="logout" className={styles.buttonIcon} />}
          {shellMessages.logout}
        </PlainButton>
      </div>
    </header>
  );
}

export interface ShellLayoutProps {
  header: ReactNode;
  menu: MenuGroup[];
  /** What each page needs and is called (src/app/route-table.tsx). */
  routeHandles: RouteHandleTable;
  userInfo: UserInfo | null;
  onMenuAction: (action: NonNullable<MenuLeaf['action']>) => void;
  /** Dialogs and drawers of the shell (export centre, invitations). */
  overlays?: ReactNode;
  /** Where the organisation stands with each function, for the menu. */
  functionStates?: ReadonlyMap<string, FunctionState> | undefined;
  children: ReactNode;
}

/** Which menu group the page on screen belongs to: its own leaf, or the group named first in its trail. */
function activeGroupOf(
  menu: MenuGroup[],
  pathname: string,
  trailHead: string | undefined,
): string | undefined {
  const byLeaf = menu.find((group) => group.items.some((item) => !item.action && item.path === pathname));
  return (byLeaf ?? menu.find((group) => group.title === trailHead))?.key;
}

/**
 * The small screen's drawer and tools panel. A new page closes them, and the window's scroll returns to the
 * top: a page opened from far down another one would otherwise open as far down.
 */
function useSmallScreenMenus(): SmallScreenMenus & { close: () => void } {
  const { pathname, search } = useLocation();
  const here = pathname + search;
  // What was opened and on which page: on another page it shows closed (a link followed from either).
  const [opened, setOpened] = useState<{ menu: SmallScreenMenu; at: string }>({ menu: null, at: here });
  const open = opened.at === here ? opened.menu : null;
  const navId = useId();
  const toolsId = useId();
  const close = useCallback(() => setOpened({ menu: null, at: here }), [here]);
  const toggle = useCallback(
    (menu: Exclude<SmallScreenMenu, null>) =>
      setOpened((current) => ({
        menu: current.at === here && current.menu === menu ? null : menu,
        at: here,
      })),
    [here],
  );

  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  // Opened: the keyboard moves into it, and Escape closes it, back to its button.
  useEffect(() => {
    if (!open) return;
    const controlled = document.getElementById(open === 'nav' ? navId : toolsId);
    controlled?.querySelector<HTMLElement>('button, a[href]')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(controlled?.id ?? '')}"]`)?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, navId, toolsId, close]);

  return useMemo(() => ({ open, toggle, close, navId, toolsId }), [open, toggle, close, navId, toolsId]);
}

/**
 * The authenticated app's frame: header, the two-part sidebar whose `collapsed` value sets the content's
 * offset (SIDEBAR_OFFSETS), the breadcrumb, the first-visit guide (on the dashboard, where a newcomer
 * starts: above every page it would push each page's own content down), the non-payment banner, and the
 * access check of the page's route (permission path and authorized flag).
 */
export function ShellLayout({
  header,
  menu,
  routeHandles,
  userInfo,
  onMenuAction,
  overlays,
  functionStates,
  children,
}: ShellLayoutProps) {
  const dispatch = useAppDispatch();
  const collapsed = useAppSelector(selectCollapsed);
  const { pathname } = useLocation();
  const handle = useCurrentRouteHandle(routeHandles);
  const denial = handle ? accessDenial(handle, userInfo) : null;
  const menus = useSmallScreenMenus();

  // The store starts with the stored answer (global-slice.ts), so the card is part of the first commit;
  // on a later sign-in in the same tab (the sign-out reset it) this sets it before the first paint, so the
  // page below does not move when the guide shows (a layout shift of about 0.12 on a phone, once), and what
  // loads when it comes into view (the dashboard's lower panels) sees the page as it stays.
  useLayoutEffect(() => {
    dispatch(guideToggled(!isGuideDismissed()));
  }, [dispatch]);

  return (
    <div className={styles.layout} data-menu={menus.open ?? undefined}>
      <SmallScreenMenusContext.Provider value={menus}>{header}</SmallScreenMenusContext.Provider>
      <Sidebar
        id={menus.navId}
        groups={menu}
        collapsed={collapsed}
        onCollapsedChange={(value) => dispatch(sidebarCollapsedChanged(value))}
        userInfo={userInfo}
        activeGroupKey={activeGroupOf(menu, pathname, handle?.trail?.[0]?.title)}
        onAction={onMenuAction}
        onLeafChosen={menus.close}
        functionStates={functionStates}
      />
      {/* Beside an open drawer or tools panel (small screens only): a tap here closes it. */}
      <div className={styles.backdrop} aria-hidden="true" onClick={menus.close} />
      <main
        className={styles.content}
        data-collapsed={collapsed}
        style={{ '--content-offset': `${contentOffset(collapsed)}px` } as CSSProperties}
      >
        <NonPaymentBanner />
        <div className={styles.crumbs}>
          <Breadcrumbs handle={handle} />
        </div>
        {pathname === paths.dashboard && <GuideCard />}
        {denial ? (
          <Suspense fallback={null}>
            <ForbiddenPage reason={denial} />
          </Suspense>
        ) : (
          children
        )}
      </main>
      {overlays}
    </div>
  );
}

import { useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { SidebarCollapsed } from '@contract/constants';
import type { UserInfo } from '@/lib/storage';
import { orgFunctionsMessages } from '@/locales/zh-CN/org-functions';
import { shellMessages } from '@/locales/zh-CN/shell';
import type { FunctionState } from '@/components/org-functions/function-state';
import { accessDenial, type MenuGroup, type MenuLeaf } from '@/features/shell/model/route-handle';
import { sidebarShape, withPanel, withRailToggled } from '@/features/shell/model/sidebar';
import { FrameIcon } from '@/components/plain-controls/frame-icons';
import { PlainIcon } from '@/components/plain-controls/plain-icons';
import { MenuIcon } from './menu-icon';
import styles from './shell-layout.module.css';

const text = shellMessages;

export interface SidebarProps {
  id?: string;
  groups: MenuGroup[];
  collapsed: SidebarCollapsed;
  onCollapsedChange: (collapsed: SidebarCollapsed) => void;
  userInfo: UserInfo | null;
  /** The group of the page on screen, whose panel opens by default. */
  activeGroupKey: string | undefined;
  onAction: (action: NonNullable<MenuLeaf['action']>) => void;
  /** A page or an action was chosen: the small screen's drawer closes. */
  onLeafChosen?: () => void;
  /**
   * Where the organisation stands with each function (the server's answer, once loaded): a page of a function
   * not built yet shows 即将上线, one not opened 未开通.
   */
  functionStates?: ReadonlyMap<string, FunctionState> | undefined;
}

/** The badge a menu leaf of a function shows, or none once it is opened. */
export function leafBadge(
  item: Pick<MenuLeaf, 'funcCode'>,
  states: ReadonlyMap<string, FunctionState> | undefined,
): 'comingSoon' | 'notOpened' | null {
  const state = item.funcCode ? states?.get(item.funcCode) : undefined;
  if (!state || state === 'opened') return null;
  return state === 'comingSoon' ? 'comingSoon' : 'notOpened';
}

/** Leaves the user may see: no permission hides an item; an unauthorized organisation greys it. */
export function visibleLeaves(group: MenuGroup, userInfo: UserInfo | null): MenuLeaf[] {
  return group.items.filter((item) => accessDenial({ permission: item.permission }, userInfo) === null);
}

/**
 * The two-part sidebar of spec section 2: a rail of menu groups (wide with names, or narrow with icons)
 * and a panel with the pages of the open group. `collapsed` holds both flags (model/sidebar.ts).
 */
export function Sidebar({
  id,
  groups,
  collapsed,
  onCollapsedChange,
  userInfo,
  activeGroupKey,
  onAction,
  onLeafChosen,
  functionStates,
}: SidebarProps) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { wideRail, panelOpen } = sidebarShape(collapsed);
  const [chosenGroup, setChosenGroup] = useState<string | undefined>(undefined);
  const lockedHintId = useId();
  const badgeHintId = useId();
  const shownGroups = groups
    .map((group) => ({ group, leaves: visibleLeaves(group, userInfo) }))
    .filter(({ leaves }) => leaves.length > 0);
  const withPanels = shownGroups.filter(({ group }) => group.items.length > 1);
  // The panel follows the flag in `collapsed` (the content offset does): some group always fills it.
  const panel =
    withPanels.find(({ group }) => group.key === (chosenGroup ?? activeGroupKey)) ?? withPanels[0];

  const runLeaf = (item: MenuLeaf) => {
    if (item.action) onAction(item.action);
    else navigate({ pathname: item.path, search: item.search });
    onLeafChosen?.();
  };

  const openGroup = (group: MenuGroup, leaves: MenuLeaf[]) => {
    const single = group.items.length === 1 ? leaves[0] : undefined;
    if (single) {
      runLeaf(single);
      if (!single.action) {
        setChosenGroup(group.key);
        onCollapsedChange(withPanel(collapsed, false));
      }
      return;
    }
    const sameOpen = panelOpen && panel?.group.key === group.key;
    setChosenGroup(group.key);
    onCollapsedChange(withPanel(collapsed, !sameOpen));
  };

  return (
    <nav id={id} className={styles.sidebar} aria-label={text.mainMenu} data-tour="menu">
      <div className={styles.rail} data-wide={wideRail}>
        <ul className={styles.railList}>
          {shownGroups.map(({ group, leaves }) => {
            const current = group.key === activeGroupKey;
            return (
              <li key={group.key}>
                <button
                  type="button"
                  className={styles.railButton}
                  data-current={current}
                  aria-current={current ? 'true' : undefined}
                  aria-expanded={
                    group.items.length > 1 ? panelOpen && panel?.group.key === group.key : undefined
                  }
                  aria-label={wideRail ? undefined : group.title}
                  // The narrow rail shows icons only: the browser's tooltip names each.
                  title={wideRail ? undefined : group.title}
                  onClick={() => openGroup(group, leaves)}
                >
                  <MenuIcon name={group.icon} />
                  {wideRail && <span className={styles.railLabel}>{group.title}</span>}
                </button>
              </li>
            );
          })}
        </ul>
        <button
          type="button"
          className={styles.railToggle}
          onClick={() => onCollapsedChange(withRailToggled(collapsed))}
          aria-label={wideRail ? text.narrowRail : text.expandRail}
          title={wideRail ? text.narrowRail : text.expandRail}
        >
          <FrameIcon name={wideRail ? 'menuFold' : 'menuUnfold'} />
        </button>
      </div>
      <span id={lockedHintId} className={styles.srOnly}>
        {text.unauthorizedHint}
      </span>
      <span id={`${badgeHintId}comingSoon`} className={styles.srOnly}>
        {orgFunctionsMessages.comingSoon}
      </span>
      <span id={`${badgeHintId}notOpened`} className={styles.srOnly}>
        {orgFunctionsMessages.notOpened}
      </span>
      {panelOpen && panel && (
        <div className={styles.panel} role="region" aria-label={panel.group.title}>
          <div className={styles.panelHead}>
            <span>{panel.group.title}</span>
            <button
              type="button"
              className={styles.panelClose}
              aria-label={text.closePanel}
              title={text.closePanel}
              onClick={() => onCollapsedChange(withPanel(collapsed, false))}
            >
              <FrameIcon name="close" />
            </button>
          </div>
          <ul className={styles.panelList}>
            {panel.leaves.map((item) => {
              const locked = accessDenial({ requiresAuthorized: item.requiresAuthorized }, userInfo) !== null;
              const current = pathname === item.path && (!item.search || search === item.search);
              if (locked) {
                return (
                  <li key={item.key}>
                    <span
                      className={styles.panelItem}
                      data-locked="true"
                      aria-disabled="true"
                      aria-describedby={lockedHintId}
                      title={text.unauthorizedHint}
                      tabIndex={0}
                    >
                      {item.title}
                      <PlainIcon name="lock" className={styles.lock} />
                    </span>
                  </li>
                );
              }
              const badge = leafBadge(item, functionStates);
              return (
                <li key={item.key}>
                  <a
                    href={`#${item.path}${item.search ?? ''}`}
                    className={styles.panelItem}
                    data-current={current}
                    aria-current={current ? 'page' : undefined}
                    // The page keeps its name; where the function stands is its description.
                    aria-describedby={badge ? `${badgeHintId}${badge}` : undefined}
                    onClick={(event) => {
                      event.preventDefault();
                      runLeaf(item);
                    }}
                  >
                    {item.title}
                    {badge && (
                      <span className={styles.leafBadge} data-badge={badge} aria-hidden="true">
                        {orgFunctionsMessages[badge]}
                      </span>
                    )}
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </nav>
  );
}

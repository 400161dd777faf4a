import { Suspense, useState } from 'react';
import type { CompanyItem } from '@contract/auth-schemas';
import { shellMessages } from '@/locales/zh-CN/shell';
import { loadChunk } from '@/utils/lazy-chunk';
import { lazyAntdPart } from '@/components/antd-provider/lazy-with-antd';
import { ToolButton } from '@/components/plain-controls/tool-button';
import styles from './shell-layout.module.css';

const text = shellMessages;

export interface AccountMenuProps {
  companies: CompanyItem[];
  currentOrgId: string | undefined;
  orgName: string | undefined;
  /** The user owns the current organisation: 邀请成员 shows. */
  owner: boolean;
  switching: boolean;
  onSwitch: (company: CompanyItem) => void;
  onInvite: () => void;
  onJoinByLink: () => void;
}

export const accountName = (orgName: string | undefined) => orgName || text.noOrganization;
export const accountLabel = (shownName: string) =>
  `${text.switchOrganization}（${text.currentOrganization}：${shownName}）`;

const { Part: AccountMenuDropdown, preload } = lazyAntdPart(() =>
  loadChunk(() => import('./account-menu-dropdown')).then((module) => module.AccountMenuDropdown),
);

/**
 * The current organisation in the header. It draws in plain elements, as part of the signed-in frame's
 * first paint; the first click loads the menu (antd's Dropdown, account-menu-dropdown.tsx), which takes
 * its place opened.
 */
export function AccountMenu(props: AccountMenuProps) {
  const [used, setUsed] = useState(false);
  const shownName = accountName(props.orgName);
  const trigger = (
    <ToolButton
      icon="swap"
      iconAfter
      busy={used || props.switching}
      aria-label={accountLabel(shownName)}
      title={text.switchOrganization}
      data-tour="account"
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => setUsed(true)}
    >
      <span className={styles.orgName}>{shownName}</span>
    </ToolButton>
  );
  if (!used) return trigger;
  return (
    <Suspense fallback={trigger}>
      <AccountMenuDropdown {...props} initialOpen />
    </Suspense>
  );
}

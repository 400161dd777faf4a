import type { ReactNode } from 'react';
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Layout from 'antd/es/layout';
import { messages } from '@/locales/zh-CN';
import styles from './shell-layout.module.css';

export interface ShellHeaderProps {
  userName: string | undefined;
  orgName: string | undefined;
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

/** The signed-in header: platform name, who is signed in for which company, and 退出登录. */
export function ShellHeader({ userName, orgName, leaving, onLogOut }: ShellHeaderProps) {
  return (
    <Layout.Header className={styles.header}>
      <div className={styles.brand}>
        <BrandMark />
        <span>{messages.common.platformName}</span>
      </div>
      <div className={styles.account}>
        <Avatar icon={<UserOutlined />} aria-hidden="true" />
        <div className={styles.who} aria-label={messages.shell.userMenuLabel}>
          <span className={styles.userName}>{userName ?? ''}</span>
          <span className={styles.orgName} title={orgName || messages.shell.noOrganization}>
            {orgName || messages.shell.noOrganization}
          </span>
        </div>
        <Button icon={<LogoutOutlined aria-hidden />} loading={leaving} onClick={onLogOut}>
          {messages.shell.logout}
        </Button>
      </div>
    </Layout.Header>
  );
}

export interface ShellLayoutProps {
  header: ReactNode;
  children: ReactNode;
}

/** The authenticated app's frame; the sidebar, notices and export centre join it in later issues. */
export function ShellLayout({ header, children }: ShellLayoutProps) {
  return (
    <Layout className={styles.layout}>
      {header}
      <Layout.Content className={styles.content}>{children}</Layout.Content>
    </Layout>
  );
}

import type { ReactNode } from 'react';
import Tabs from 'antd/es/tabs';
import { useSearchParams } from 'react-router';
import { companyCenterMessages as text } from '@/locales/zh-CN/company-center';
import { PageTitle } from '@/components/card-title/card-title';
import { AgreementsTab } from './agreements-tab';
import { OrgInfoTab } from './org-info-tab';
import { StaffTab } from './staff-tab';
import { ComingSoon } from './tab-slots';
import styles from './company-center.module.css';
import { COMPANY_CENTER_TABS, companyCenterTabOf, type CompanyCenterTab } from '../model/tabs';

/** Tabs whose contents other features bring, composed in src/app (a placeholder until they do). */
export type CompanyCenterSlots = Partial<
  Record<'authorize' | 'applyRecords' | 'bankAccounts' | 'channels', ReactNode>
>;

/**
 * 企业中心 (`/company-center`): one tab per part of the organisation's administration. The open tab is the
 * address's `type`, so a link (the dashboard's checklist, the licence-unbound dialog) opens the right one and
 * a reload keeps it; only the open tab is rendered, so each loads its data when shown.
 */
export function CompanyCenterPage({ slots = {} }: { slots?: CompanyCenterSlots }) {
  const [params, setParams] = useSearchParams();
  const active = companyCenterTabOf(params.get('type'));
  const content: Record<CompanyCenterTab, () => ReactNode> = {
    info: () => <OrgInfoTab />,
    authorize: () => slots.authorize ?? <ComingSoon />,
    staff: () => <StaffTab />,
    applyRecords: () => slots.applyRecords ?? <ComingSoon />,
    agreements: () => <AgreementsTab />,
    bankAccounts: () => slots.bankAccounts ?? <ComingSoon />,
    channels: () => slots.channels ?? <ComingSoon />,
  };
  return (
    <section className={styles.page}>
      <PageTitle>{text.title}</PageTitle>
      <Tabs
        activeKey={active}
        destroyOnHidden
        onChange={(key) => setParams({ type: key })}
        items={COMPANY_CENTER_TABS.map((key) => ({
          key,
          label: text.tabs[key],
          children: content[key](),
        }))}
      />
    </section>
  );
}

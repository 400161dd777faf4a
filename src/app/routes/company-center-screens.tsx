import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { CompanyCenterPage } from '@/features/company-center/components/company-center-page';
import { OrgChannelsPanel } from '@/features/org-channel/components/org-channels-panel';

/**
 * `/company-center`: the tabbed company centre (`?type=authorize` and the others open a tab), composed with
 * the tabs other features bring. The slots still missing show a placeholder: 企业认证与授权 (authorize),
 * 申请记录 (applyRecords) and 银行账户 (bankAccounts) each become one line here when their feature lands.
 */
export function CompanyCenterScreen() {
  return <CompanyCenterPage slots={{ channels: <OrgChannelsPanel /> }} />;
}

/** `/company-center/staff`, the menu's 员工管理: the company centre's 成员管理 tab. */
export function StaffScreen() {
  return <Navigate to={`${paths.companyCenter}?type=staff`} replace />;
}

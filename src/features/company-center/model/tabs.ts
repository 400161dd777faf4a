/*
 * The company centre's tabs without the page that draws them: the route table names the tab shown in the
 * breadcrumb from these, and it is part of the signed-in frame's first screen, which antd's Tabs is not.
 */

/** The tabs, in order, by the `type` query value that opens each (`?type=authorize`, spec section 2). */
export const COMPANY_CENTER_TABS = [
  'info',
  'authorize',
  'staff',
  'applyRecords',
  'agreements',
  'bankAccounts',
  'channels',
] as const;
export type CompanyCenterTab = (typeof COMPANY_CENTER_TABS)[number];

const isTab = (value: string | null): value is CompanyCenterTab =>
  (COMPANY_CENTER_TABS as readonly string[]).includes(value ?? '');

/** The tab an address's `type` opens: 企业信息 unless it names another. */
export const companyCenterTabOf = (type: string | null): CompanyCenterTab => (isTab(type) ? type : 'info');

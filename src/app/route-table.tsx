import { PERMISSION } from '@contract/permissions';
import type { FuncCode } from '@contract/shell';
import { paths } from '@/config/paths';
import { accountLinkMessages } from '@/locales/zh-CN/account-links';
import { areaMessages } from '@/locales/zh-CN/areas';
import { navMessages } from '@/locales/zh-CN/nav';
import { companyCenterMessages } from '@/locales/zh-CN/company-center';
import { companyCenterTabOf, type CompanyCenterTab } from '@/features/company-center/model/tabs';
import type { MenuGroup, MenuLeaf, RouteHandle } from '@/features/shell/model/route-handle';

/**
 * The route table of the signed-in app: every page's path, title, breadcrumb, menu group, permission path
 * and whether it needs an authorized organisation, and the menu built from them. The shell and the
 * business areas' route load it; the login screen's first paint carries only app-routes.tsx, which
 * hands every path this table knows to the area route.
 */

export type PageGroup = 'bill' | 'financing' | 'settlement' | 'company';

/** The pages of the business areas (spec section 1); each key names its title and plan in appMessages. */
export const businessPages = [
  // 票据业务
  {
    key: 'issue',
    path: paths.issue,
    group: 'bill',
    permission: PERMISSION.issue.path,
    funcCode: 'BILL_ISSUE',
  },
  {
    key: 'endorse',
    path: paths.endorse,
    group: 'bill',
    permission: PERMISSION.endorse.path,
    funcCode: 'BILL_ENDORSE',
  },
  { key: 'signWorkbench', path: paths.signWorkbench, group: 'bill' },
  {
    key: 'discount',
    path: paths.discount,
    group: 'bill',
    permission: PERMISSION.discount.path,
    funcCode: 'BILL_DISCOUNT',
  },
  {
    key: 'pledge',
    path: paths.pledge,
    group: 'bill',
    permission: PERMISSION.pledge.path,
    funcCode: 'BILL_PLEDGE',
  },
  { key: 'guarantee', path: paths.guarantee, group: 'bill', permission: PERMISSION.guarantee.path },
  { key: 'recourse', path: paths.recourse, group: 'bill', permission: PERMISSION.recourse.path },
  { key: 'depository', path: paths.depository, group: 'bill' },
  { key: 'freeze', path: paths.freeze, group: 'bill' },
  { key: 'trustTransfer', path: paths.trustTransfer, group: 'bill' },
  {
    key: 'payPrompt',
    path: paths.payPrompt,
    group: 'bill',
    permission: PERMISSION.payPrompt.path,
    funcCode: 'BILL_PAY_PROMPT',
  },
  {
    key: 'payable',
    path: paths.payable,
    group: 'bill',
    permission: PERMISSION.payPrompt.path,
    hiddenFromMenu: true,
    parentKey: 'payPrompt',
  },
  // 融资服务
  {
    key: 'easeDiscount',
    path: paths.easeDiscount,
    group: 'financing',
    permission: PERMISSION.discount.path,
    funcCode: 'EASE_DISCOUNT',
  },
  {
    key: 'pledgeFinancing',
    path: paths.pledgeFinancing,
    group: 'financing',
    permission: PERMISSION.pledgeFinancing.path,
    funcCode: 'PLEDGE_FIN',
  },
  {
    key: 'pledgeFinancingStart',
    path: paths.pledgeFinancingStart,
    group: 'financing',
    permission: PERMISSION.pledgeFinancing.path,
    hiddenFromMenu: true,
    parentKey: 'pledgeFinancing',
  },
  {
    key: 'directFinancingApply',
    path: paths.directFinancingApply,
    group: 'financing',
    funcCode: 'ORDER_FIN',
  },
  { key: 'financingPlan', path: paths.financingPlan, group: 'financing' },
  // 支付结算
  { key: 'invoice', path: paths.invoice, group: 'settlement' },
  { key: 'orderPayment', path: paths.orderPayment, group: 'settlement' },
  { key: 'cashPayment', path: paths.cashPayment, group: 'settlement' },
  // 企业中心: where an organisation gets authorized, so none of it needs the flag.
  {
    key: 'authorize',
    path: paths.companyCenter,
    // The company centre opens on 企业信息; the menu's 企业认证与授权 is its own tab.
    menuSearch: `?type=${'authorize' satisfies CompanyCenterTab}`,
    group: 'company',
    permission: PERMISSION.companyCenter.path,
  },
  {
    key: 'bankAccounts',
    path: paths.bankAccounts,
    group: 'company',
    permission: PERMISSION.bankAccount.path,
  },
  {
    key: 'contractSigning',
    path: paths.contractSigning,
    group: 'company',
    permission: PERMISSION.contractSign.path,
    funcCode: 'E_SIGN',
  },
  { key: 'staff', path: paths.staff, group: 'company', permission: PERMISSION.staff.path },
  // No permission: someone who belongs to no organisation holds none, and this is how they get one.
  { key: 'joinCompany', path: paths.joinCompany, group: 'company', hiddenFromMenu: true },
] as const satisfies ReadonlyArray<{
  key: string;
  path: string;
  group: PageGroup;
  permission?: string;
  /** The organisation's function the page belongs to: the menu shows where it stands (即将上线, 未开通). */
  funcCode?: FuncCode;
  /** Reached from another page or a link only, not from the menu. */
  hiddenFromMenu?: boolean;
  /** The page before this one in the breadcrumb. */
  parentKey?: string;
  /** The query the menu opens the page with. */
  menuSearch?: string;
}>;

export type BusinessPageKey = (typeof businessPages)[number]['key'];

/** Business operations need an authorized organisation; the company centre is where one gets it. */
const needsAuthorized = (group: PageGroup) => group !== 'company';

/** The export centre's permission path, for the header's entry and the menu. */
export const EXPORT_CENTER_PERMISSION = PERMISSION.exportCenter.path;

const nav = navMessages;

const groupTitle: Record<PageGroup, string> = {
  bill: nav.billBusiness,
  financing: nav.financing,
  settlement: nav.settlement,
  company: nav.companyCenter,
};

type BusinessPage = (typeof businessPages)[number];

const pageByKey = new Map<string, BusinessPage>(businessPages.map((page) => [page.key, page]));

/** The name and the plan (what it will do) of a business area's page. */
export function pageText(key: BusinessPageKey): { title: string; plan: string } {
  return { title: nav[key], plan: areaMessages.plans[key] };
}

function handleOf(page: BusinessPage): RouteHandle {
  const parent = 'parentKey' in page ? pageByKey.get(page.parentKey) : undefined;
  return {
    title: nav[page.key],
    trail: [
      { title: groupTitle[page.group] },
      ...(parent ? [{ title: nav[parent.key], path: parent.path }] : []),
    ],
    permission: 'permission' in page ? page.permission : undefined,
    requiresAuthorized: needsAuthorized(page.group),
    ...(page.path === paths.companyCenter
      ? {
          titleOf: (query: URLSearchParams) =>
            companyCenterMessages.tabs[companyCenterTabOf(query.get('type'))],
        }
      : {}),
  };
}

/** Every page of the signed-in app with what the shell needs to know about it, for `matchPath`. */
export const routeHandles: ReadonlyArray<{ path: string; handle: RouteHandle }> = [
  { path: paths.dashboard, handle: { title: nav.dashboard } },
  { path: paths.accountSecurity, handle: { title: accountLinkMessages.accountSecurity } },
  ...businessPages.map((page) => ({ path: page.path, handle: handleOf(page) })),
];

const leaf = (page: BusinessPage): MenuLeaf => ({
  key: page.key,
  title: nav[page.key],
  path: page.path,
  ...('menuSearch' in page ? { search: page.menuSearch } : {}),
  permission: 'permission' in page ? page.permission : undefined,
  requiresAuthorized: needsAuthorized(page.group),
  funcCode: 'funcCode' in page ? page.funcCode : undefined,
});

const groupItems = (group: PageGroup) =>
  businessPages.filter((page) => page.group === group && !('hiddenFromMenu' in page)).map(leaf);

/** The sidebar: 工作台, the business groups, the company centre, the export centre and the help centre. */
export const menuGroups: MenuGroup[] = [
  {
    key: 'dashboard',
    title: nav.dashboard,
    icon: 'dashboard',
    items: [{ key: 'dashboard', title: nav.dashboard, path: paths.dashboard }],
  },
  { key: 'bill', title: groupTitle.bill, icon: 'bill', items: groupItems('bill') },
  { key: 'financing', title: groupTitle.financing, icon: 'financing', items: groupItems('financing') },
  { key: 'settlement', title: groupTitle.settlement, icon: 'settlement', items: groupItems('settlement') },
  { key: 'company', title: groupTitle.company, icon: 'company', items: groupItems('company') },
  {
    key: 'export',
    title: nav.exportCenter,
    icon: 'export',
    items: [
      {
        key: 'exportCenter',
        title: nav.exportCenter,
        path: paths.dashboard,
        permission: EXPORT_CENTER_PERMISSION,
        action: 'export-center',
      },
    ],
  },
  {
    key: 'help',
    title: nav.helpCenter,
    icon: 'help',
    items: [{ key: 'helpCenter', title: nav.helpCenter, path: paths.helpCenter, action: 'help-center' }],
  },
];

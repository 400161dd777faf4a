import type { ReactNode } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import AntApp from 'antd/es/app';
import type { UserInfo } from '@/lib/storage';
import { createAppStore } from '@/lib/store';
import { sidebarCollapsedChanged } from '@/features/shell/model/global-slice';
import type { MenuGroup, RouteHandle } from '@/features/shell/model/route-handle';
import type { FunctionState } from '@/components/org-functions/function-state';
import { ShellHeader, ShellLayout } from './shell-layout';

/** noRemindersList as the spec names it in local storage. */
const setNoReminders = (ids: string[]) => localStorage.setItem('SgThsk_noRemindersList', JSON.stringify(ids));

const menu: MenuGroup[] = [
  {
    key: 'dashboard',
    title: '工作台',
    icon: 'dashboard',
    items: [{ key: 'dashboard', title: '工作台', path: '/chain-bill/dashboard' }],
  },
  {
    key: 'bill',
    title: '票据业务',
    icon: 'bill',
    items: [
      {
        key: 'issue',
        title: '出票',
        path: '/chain-bill/issue',
        permission: '/chain-bill/issue',
        requiresAuthorized: true,
        funcCode: 'BILL_ISSUE',
      },
      {
        key: 'discount',
        title: '贴现',
        path: '/chain-bill/discount',
        requiresAuthorized: true,
        funcCode: 'BILL_DISCOUNT',
      },
      {
        key: 'endorse',
        title: '背书',
        path: '/chain-bill/endorse',
        requiresAuthorized: true,
        funcCode: 'BILL_ENDORSE',
      },
      {
        key: 'pledge',
        title: '质押',
        path: '/chain-bill/pledge',
        permission: '/chain-bill/pledge',
        requiresAuthorized: true,
      },
      { key: 'freeze', title: '冻结/解冻', path: '/chain-bill/freeze', requiresAuthorized: true },
    ],
  },
  {
    key: 'company',
    title: '企业中心',
    icon: 'company',
    items: [
      { key: 'authorize', title: '企业认证与授权', path: '/company-center', search: '?type=authorize' },
      { key: 'accounts', title: '银行账户', path: '/company-center/bank-accounts' },
    ],
  },
];

const routeHandles: Array<{ path: string; handle: RouteHandle }> = [
  { path: '/chain-bill/dashboard', handle: { title: '工作台' } },
  {
    path: '/chain-bill/issue',
    handle: {
      title: '出票',
      trail: [{ title: '票据业务' }],
      permission: '/chain-bill/issue',
      requiresAuthorized: true,
    },
  },
  {
    path: '/chain-bill/pledge',
    handle: {
      title: '质押',
      trail: [{ title: '票据业务' }],
      permission: '/chain-bill/pledge',
      requiresAuthorized: true,
    },
  },
];

const staff: UserInfo = {
  mobile: '13800000002',
  name: '李华',
  orgId: 'ORG001',
  authorized: true,
  permissions: { '/chain-bill/dashboard': true, '/chain-bill/issue': true },
};

function Address() {
  const { pathname, search } = useLocation();
  return <output aria-label="地址">{pathname + search}</output>;
}

function renderShell(
  path: string,
  userInfo: UserInfo = staff,
  {
    header = <div>页头</div>,
    functionStates,
  }: { header?: ReactNode; functionStates?: ReadonlyMap<string, FunctionState> } = {},
) {
  const store = createAppStore();
  const view = render(
    <Provider store={store}>
      <AntApp>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route
              path="*"
              element={
                <ShellLayout
                  header={header}
                  menu={menu}
                  routeHandles={routeHandles}
                  userInfo={userInfo}
                  onMenuAction={() => undefined}
                  functionStates={functionStates}
                >
                  <p>页面内容</p>
                  <Address />
                </ShellLayout>
              }
            />
          </Routes>
        </MemoryRouter>
      </AntApp>
    </Provider>,
  );
  const offset = () => view.getByRole('main').style.getPropertyValue('--content-offset');
  return { store, offset };
}

describe('the shell frame', { timeout: 30_000 }, () => {
  beforeEach(() => setNoReminders(['shell-guide']));

  it.each([
    ['10', '100px'],
    ['11', '250px'],
    ['01', '200px'],
    ['00', '50px'],
  ] as const)('moves the content by the offset of collapsed %s (%s)', (collapsed, px) => {
    const { store, offset } = renderShell('/chain-bill/dashboard');
    act(() => {
      store.dispatch(sidebarCollapsedChanged(collapsed));
    });
    expect(offset()).toBe(px);
  });

  it('narrows the rail and opens a group panel, changing the offset as the spec says', async () => {
    const user = userEvent.setup();
    const { offset } = renderShell('/chain-bill/dashboard');
    expect(offset()).toBe('100px');

    await user.click(screen.getByRole('button', { name: '票据业务' }));
    expect(offset()).toBe('250px');
    const panel = screen.getByRole('region', { name: '票据业务' });

    await user.click(screen.getByRole('button', { name: '收起菜单' }));
    expect(offset()).toBe('200px');
    await user.click(within(panel).getByRole('button', { name: '收起子菜单' }));
    expect(offset()).toBe('50px');
  });

  it("opens a page's part the menu item names (a tab, by its query) and marks that item only", async () => {
    const user = userEvent.setup();
    renderShell('/company-center?type=info');
    await user.click(screen.getByRole('button', { name: '企业中心' }));
    const panel = screen.getByRole('region', { name: '企业中心' });
    const authorize = within(panel).getByRole('link', { name: '企业认证与授权' });
    expect(authorize).toHaveAttribute('href', '#/company-center?type=authorize');
    expect(authorize).not.toHaveAttribute('aria-current');

    await user.click(authorize);
    expect(screen.getByRole('status', { name: '地址' })).toHaveTextContent('/company-center?type=authorize');
    expect(authorize).toHaveAttribute('aria-current', 'page');
  });

  it('marks the pages of functions the organisation cannot use yet, keeping each page’s name', async () => {
    const user = userEvent.setup();
    const states = new Map<string, FunctionState>([
      ['BILL_ISSUE', 'opened'],
      ['BILL_DISCOUNT', 'comingSoon'],
      ['BILL_ENDORSE', 'notOpened'],
    ]);
    renderShell('/chain-bill/dashboard', staff, { functionStates: states });
    await user.click(screen.getByRole('button', { name: '票据业务' }));
    const panel = screen.getByRole('region', { name: '票据业务' });

    const discount = within(panel).getByRole('link', { name: '贴现' });
    expect(discount).toHaveTextContent('即将上线');
    expect(discount).toHaveAccessibleDescription('即将上线');
    const endorse = within(panel).getByRole('link', { name: '背书' });
    expect(endorse).toHaveTextContent('未开通');
    expect(endorse).toHaveAccessibleDescription('未开通');
    const issue = within(panel).getByRole('link', { name: '出票' });
    expect(issue).toHaveTextContent(/^出票$/);
    expect(issue).not.toHaveAccessibleDescription();
  });

  it('hides menu items without permission and locks those of an unauthorized organisation', async () => {
    const user = userEvent.setup();
    renderShell('/chain-bill/dashboard', { ...staff, authorized: false });
    await user.click(screen.getByRole('button', { name: '票据业务' }));
    const panel = screen.getByRole('region', { name: '票据业务' });

    expect(within(panel).queryByText('质押')).not.toBeInTheDocument();
    expect(within(panel).getByText('出票').closest('[aria-disabled]')).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(panel).getByText('冻结/解冻').closest('[aria-disabled]')).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('shows 暂无操作权限，请联系企业管理员 instead of a page the permissions map does not grant', async () => {
    renderShell('/chain-bill/pledge');
    expect(await screen.findByText('暂无操作权限，请联系企业管理员')).toBeInTheDocument();
    expect(screen.queryByText('页面内容')).not.toBeInTheDocument();
  });

  it('shows the same for a page that needs an authorized organisation, with the way to authorize', async () => {
    renderShell('/chain-bill/issue', { ...staff, authorized: false });
    expect(await screen.findByText('暂无操作权限，请联系企业管理员')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '去认证' })).toBeInTheDocument();
  });

  it('shows a granted page with its breadcrumb from the route table', () => {
    renderShell('/chain-bill/issue');
    expect(screen.getByText('页面内容')).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: '当前位置' });
    expect(crumbs).toHaveTextContent('工作台');
    expect(crumbs).toHaveTextContent('票据业务');
    expect(crumbs).toHaveTextContent('出票');
  });

  it('shows the first-visit guide until the user asks not to be reminded', async () => {
    setNoReminders([]);
    const user = userEvent.setup();
    renderShell('/chain-bill/dashboard');

    const guide = screen.getByRole('region', { name: '欢迎使用链票通' });
    await user.click(within(guide).getByRole('button', { name: '不再提示' }));

    expect(screen.queryByRole('region', { name: '欢迎使用链票通' })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('SgThsk_noRemindersList')!)).toEqual(['shell-guide']);
  });

  it('shows the first-visit guide on the dashboard only, not above the other pages', () => {
    setNoReminders([]);
    renderShell('/chain-bill/issue');

    expect(screen.getByText('页面内容')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '欢迎使用链票通' })).not.toBeInTheDocument();
  });

  describe('on a small screen', () => {
    const header = (
      <ShellHeader
        userName="李华"
        account={<button type="button">切换企业</button>}
        tools={<button type="button">消息通知</button>}
        leaving={false}
        onLogOut={() => undefined}
      />
    );
    const layoutMenu = () => screen.getByRole('main').parentElement!.getAttribute('data-menu');

    it('opens the menu as a drawer from the header, and a chosen page closes it', async () => {
      const user = userEvent.setup();
      renderShell('/chain-bill/dashboard', staff, { header });
      const toggle = screen.getByRole('button', { name: '导航菜单' });
      const nav = screen.getByRole('navigation', { name: '主菜单' });
      expect(toggle).toHaveAttribute('aria-controls', nav.id);
      expect(toggle).toHaveAttribute('aria-expanded', 'false');

      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(layoutMenu()).toBe('nav');
      expect(nav).toContainElement(document.activeElement as HTMLElement);

      await user.click(within(nav).getByRole('button', { name: '票据业务' }));
      expect(layoutMenu()).toBe('nav');
      await user.click(
        within(screen.getByRole('region', { name: '票据业务' })).getByRole('link', { name: '出票' }),
      );
      expect(screen.getByRole('navigation', { name: '当前位置' })).toHaveTextContent('出票');
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(layoutMenu()).toBeNull();
    });

    it("puts the header's tools in a panel that Escape closes, back on its button", async () => {
      const user = userEvent.setup();
      renderShell('/chain-bill/dashboard', staff, { header });
      const toggle = screen.getByRole('button', { name: '更多' });
      const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
      expect(within(panel).getByRole('button', { name: '退出登录' })).toBeInTheDocument();
      expect(within(panel).getByRole('button', { name: '切换企业' })).toBeInTheDocument();
      expect(panel).toHaveAttribute('data-open', 'false');

      await user.click(toggle);
      expect(panel).toHaveAttribute('data-open', 'true');
      expect(document.activeElement).toBe(within(panel).getByRole('button', { name: '消息通知' }));
      // One at a time: the drawer replaces the panel.
      await user.click(screen.getByRole('button', { name: '导航菜单' }));
      expect(panel).toHaveAttribute('data-open', 'false');
      expect(layoutMenu()).toBe('nav');
      await user.click(toggle);
      expect(layoutMenu()).toBe('tools');

      await user.keyboard('{Escape}');
      expect(panel).toHaveAttribute('data-open', 'false');
      expect(layoutMenu()).toBeNull();
      expect(document.activeElement).toBe(toggle);
    });
  });
});

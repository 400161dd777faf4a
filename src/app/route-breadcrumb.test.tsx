import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { breadcrumbOf } from '@/features/shell/components/breadcrumbs';
import { useCurrentRouteHandle } from '@/features/shell/components/route-meta';
import { menuGroups, routeHandles } from './route-table';

const trailAt = (address: string) => {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[address]}>{children}</MemoryRouter>
  );
  const { result } = renderHook(() => useCurrentRouteHandle(routeHandles), { wrapper });
  return breadcrumbOf(result.current).map((item) => item.title);
};

describe("the company centre's breadcrumb", () => {
  it('names the tab shown', () => {
    expect(trailAt('/company-center?type=staff')).toEqual(['工作台', '企业中心', '成员管理']);
    expect(trailAt('/company-center?type=applyRecords')).toEqual(['工作台', '企业中心', '申请记录']);
    expect(trailAt('/company-center?type=authorize')).toEqual(['工作台', '企业中心', '企业认证与授权']);
  });

  it('names the first tab when the address names none, or one that does not exist', () => {
    expect(trailAt('/company-center')).toEqual(['工作台', '企业中心', '企业信息']);
    expect(trailAt('/company-center?type=nonsense')).toEqual(['工作台', '企业中心', '企业信息']);
  });

  it('leaves the other pages their own title', () => {
    expect(trailAt('/company-center/bank-accounts')).toEqual(['工作台', '企业中心', '银行账户']);
  });
});

describe("the menu's company centre", () => {
  it('opens 企业认证与授权 on its own tab, whose breadcrumb names it', () => {
    const leaf = menuGroups
      .find((group) => group.key === 'company')
      ?.items.find((item) => item.title === '企业认证与授权');
    expect(leaf).toBeDefined();
    const address = `${leaf!.path}${leaf!.search ?? ''}`;
    expect(address).toBe('/company-center?type=authorize');
    expect(trailAt(address).at(-1)).toBe('企业认证与授权');
  });
});

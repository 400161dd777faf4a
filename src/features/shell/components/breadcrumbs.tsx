import { useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import Breadcrumb from 'antd/es/breadcrumb';
import { paths } from '@/config/paths';
import { useAppDispatch } from '@/lib/store';
import { commonMessages } from '@/locales/zh-CN/common';
import { navMessages } from '@/locales/zh-CN/nav';
import { shellMessages } from '@/locales/zh-CN/shell';
import { breadcrumbChanged, type BreadcrumbItem } from '@/features/shell/model/global-slice';
import type { RouteHandle } from '@/features/shell/model/route-handle';

/** 工作台 › group › parent › page, from the route's handle; published as the global breadcrumbData. */
export function breadcrumbOf(handle: RouteHandle | undefined): BreadcrumbItem[] {
  if (!handle) return [];
  const home: BreadcrumbItem[] =
    handle.title === navMessages.dashboard ? [] : [{ title: navMessages.dashboard, path: paths.dashboard }];
  return [...home, ...(handle.trail ?? []), { title: handle.title }];
}

export function Breadcrumbs({ handle }: { handle: RouteHandle | undefined }) {
  const dispatch = useAppDispatch();
  const items = useMemo(() => breadcrumbOf(handle), [handle]);

  useEffect(() => {
    dispatch(breadcrumbChanged(items));
    if (handle) document.title = `${handle.title} - ${commonMessages.platformName}`;
  }, [dispatch, items, handle]);

  if (items.length === 0) return null;
  return (
    <Breadcrumb
      aria-label={shellMessages.breadcrumb}
      items={items.map((item, index) => ({
        key: `${index}-${item.title}`,
        title: item.path && index < items.length - 1 ? <Link to={item.path}>{item.title}</Link> : item.title,
      }))}
    />
  );
}

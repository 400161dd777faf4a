import { useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useAppDispatch } from '@/lib/store';
import { commonMessages } from '@/locales/zh-CN/common';
import { navMessages } from '@/locales/zh-CN/nav';
import { shellMessages } from '@/locales/zh-CN/shell';
import { breadcrumbChanged, type BreadcrumbItem } from '@/features/shell/model/global-slice';
import type { RouteHandle } from '@/features/shell/model/route-handle';
import styles from './shell-layout.module.css';

/** 工作台 › group › parent › page, from the route's handle; published as the global breadcrumbData. */
export function breadcrumbOf(handle: RouteHandle | undefined): BreadcrumbItem[] {
  if (!handle) return [];
  const home: BreadcrumbItem[] =
    handle.title === navMessages.dashboard ? [] : [{ title: navMessages.dashboard, path: paths.dashboard }];
  return [...home, ...(handle.trail ?? []), { title: handle.title }];
}

/** The trail as antd's Breadcrumb draws it, in plain elements: the frame paints before antd loads. */
export function Breadcrumbs({ handle }: { handle: RouteHandle | undefined }) {
  const dispatch = useAppDispatch();
  const items = useMemo(() => breadcrumbOf(handle), [handle]);

  useEffect(() => {
    dispatch(breadcrumbChanged(items));
    if (handle) document.title = `${handle.title} - ${commonMessages.platformName}`;
  }, [dispatch, items, handle]);

  if (items.length === 0) return null;
  return (
    <nav aria-label={shellMessages.breadcrumb} className={styles.breadcrumb}>
      <ol>
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={`${index}-${item.title}`}>
              {item.path && !last ? (
                <Link to={item.path}>{item.title}</Link>
              ) : (
                <span aria-current={last ? 'page' : undefined}>{item.title}</span>
              )}
              {!last && (
                <span className={styles.crumbSeparator} aria-hidden="true">
                  /
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

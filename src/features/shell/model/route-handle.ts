import type { FuncCode } from '@contract/shell';
import type { UserInfo } from '@/lib/storage';

/**
 * What a route of the signed-in app says about itself in its `handle` (src/app/route-table.tsx):
 * the shell reads it for the title, the breadcrumb, the menu and the access check.
 */
export interface RouteHandle {
  /** The page's title: the last breadcrumb and the document title. */
  title: string;
  /**
   * The title when the address's query names the part of the page shown (the company centre's tab), so the
   * breadcrumb names what is on screen.
   */
  titleOf?: (query: URLSearchParams) => string;
  /** Breadcrumb items before the title (menu group, parent page), each optionally a link. */
  trail?: ReadonlyArray<{ title: string; path?: string }>;
  /** Granted path of the permissions map (spec section 3) the page needs; none: every member. */
  permission?: string;
  /** The page needs the user's organisation to be authorized (spec section 6). */
  requiresAuthorized?: boolean;
}

export const isRouteHandle = (value: unknown): value is RouteHandle =>
  typeof value === 'object' && value !== null && typeof (value as RouteHandle).title === 'string';

/** Why a page or menu item is closed to the user, or null when it is open. */
export type AccessDenial = 'permission' | 'unauthorized' | null;

export function accessDenial(
  need: Pick<RouteHandle, 'permission' | 'requiresAuthorized'>,
  userInfo: Pick<UserInfo, 'permissions' | 'authorized'> | null,
): AccessDenial {
  if (need.permission && !userInfo?.permissions?.[need.permission]) return 'permission';
  if (need.requiresAuthorized && !userInfo?.authorized) return 'unauthorized';
  return null;
}

/** A page the menu offers: where it goes and what it needs. */
export interface MenuLeaf {
  key: string;
  title: string;
  path: string;
  /** The query it opens the page with (`?type=authorize`: a tab of the company centre). */
  search?: string;
  permission?: string;
  requiresAuthorized?: boolean;
  /** The organisation's function the page belongs to. */
  funcCode?: FuncCode | undefined;
  /** Opens something other than a route (the export centre drawer, the help centre in a new tab). */
  action?: 'export-center' | 'help-center';
}

/** A group of the rail; a group with one leaf and no panel (工作台) goes straight to it. */
export interface MenuGroup {
  key: string;
  title: string;
  icon: MenuIconName;
  items: MenuLeaf[];
}

/** Icons are named here and drawn by the shell, so the route table stays free of icon code. */
export type MenuIconName = 'dashboard' | 'bill' | 'financing' | 'settlement' | 'company' | 'export' | 'help';

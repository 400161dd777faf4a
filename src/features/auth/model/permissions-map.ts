import type { PermissionItem } from '@contract/auth-schemas';
import { PERMISSION_PATH_PREFIX } from '@contract/constants';
import type { PermissionMap } from '@/lib/storage';

/** Strips the leading `/normal` (spec section 3: 7 characters) from a permission path. */
export function stripPermissionPrefix(path: string): string {
  return path.startsWith(PERMISSION_PATH_PREFIX) ? path.slice(PERMISSION_PATH_PREFIX.length) : path;
}

/** Path -> true for every item that is granted and has a path. */
export function buildPermissionMap(items: readonly PermissionItem[]): PermissionMap {
  const map: PermissionMap = {};
  for (const item of items) {
    if (!item.granted || !item.path) continue;
    const path = stripPermissionPrefix(item.path);
    if (path) map[path] = true;
  }
  return map;
}

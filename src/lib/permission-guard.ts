import { withNotifier } from '@/lib/notify';
import { commonMessages } from '@/locales/zh-CN/common';
import { errorMessages } from '@/locales/zh-CN/errors';

/**
 * For pages and actions that need the company's `authorized` flag (spec section 6): true when it is set,
 * otherwise the same warning a 403 shows (暂无操作权限，请联系企业管理员) and false.
 */
export function ensureAuthorized(user: { authorized?: boolean } | null | undefined): boolean {
  if (user?.authorized === true) return true;
  withNotifier(({ notification }) => {
    notification.warning({
      key: 'permission:denied',
      title: commonMessages.tip,
      description: errorMessages.permissionDenied,
    });
  });
  return false;
}

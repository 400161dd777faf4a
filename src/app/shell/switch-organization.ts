import { api } from '@/lib/api';
import { nonPaymentShowSet, nonPaymentSocketSet } from '@/lib/app-actions';
import { restartRealtime } from '@/lib/realtime';
import { setUserInfo, type UserInfo } from '@/lib/storage';
import type { AppThunk } from '@/lib/store';
import { fetchAllPermissions } from '@/features/auth/api/auth-requests';
import { refreshCompanyList } from '@/features/auth/model/company-list';
import { permissionListLoaded } from '@/features/auth/model/permission-slice';
import { buildPermissionMap } from '@/features/auth/model/permissions-map';
import { userInfoPublished } from '@/features/auth/model/user-slice';
import { requestOrganizationSwitch } from '@/features/shell/api/organization-requests';
import { organizationChanged } from '@/features/shell/model/global-slice';

/**
 * Acting for another organisation: the switch call, the account and permissions map there, then nothing
 * of the previous organisation survives: the RTK Query cache, the org-scoped shell state and the
 * non-payment display are reset, the company list is refreshed and the socket reconnects.
 */
export const switchOrganization =
  (orgId: string): AppThunk<Promise<UserInfo>> =>
  async (dispatch) => {
    const account = await requestOrganizationSwitch(orgId);
    const items = await fetchAllPermissions();
    const userInfo: UserInfo = { ...account, permissions: buildPermissionMap(items) };
    setUserInfo(userInfo);

    dispatch(api.util.resetApiState());
    dispatch(organizationChanged());
    dispatch(nonPaymentShowSet(false));
    dispatch(nonPaymentSocketSet(null));
    dispatch(permissionListLoaded(items));
    dispatch(userInfoPublished(userInfo));
    await dispatch(refreshCompanyList()).catch(() => undefined);
    restartRealtime();
    return userInfo;
  };

import { paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { clearAuthAndUserInfo, getUserInfo, setAuthInfo, setUserInfo, type UserInfo } from '@/lib/storage';
import type { AppThunk } from '@/lib/store';
import { fetchAllPermissions, type TokenAnswer } from '@/features/auth/api/auth-requests';
import { toStoredAuthInfo } from '@/features/auth/model/auth-info';
import { refreshCompanyList } from '@/features/auth/model/company-list';
import { rememberMobileUserId } from '@/features/auth/model/mobile-user-ids';
import { permissionListLoaded } from '@/features/auth/model/permission-slice';
import { buildPermissionMap } from '@/features/auth/model/permissions-map';
import { userInfoPublished } from '@/features/auth/model/user-slice';

/** What the callback hears when the caller passed extra info (spec section 4, step 6). */
export interface PostLoginDetail {
  bizAuthType: string;
  res: TokenAnswer;
  owner: boolean | undefined;
}

export interface PostLoginOptions {
  navigateToRoot?: boolean;
  extra?: { bizAuthType: string };
  callback?: (result: true | PostLoginDetail) => void;
}

/** The post-login routine of spec section 4, steps 1-7; resolves to the published userInfo. */
export const completeSignIn =
  (answer: TokenAnswer, options: PostLoginOptions = {}): AppThunk<Promise<UserInfo>> =>
  async (dispatch) => {
    // 1-2: nothing of an earlier sign-in survives; the new token is what later calls send.
    clearAuthAndUserInfo();
    setAuthInfo(toStoredAuthInfo(answer));

    // 3: the permissions map, when the answer names an account.
    let userInfo: UserInfo = { permissions: {} };
    if (answer.account) {
      const items = await fetchAllPermissions();
      dispatch(permissionListLoaded(items));
      userInfo = { ...answer.account, permissions: buildPermissionMap(items) };
      rememberMobileUserId(answer.account.mobile, answer.account.id);
    }

    // 4-5
    setUserInfo(userInfo);
    // 5: the export centre lights its red dot itself from storage as the signed-in shell opens.
    dispatch(userInfoPublished(userInfo));

    // 6
    if (options.callback) {
      options.callback(
        options.extra
          ? { bizAuthType: options.extra.bizAuthType, res: answer, owner: answer.account?.owner }
          : true,
      );
    }

    // The token's account already carries authorized/bound, so a failed list only leaves them as they were.
    if (answer.account) await dispatch(refreshCompanyList()).catch(() => undefined);

    // 7
    if (options.navigateToRoot) navigateTo(paths.root, { replace: true });
    return getUserInfo() ?? userInfo;
  };

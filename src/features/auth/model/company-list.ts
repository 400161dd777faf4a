import type { CompanyItem } from '@contract/auth-schemas';
import { getUserInfo, setCompanyList, setUserInfo } from '@/lib/storage';
import type { AppThunk } from '@/lib/store';
import { fetchCompanyList } from '@/features/auth/api/auth-requests';
import { companyListLoaded, userInfoPublished } from '@/features/auth/model/user-slice';

/**
 * Company list refresh (spec section 4): store the list, copy the current company's authorized and
 * bound onto the stored userInfo, then call the optional callback.
 */
export const refreshCompanyList =
  (callback?: () => void): AppThunk<Promise<CompanyItem[]>> =>
  async (dispatch) => {
    const list = await fetchCompanyList();
    setCompanyList(list);
    dispatch(companyListLoaded(list));

    const userInfo = getUserInfo();
    const current = userInfo && list.find((company) => company.orgId === userInfo.orgId);
    if (userInfo && current) {
      const updated = { ...userInfo, authorized: current.authorized, bound: current.bound };
      setUserInfo(updated);
      dispatch(userInfoPublished(updated));
    }
    callback?.();
    return list;
  };

import { useEffect } from 'react';
import { paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { bindLocalLogout } from '@/lib/session';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { selectUserInfo } from '@/features/auth/model/user-slice';
import { authMethodLoaded } from '@/features/shell/model/global-slice';

const loadLogout = () => import('@/features/auth/model/logout');
const loadAccountSecurity = () => import('@/features/account-security/api/account-security-requests');

/**
 * What the request layer and a sign-in need from the app, mounted by the signed-in shell (renders nothing):
 * - the request layer's logout (refresh failed, 401 without a token error) resets the store too;
 * - the organisation's auth method is looked up into the global state (after sign-in, after a reload,
 *   after switching organisation), NO_PERMISSIONS when that fails (spec section 4).
 * The socket's lifecycle belongs to the shell as well (app/shell/use-realtime-session.ts).
 */
export function SignedInSession() {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector((state) => selectUserInfo(state) !== null);
  // Another organisation (a switch) has its own authentication method.
  const orgId = useAppSelector((state) => selectUserInfo(state)?.orgId);

  useEffect(
    () =>
      bindLocalLogout(() => {
        loadLogout().then(
          ({ logOutLocally }) => dispatch(logOutLocally()),
          () => navigateTo(paths.login, { replace: true }),
        );
      }),
    [dispatch],
  );

  useEffect(() => {
    if (!signedIn) return;
    let current = true;
    loadAccountSecurity()
      .then(({ fetchBizAuthType }) => fetchBizAuthType())
      .catch(() => null)
      .then((bizAuthType) => {
        if (current) dispatch(authMethodLoaded(bizAuthType));
      });
    return () => {
      current = false;
    };
  }, [signedIn, orgId, dispatch]);

  return null;
}

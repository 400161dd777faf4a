import { useEffect } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { bindLocalLogout } from '@/lib/session';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { selectUserInfo } from '@/features/auth/model/user-slice';
import { useBizAuthTypeQuery } from '@/features/account-security/api/account-security-api';

const loadLogout = () => import('@/features/auth/model/logout');

/**
 * What the request layer and a sign-in need from the app, mounted by the signed-in shell (renders nothing):
 * - the request layer's logout (refresh failed, 401 without a token error) resets the store too;
 * - the organisation's auth method stays loaded for a signed-in user (after sign-in, after a reload, and
 *   again after switching organisation, which resets the cache); `selectAuthMethod` reads it, NO_PERMISSIONS
 *   while it is missing or when the lookup fails (spec section 4).
 * The socket's lifecycle belongs to the shell as well (app/shell/use-realtime-session.ts).
 */
export function SignedInSession() {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector((state) => selectUserInfo(state) !== null);
  useBizAuthTypeQuery(signedIn ? undefined : skipToken);

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

  return null;
}

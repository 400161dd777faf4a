import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { getAuthInfo } from '@/lib/storage';
import { loginMessages } from '@/locales/zh-CN/login';
import { LoginPage } from '@/features/auth/components/login-page';
import { invitationRefFromQuery } from '@/features/invitation/model/invitation-ref';
import { rememberPendingInvitation } from '@/features/invitation/model/pending-invitation';

/**
 * The login screen, which is also where an invitation link lands (`/#/user/login?code=…&orgId=…`): the
 * invitation waits for the sign-in and the signed-in frame offers it; someone already signed in in this
 * browser goes straight there.
 */
export function Component() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const invitation = useMemo(() => invitationRefFromQuery(search), [search]);

  useEffect(() => {
    if (!invitation) return;
    rememberPendingInvitation(invitation);
    if (getAuthInfo()) void navigate(paths.dashboard, { replace: true });
  }, [invitation, navigate]);

  return <LoginPage notice={invitation ? loginMessages.invitationPending : undefined} />;
}

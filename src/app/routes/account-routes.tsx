import { useParams } from 'react-router';
import { useAppSelector } from '@/lib/store';
import { selectAuthMethod } from '@/features/account-security/api/account-security-api';
import { AccountSecurityPage } from '@/features/account-security/components/account-security-page';
import { ForgotPasswordPage } from '@/features/account-security/components/forgot-password-page';
import { SandboxPage } from '@/features/sandbox/components/sandbox-page';
import { SandboxQrPage } from '@/features/sandbox/components/sandbox-qr-page';
import { selectUserInfo } from '@/features/auth/model/user-slice';

/**
 * The account pages and the sandbox, one chunk for all three: each further lazy entry re-splits the
 * chunks the login screen shares with the rest, which costs its first paint compression.
 */

/** `/chain-bill/account/security` (signed in). */
export function AccountSecurity() {
  const userInfo = useAppSelector(selectUserInfo);
  const authMethod = useAppSelector(selectAuthMethod);
  return <AccountSecurityPage user={userInfo} authMethod={authMethod} />;
}

/** `/user/forgot-password` (public). */
export function ForgotPassword() {
  return <ForgotPasswordPage />;
}

/** `/sandbox` and `/sandbox/qr/:qrId` (public: the phone and the licence app are someone else's). */
export function Sandbox() {
  const { qrId } = useParams();
  return qrId ? <SandboxQrPage key={qrId} qrId={qrId} /> : <SandboxPage />;
}

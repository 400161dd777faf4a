import { useAppSelector } from '@/lib/store';
import { selectUserInfo } from '@/features/auth/model/user-slice';
import { BankAccountsPanel } from '@/features/bank-accounts/components/bank-accounts-panel';

/**
 * The company centre's screens as the area route shows them, composed with what the app owns: the signed-in
 * organisation, the company list and the notices. Each feature panel can sit in a tab of its own as well.
 */

/** `/company-center/bank-accounts`. */
export function BankAccountsScreen() {
  const userInfo = useAppSelector(selectUserInfo);
  return <BankAccountsPanel orgName={userInfo?.orgName ?? ''} />;
}

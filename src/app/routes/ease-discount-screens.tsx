import { EaseDiscountPage } from '@/features/ease-discount/components/ease-discount-page';
import { useHeldChoices } from './ledger-list-screen';

/** 轻松贴 with the ledger's held bills. */
export function EaseDiscountScreen() {
  return <EaseDiscountPage {...useHeldChoices()} />;
}

import type { BankBranch } from '@contract/bank-account-schemas';
import { bankMessages } from '@/locales/zh-CN/bank';
import styles from './branch-picker.module.css';

const text = bankMessages.branchPicker;

/** What a chosen branch brings with it, shown under the picker: the bank and the region it is in. */
export function BranchFacts({ branch }: { branch: BankBranch }) {
  return (
    <dl className={styles.facts}>
      <dt>{text.bank}</dt>
      <dd>{branch.shortName}</dd>
      <dt>{text.region}</dt>
      <dd>
        {branch.province}
        {branch.city !== branch.province ? ` ${branch.city}` : ''}
      </dd>
    </dl>
  );
}

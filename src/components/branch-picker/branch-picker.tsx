import { useMemo, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import type { BankBranch } from '@contract/bank-account-schemas';
import { format } from '@/locales/format';
import { bankMessages } from '@/locales/zh-CN/bank';
import { useDebounced } from '@/utils/use-debounced';
import { bankSearchOf, useBankPageQuery } from './bank-search-api';
import styles from './branch-picker.module.css';

const text = bankMessages.branchPicker;

/** A search starts this long after the last keystroke. */
export const BRANCH_SEARCH_DEBOUNCE_MS = 300;

export interface BranchPickerProps {
  /** The chosen branch number (a form field's value). */
  value?: string;
  /** Called with the chosen branch's number (a form field's onChange) ... */
  onChange?: (bankNo: string) => void;
  /** ... and with the branch itself, for the bank, province and city it brings. */
  onBranch?: (branch: BankBranch) => void;
  /** The branch already chosen (an account being edited), so its name shows before any search. */
  initialBranch?: BankBranch;
  id?: string;
  status?: 'error' | 'warning' | '';
  'aria-label'?: string;
}

const optionLabel = (branch: BankBranch) => (
  <span className={styles.option}>
    <span>{branch.fullName}</span>
    <span className={styles.detail}>
      {branch.bankNo} · {branch.province}
      {branch.city !== branch.province ? branch.city : ''}
    </span>
  </span>
);

/**
 * The branch picker: type a branch number (a prefix of its 12 digits) or a part of its name; the directory is
 * searched once typing pauses, never for an empty query (spec section 5).
 */
export function BranchPicker({
  value,
  onChange,
  onBranch,
  initialBranch,
  id,
  status,
  'aria-label': ariaLabel,
}: BranchPickerProps) {
  const [typed, setTyped] = useState('');
  const [chosen, setChosen] = useState<BankBranch | undefined>(initialBranch);
  const current = useMemo(() => bankSearchOf(typed), [typed]);
  const search = useDebounced(current, BRANCH_SEARCH_DEBOUNCE_MS);
  const found = useBankPageQuery(search ?? skipToken);
  // Typed but not searched yet (the pause), or the search is on its way.
  const waiting = current !== null && (current !== search || found.isFetching);
  const page = search ? found.currentData : undefined;
  const branches = useMemo(() => page?.content ?? [], [page]);

  const options = useMemo(() => {
    const list =
      chosen && !branches.some((b) => b.bankNo === chosen.bankNo) ? [chosen, ...branches] : branches;
    return list.map((branch) => ({
      value: branch.bankNo,
      label: optionLabel(branch),
      selected: `${branch.fullName}（${branch.bankNo}）`,
      branch,
    }));
  }, [branches, chosen]);

  const total = page?.totalElements ?? 0;
  const notFound = waiting ? (
    <Spin size="small" />
  ) : !search ? (
    text.typeToSearch
  ) : found.isError ? (
    text.loadFailed
  ) : (
    text.noMatch
  );

  return (
    <Select
      id={id}
      aria-label={ariaLabel}
      status={status}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      value={value || undefined}
      placeholder={text.placeholder}
      options={options}
      notFoundContent={notFound}
      popupRender={(menu) => (
        <>
          {menu}
          {search && total > branches.length && branches.length > 0 && (
            <div className={styles.more} role="note">
              {format(text.more, { total, shown: branches.length })}
            </div>
          )}
        </>
      )}
      onChange={(bankNo: string, option) => {
        const branch = Array.isArray(option) ? undefined : option?.branch;
        if (branch) {
          setChosen(branch);
          onBranch?.(branch);
        }
        onChange?.(bankNo);
      }}
      optionLabelProp="selected"
    />
  );
}

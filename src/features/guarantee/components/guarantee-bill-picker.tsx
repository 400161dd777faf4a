import { useMemo, useState } from 'react';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import { GUARANTEE_CANDIDATES_SIZE, GUARANTEE_KEYWORD_MAX } from '@contract/guarantee';
import type { GuaranteeCandidate, GuaranteeCandidatesQuery } from '@contract/guarantee-schemas';
import { guaranteeMessages } from '@/locales/zh-CN/guarantee';
import { formatYuan } from '@/utils/amount';
import { useDebounced } from '@/utils/use-debounced';
import { useGuaranteeCandidatesQuery } from '@/features/guarantee/api/guarantee-api';
import styles from './guarantee.module.css';

const text = guaranteeMessages.billPicker;

/** A search starts this long after the last keystroke. */
export const GUARANTEE_SEARCH_DEBOUNCE_MS = 300;

/** The query of a typed keyword: the newest bills when nothing is typed. */
export const candidatesQueryOf = (typed: string): GuaranteeCandidatesQuery => {
  const keyword = typed.trim().slice(0, GUARANTEE_KEYWORD_MAX);
  return keyword === '' ? { size: GUARANTEE_CANDIDATES_SIZE } : { keyword, size: GUARANTEE_CANDIDATES_SIZE };
};

export interface GuaranteeBillPickerProps {
  /** The chosen bill's package id (a form field's value). */
  value?: string;
  onChange?: (packageId: string) => void;
  /** Called with the chosen bill itself, for the roles the caller holds on it. */
  onPicked?: (candidate: GuaranteeCandidate) => void;
  id?: string;
  status?: 'error' | 'warning' | '';
}

const titleOf = (c: GuaranteeCandidate) =>
  guaranteeMessages.billOption(c.packageNo, formatYuan(c.amount), c.dueDate);

/**
 * The bill a guarantee is asked on: the server's newest bills the organisation is liable on, searched by a
 * fragment of the package number or of a party's name once typing pauses.
 */
export function GuaranteeBillPicker({ value, onChange, onPicked, id, status }: GuaranteeBillPickerProps) {
  const [typed, setTyped] = useState('');
  const [chosen, setChosen] = useState<GuaranteeCandidate | undefined>();
  const current = useMemo(() => candidatesQueryOf(typed), [typed]);
  const search = useDebounced(current, GUARANTEE_SEARCH_DEBOUNCE_MS);
  const found = useGuaranteeCandidatesQuery(search);
  const waiting = current !== search || found.isFetching;
  const candidates = useMemo(() => found.currentData ?? [], [found.currentData]);

  const options = useMemo(() => {
    // The chosen bill stays shown while another search answers without it.
    const list =
      chosen && !candidates.some((c) => c.packageId === chosen.packageId)
        ? [chosen, ...candidates]
        : candidates;
    return list.map((c) => ({
      value: c.packageId,
      title: titleOf(c),
      label: (
        <span className={styles.option}>
          <span>{titleOf(c)}</span>
          <span className={styles.optionDetail}>{text.parties(c.drawerName, c.acceptorName)}</span>
        </span>
      ),
      selected: titleOf(c),
      candidate: c,
    }));
  }, [candidates, chosen]);

  const notFound = waiting ? (
    <Spin size="small" />
  ) : found.isError ? (
    text.loadFailed
  ) : search.keyword ? (
    text.noMatch
  ) : (
    guaranteeMessages.noCandidates
  );

  return (
    <Select
      id={id}
      status={status}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      value={value || undefined}
      placeholder={guaranteeMessages.billPlaceholder}
      options={options}
      notFoundContent={notFound}
      popupRender={(menu) => (
        <>
          {menu}
          {!waiting && candidates.length >= GUARANTEE_CANDIDATES_SIZE && (
            <div className={styles.more} role="note">
              {text.more(GUARANTEE_CANDIDATES_SIZE)}
            </div>
          )}
        </>
      )}
      onChange={(packageId: string, option) => {
        const candidate = Array.isArray(option) ? undefined : option?.candidate;
        if (candidate) {
          setChosen(candidate);
          onPicked?.(candidate);
        }
        onChange?.(packageId);
      }}
      optionLabelProp="selected"
    />
  );
}

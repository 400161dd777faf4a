import type { ReactNode } from 'react';
import Descriptions from 'antd/es/descriptions';
import type { DiscountTrial } from '@contract/discount-schemas';
import { formatYuan } from '@/utils/amount';
import styles from './offer-form.module.css';

/** The words of the figures; the dates, days and the buyer's interest only where `whole` shows them. */
export interface DiscountFiguresText {
  trialTitle: string;
  interest: string;
  netAmount: string;
  discountDate?: string;
  maturityDate?: string;
  days?: string;
  adjustDays?: string;
  buyerInterest?: string;
}

export interface DiscountFiguresProps {
  /** The calculator's answer for the form as typed (useLiveFigures), none while it cannot be asked. */
  figures: DiscountTrial | undefined;
  text: DiscountFiguresText;
  /** Every figure (贴现's own card) or the interest and the net amount only (a quote's dialog). */
  whole?: boolean;
  /** What shows while there are no figures. */
  empty: ReactNode;
}

/** A discount's 试算 as the calculator answers it: the interest and what the seller receives, in yuan. */
export function DiscountFigures({ figures, text, whole = false, empty }: DiscountFiguresProps) {
  if (!figures) return empty;
  const money = (value: string) => <span className={styles.money}>{formatYuan(value)}</span>;
  const rows: [label: string | undefined, value: ReactNode, all: boolean][] = [
    [text.discountDate, figures.discountDate, true],
    [text.maturityDate, figures.maturityDate, true],
    [text.days, figures.days, true],
    [text.adjustDays, figures.adjustDays, true],
    [text.interest, money(figures.interest), false],
    [text.buyerInterest, money(figures.buyerInterest), true],
    [text.netAmount, <strong className={styles.money}>{formatYuan(figures.netAmount)}</strong>, false],
  ];
  const items = rows
    .filter(([label, , all]) => label !== undefined && (whole || !all))
    .map(([label, children]) => ({ key: label!, label, children }));
  return <Descriptions column={1} size="small" aria-label={text.trialTitle} items={items} />;
}

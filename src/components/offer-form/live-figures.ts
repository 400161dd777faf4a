import { useEffect, useMemo, useState } from 'react';
import { skipToken, type SkipToken } from '@reduxjs/toolkit/query';

/** A calculator (试算, the cost of a financing) is asked once the user stops typing for this long. */
export const LIVE_FIGURES_DEBOUNCE_MS = 300;

/**
 * `value` once it has stayed the same for `delayMs`, and whether `value` has changed since (it is settling).
 * Compared by content: a form builds its request afresh on every render, and comparing by identity would
 * settle it again and render again after every delay.
 */
function useSettling<T>(value: T | null, delayMs: number): { settled: T | null; settling: boolean } {
  const key = value === null ? null : JSON.stringify(value);
  const [settledKey, setSettledKey] = useState(key);
  useEffect(() => {
    const timer = setTimeout(() => setSettledKey(key), delayMs);
    return () => clearTimeout(timer);
  }, [key, delayMs]);
  const settled = useMemo(() => (settledKey === null ? null : (JSON.parse(settledKey) as T)), [settledKey]);
  return { settled, settling: key !== settledKey };
}

/** `value` once it has stayed the same for `delayMs` (useSettling). */
export function useSettled<T>(value: T | null, delayMs: number = LIVE_FIGURES_DEBOUNCE_MS): T | null {
  return useSettling(value, delayMs).settled;
}

/** What the figures' query hook answers that the form reads. */
interface CalculatorAnswer<Figures> {
  currentData?: Figures;
  isError: boolean;
}

/** The calculator's figures for a form, and whether they are on their way. */
export interface LiveFigures<Figures> {
  /**
   * The figures for the terms as typed. None while the form is incomplete, while the typing has not settled
   * or the answer not come (the last answer is for other terms, and a net amount for another sum must not
   * stand beside the one typed), or when the calculator refused the terms.
   */
  figures: Figures | undefined;
  /** The terms are complete and their figures are on their way: the screen says it is calculating. */
  working: boolean;
}

/**
 * The figures a calculator answers for the form as typed: `args` is the request, or null while the form is
 * incomplete; asked once typing pauses.
 */
export function useLiveFigures<Args, Figures>(
  args: Args | null,
  useCalculator: (args: Args | SkipToken) => CalculatorAnswer<Figures>,
): LiveFigures<Figures> {
  const { settled, settling } = useSettling(args, LIVE_FIGURES_DEBOUNCE_MS);
  const answer = useCalculator(settled ?? skipToken);
  const current = settled !== null && !settling;
  const refused = current && answer.isError;
  const figures = current && !refused ? answer.currentData : undefined;
  return { figures, working: args !== null && figures === undefined && !refused };
}

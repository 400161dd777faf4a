import { amountFen } from '@/components/amount-input/amount';

/** The sub-ticket range that leaves when `amount` yuan of `[start, end]` is endorsed: its front. */
export function leavingPart(
  start: number,
  end: number,
  amount: string,
): { leaving: [number, number]; kept: [number, number] | null } | null {
  const fen = amountFen(amount);
  if (fen === null || fen < 1 || fen > end - start + 1) return null;
  const leavingEnd = start + fen - 1;
  return { leaving: [start, leavingEnd], kept: leavingEnd < end ? [leavingEnd + 1, end] : null };
}

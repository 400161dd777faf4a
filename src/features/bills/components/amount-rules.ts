import Big from 'big.js';
import { MAX_FACE_FEN } from '@contract/bills';

/** A yuan amount as typed: digits with at most two decimals. */
export const AMOUNT_PATTERN = /^\d{1,13}(\.\d{1,2})?$/;

export const isPositiveAmount = (amount: string): boolean =>
  AMOUNT_PATTERN.test(amount.trim()) && new Big(amount.trim()).gt(0);

/** A positive amount no larger than the largest face a bill can have. */
export const isFaceAmount = (amount: string): boolean =>
  isPositiveAmount(amount) && new Big(amount.trim()).times(100).lte(MAX_FACE_FEN);

/** The sub-ticket range that leaves when `amount` yuan of `[start, end]` is endorsed: its front. */
export function leavingPart(
  start: number,
  end: number,
  amount: string,
): { leaving: [number, number]; kept: [number, number] | null } | null {
  if (!isPositiveAmount(amount)) return null;
  const fen = Number(new Big(amount.trim()).times(100).toFixed(0));
  if (fen > end - start + 1) return null;
  const leavingEnd = start + fen - 1;
  return { leaving: [start, leavingEnd], kept: leavingEnd < end ? [leavingEnd + 1, end] : null };
}

import { MAX_FACE_FEN } from '@contract/bills';
import { API_ERROR } from '@contract/errors';
import { fail } from '../../lib/errors';
import { yuanToFen } from '../../lib/money';
import { DISCOUNT_MSG } from './messages';

/** A typed amount of yuan as fen, or 400 AMOUNT_INVALID. */
export function amountFenOfText(amount: string): number {
  const fen = yuanToFen(amount.trim());
  if (fen === null || fen < 1 || fen > MAX_FACE_FEN)
    throw fail(API_ERROR.amountInvalid, DISCOUNT_MSG.faceInvalid);
  return fen;
}

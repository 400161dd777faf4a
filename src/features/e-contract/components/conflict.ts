import { refusalOf } from '@/lib/refusal';

/**
 * The reason of a 409 refusal, which the request layer leaves to the screen (spec section 8): a contract no
 * longer signable, a batch already finished, an account that cannot be opened. Null for any other failure
 * (the request layer has shown it) and for a closed verification dialog.
 */
export function conflictReason(error: unknown): string | null {
  const refusal = refusalOf(error);
  return refusal?.status === 409 ? refusal.text : null;
}

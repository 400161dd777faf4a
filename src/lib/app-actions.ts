import { createAction } from '@reduxjs/toolkit';

/**
 * Actions several features react to. The three with upper-case types keep the names the spec gives
 * the store's actions (section 3).
 */

/** The sign-in ended (either logout variant); every session slice resets. */
export const signedOut = createAction('session/signedOut');

export interface RedDotFlags {
  /** New finished export in the file-export task centre. */
  exportTask: boolean;
}
export const redDotSet = createAction<RedDotFlags>('SET_RED_DOT');

export const nonPaymentShowSet = createAction<boolean>('SET_NON_PAYMENT_SHOW');

/** The latest non-payment event the socket delivered (the socket itself lives outside the store). */
export interface NonPaymentSocketEvent {
  type: string;
  payload: unknown;
  receivedAt: number;
}
export const nonPaymentSocketSet = createAction<NonPaymentSocketEvent | null>('SET_NON_PAYMENT_SOCKET');

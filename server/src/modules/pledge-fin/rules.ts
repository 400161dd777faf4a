import Big from 'big.js';
import { BILL_STATUS, CIRCULATION } from '@contract/bills';
import { API_ERROR } from '@contract/errors';
import {
  PLEDGE_FIN_ACTION,
  PLEDGE_FIN_STATE,
  PLEDGE_FIN_STATE_LABEL,
  type PledgeFinAction,
  type PledgeFinState,
} from '@contract/pledge-fin';
import { fail } from '../../lib/errors';
import { PLEDGE_FIN_MSG } from './messages';

/**
 * The state machine of a financing (docs/domain.md, pledge financing): for each act, the states it may start
 * from and the state it leads to. A command changes the state only from one of those, in one conditional
 * update, so of two acts at once on the same financing exactly one changes it.
 */
export const TRANSITIONS: Readonly<
  Record<PledgeFinAction, { from: readonly PledgeFinState[]; to: PledgeFinState }>
> = {
  [PLEDGE_FIN_ACTION.save]: { from: [PLEDGE_FIN_STATE.draft], to: PLEDGE_FIN_STATE.draft },
  [PLEDGE_FIN_ACTION.submit]: { from: [PLEDGE_FIN_STATE.draft], to: PLEDGE_FIN_STATE.approving },
  [PLEDGE_FIN_ACTION.approve]: { from: [PLEDGE_FIN_STATE.approving], to: PLEDGE_FIN_STATE.signing },
  [PLEDGE_FIN_ACTION.reject]: { from: [PLEDGE_FIN_STATE.approving], to: PLEDGE_FIN_STATE.rejected },
  [PLEDGE_FIN_ACTION.cancel]: {
    from: [PLEDGE_FIN_STATE.draft, PLEDGE_FIN_STATE.approving, PLEDGE_FIN_STATE.signing],
    to: PLEDGE_FIN_STATE.cancelled,
  },
  [PLEDGE_FIN_ACTION.sign]: { from: [PLEDGE_FIN_STATE.signing], to: PLEDGE_FIN_STATE.lending },
  [PLEDGE_FIN_ACTION.payOut]: { from: [PLEDGE_FIN_STATE.lending], to: PLEDGE_FIN_STATE.repaying },
  [PLEDGE_FIN_ACTION.payInterest]: { from: [PLEDGE_FIN_STATE.repaying], to: PLEDGE_FIN_STATE.repaying },
  [PLEDGE_FIN_ACTION.repay]: { from: [PLEDGE_FIN_STATE.repaying], to: PLEDGE_FIN_STATE.settled },
};

export const mayAct = (action: PledgeFinAction, state: string): boolean =>
  (TRANSITIONS[action].from as readonly string[]).includes(state);

/** The refusal (409) of the act `act`, its name in PLEDGE_FIN_MSG.act, on a financing in `state`, by its label. */
export const stateRefused = (state: string, act: string) =>
  fail(
    API_ERROR.pledgeFinStateInvalid,
    PLEDGE_FIN_MSG.stateInvalid(PLEDGE_FIN_STATE_LABEL[state as PledgeFinState] ?? state, act),
  );

/** Refuses (stateRefused) the act `act` on a financing in any state but `states`. */
export function requireState(
  row: { state: string },
  states: PledgeFinState | readonly PledgeFinState[],
  act: string,
): void {
  const allowed: readonly string[] = typeof states === 'string' ? [states] : states;
  if (!allowed.includes(row.state)) throw stateRefused(row.state, act);
}

/** What of a held bill decides whether it may back a financing. */
export interface HeldBill {
  bill_status: string;
  circ_status: string;
  due_date: string;
  no_transfer: number;
}

/**
 * A held bill may be pledged when it is received (CS03), rests negotiable (TF0301: not 不得转让, not locked
 * by an application, not already pledged or frozen) and has not matured on `today`.
 */
export const isPledgeable = (bill: HeldBill, today: string): boolean =>
  bill.bill_status === BILL_STATUS.received &&
  bill.circ_status === CIRCULATION.negotiable &&
  bill.no_transfer === 0 &&
  bill.due_date > today;

/** What may be lent against a bill part: its amount x the pledge ratio (per cent), rounded down to the fen. */
export const pledgeValueFen = (amountFen: number, ratioPercent: string): number =>
  Number(new Big(amountFen).times(ratioPercent).div(100).round(0, Big.roundDown).toFixed(0));

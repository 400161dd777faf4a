import { useEffect } from 'react';
import { REALTIME_EVENT, type NonPaymentEventPayload } from '@contract/realtime';
import { nonPaymentShowSet, nonPaymentSocketSet } from '@/lib/app-actions';
import { startRealtime, subscribeRealtime } from '@/lib/realtime';
import { useAppDispatch } from '@/lib/store';

/**
 * The signed-in tab's socket is open while the shell is (it stays open past the shell: sign-out closes it).
 * NON_PAYMENT drives the non-payment display: SET_NON_PAYMENT_SOCKET keeps the event, SET_NON_PAYMENT_SHOW
 * whether the banner shows.
 */
export function useRealtimeSession(): void {
  const dispatch = useAppDispatch();

  useEffect(
    () =>
      subscribeRealtime<NonPaymentEventPayload>(REALTIME_EVENT.nonPayment, (payload) => {
        dispatch(nonPaymentSocketSet({ type: REALTIME_EVENT.nonPayment, payload, receivedAt: Date.now() }));
        dispatch(nonPaymentShowSet(Boolean(payload?.show)));
      }),
    [dispatch],
  );

  useEffect(() => {
    startRealtime();
  }, []);
}

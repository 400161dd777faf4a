import { useEffect } from 'react';
import { REALTIME_EVENT, type NonPaymentEventPayload } from '@contract/realtime';
import { nonPaymentShowSet, nonPaymentSocketSet } from '@/lib/app-actions';
import { startRealtime, subscribeRealtime } from '@/lib/realtime';
import { useAppDispatch } from '@/lib/store';
import { orgFunctionsChanged } from '@/components/org-functions/org-functions-api';
import { refreshCompanyList } from '@/features/auth/model/company-list';

/**
 * The signed-in tab's socket is open while the shell is (it stays open past the shell: sign-out closes it).
 * NON_PAYMENT drives the non-payment display: SET_NON_PAYMENT_SOCKET keeps the event, SET_NON_PAYMENT_SHOW
 * whether the banner shows. ORG_CHANGED (the organisation got authenticated, or its licence bound) refreshes the
 * company list, so the stored authorized and bound flags follow in every open tab (spec section 4), and the
 * organisation's functions, which rest on them.
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

  useEffect(
    () =>
      subscribeRealtime(REALTIME_EVENT.organization, () => {
        dispatch(refreshCompanyList()).catch(() => undefined);
        dispatch(orgFunctionsChanged());
      }),
    [dispatch],
  );

  useEffect(() => {
    startRealtime();
  }, []);
}

import { useEffect } from 'react';
import type { UnknownAction } from '@reduxjs/toolkit';
import { useSearchParams } from 'react-router';
import { BILL_STATUS } from '@contract/bills';
import { PERMISSION } from '@contract/permissions';
import { REALTIME_EVENT, type RealtimeEventType } from '@contract/realtime';
import { subscribeRealtime } from '@/lib/realtime';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { selectUserInfo } from '@/features/auth/model/user-slice';
import { useHeldBillsQuery } from '@/features/bills/api/bills-api';

/** Holdings a form offers (贴现, 质押, 轻松贴, 质押融资): the first page of 100 received ones. */
const HOLDING_CHOICES = 100;

/**
 * What may leave a ledger screen's lists stale: a bill of the organisation changed (the other side answered,
 * the day-end acted) or events were missed (they are not replayed, see `subscribeRealtime`).
 */
export const LEDGER_EVENTS: readonly RealtimeEventType[] = [REALTIME_EVENT.bill, REALTIME_EVENT.resync];

/** Reloads what `invalidate` marks stale whenever one of `events` arrives, for as long as the screen is shown. */
export function useReloadOn(
  invalidate: () => UnknownAction,
  events: readonly RealtimeEventType[] = LEDGER_EVENTS,
) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const reload = () => void dispatch(invalidate());
    const offs = events.map((event) => subscribeRealtime(event, reload));
    return () => offs.forEach((off) => off());
  }, [dispatch, invalidate, events]);
}

/** Whether a list offers 导出: the member can open the export centre, where the file is fetched. */
export function useCanExport(): boolean {
  return !!useAppSelector(selectUserInfo)?.permissions?.[PERMISSION.exportCenter.path];
}

/**
 * The side a two-sided list opens on: `other` when the link asks for it (`?side=`, a to-do opens on what the
 * organisation must answer), else `first`; `key` changes with the link, so following another link while the
 * page is shown opens it afresh on its side.
 */
export function useSideParam<S extends string>(first: S, other: S): { key: string; initialSide: S } {
  const [params] = useSearchParams();
  const side = params.get('side');
  return { key: side ?? '', initialSide: side === other ? other : first };
}

/** The organisation's received holdings a form offers, from the ledger's held list; none are asked while `skip`. */
export function useHeldChoices(skip = false) {
  const held = useHeldBillsQuery(
    { page: 0, size: HOLDING_CHOICES, billStatus: BILL_STATUS.received },
    { skip },
  );
  return { holdings: held.data?.content ?? [], holdingsLoading: held.isFetching };
}

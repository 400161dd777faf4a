import { createContext, useContext } from 'react';

/** Asks the header's notice feed to reload (throttled); pages that change a notice call it. */
export const NoticeRefreshContext = createContext<() => void>(() => undefined);

export function useNoticeRefresh(): () => void {
  return useContext(NoticeRefreshContext);
}

import { useCallback, useState } from 'react';
import { useAppDispatch } from '@/lib/store';
import { logOut } from '@/features/auth/model/logout';

/** The header's 退出登录: server logout first, then the local one; `leaving` while it runs. */
export function useLogOut(): { leaving: boolean; leave: () => Promise<void> } {
  const dispatch = useAppDispatch();
  const [leaving, setLeaving] = useState(false);
  const leave = useCallback(async () => {
    setLeaving(true);
    try {
      await dispatch(logOut());
    } finally {
      setLeaving(false);
    }
  }, [dispatch]);
  return { leaving, leave };
}

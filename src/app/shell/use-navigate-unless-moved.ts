import { useCallback, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * A navigation that follows slow work the user started (an organisation switch lands on the dashboard):
 * `begin()` notes where the user is, and the function it returns navigates only if they are still there.
 * A user who opened another page while the work ran stays on it, instead of being taken back.
 */
export function useNavigateUnlessMoved(): () => (to: string) => void {
  const { key } = useLocation();
  const navigate = useNavigate();
  const current = useRef(key);
  useLayoutEffect(() => {
    current.current = key;
  }, [key]);
  return useCallback(() => {
    const from = current.current;
    return (to: string) => {
      if (current.current === from) void navigate(to);
    };
  }, [navigate]);
}

import { useEffect, useState, type ReactNode } from 'react';

/**
 * Mounts `children` in a task of its own once the first screen has been committed. What the first screen
 * does not show (background queries, session services) then starts after it, in a short task of its own,
 * instead of lengthening the long task that paints it.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return ready ? children : null;
}

import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/** What counts as starting to use the page: from then on, what waits below the fold loads. */
const FIRST_USE_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * A section loads once any of it is in the visible area: a margin below it would load a section that
 * starts just under the fold with the first screen (on a phone, the dashboard's panels 90 px under it).
 */
const NEAR_MARGIN = '0px';

export interface LoadWhenNearProps {
  /** The room the section takes while it waits (its usual height), so the page around it does not move. */
  minHeight: number;
  /** The section, usually a lazy component: mounted once it is near the visible area or the page is used. */
  children: ReactNode;
}

/**
 * A part of a page below the fold that loads only when it comes near the visible area (scrolling), or once
 * the user starts using the page (pointer, keys): the first screen then paints and answers without the
 * section's code and work. Where IntersectionObserver is missing, it loads at once.
 */
export function LoadWhenNear({ minHeight, children }: LoadWhenNearProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const load = () => setNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load();
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(element);
    for (const type of FIRST_USE_EVENTS) window.addEventListener(type, load, { passive: true });
    return () => {
      observer.disconnect();
      for (const type of FIRST_USE_EVENTS) window.removeEventListener(type, load);
    };
  }, [near]);

  const placeholder = <div style={{ minHeight }} />;
  return <div ref={ref}>{near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}</div>;
}

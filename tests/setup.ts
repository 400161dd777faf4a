import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { endTestDom } from '@/testing/end-test';

// antd reads these browser APIs; jsdom lacks them. Tests of tooling run in node, without a window.
if (typeof window !== 'undefined') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });

  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
}

// findBy* and waitFor give a screen 5 s instead of 1 s to appear: a lazy route's first render can take
// longer than a second when the suite shares the machine, and waiting longer for what will come costs nothing.
configure({ asyncUtilTimeout: 5000 });

afterEach(endTestDom);

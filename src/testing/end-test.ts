import { cleanup } from '@testing-library/react';

/**
 * What every web test leaves behind it: its rendered tree unmounted and the browser storage empty. The setup
 * file runs it after each test. A check that fails in a test file's own afterEach runs it first: a throwing
 * afterEach skips the hooks registered before it, the setup file's among them, and the next test would find
 * this one's page still mounted beside its own.
 */
export function endTestDom(): void {
  if (typeof window === 'undefined') return;
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
}

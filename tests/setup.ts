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

  keepAntdStylesOutOfTheDocument();
}

/**
 * antd's CSS-in-JS writes thousands of rules into <style> elements in the head. jsdom computes a style by
 * matching every rule of every sheet against the element, and antd asks for computed styles on every
 * render (scroll bar sizes, popup alignment, dialogs), so those rules made up over a third of a screen
 * test's time. No test can see them anyway: jsdom lays nothing out. The head's style elements that antd
 * marks as its own (`data-rc-order`) go into an element outside the document, which @rc-component/util
 * finds as their real container the way it finds one behind a micro-frontend's patched appendChild.
 */
function keepAntdStylesOutOfTheDocument(): void {
  const head = document.head;
  const held = document.createElement('div');
  const isAntds = (node: Node) => node instanceof HTMLStyleElement && node.hasAttribute('data-rc-order');
  const { appendChild, insertBefore, removeChild } = Node.prototype;
  head.appendChild = function <T extends Node>(node: T): T {
    return isAntds(node) ? (appendChild.call(held, node) as T) : (appendChild.call(head, node) as T);
  };
  head.insertBefore = function <T extends Node>(node: T, child: Node | null): T {
    if (!isAntds(node)) return insertBefore.call(head, node, child) as T;
    return insertBefore.call(held, node, child?.parentNode === held ? child : null) as T;
  };
  head.removeChild = function <T extends Node>(child: T): T {
    return (child.parentNode === held ? removeChild.call(held, child) : removeChild.call(head, child)) as T;
  };
}

// findBy* and waitFor give a screen 5 s instead of 1 s to appear: a lazy route's first render can take
// longer than a second when the suite shares the machine, and waiting longer for what will come costs nothing.
configure({ asyncUtilTimeout: 5000 });

afterEach(endTestDom);

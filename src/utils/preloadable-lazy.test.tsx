import { Suspense, type ComponentType } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { preloadableLazy } from './preloadable-lazy';

const page = () => ({ default: () => <p>页面内容</p> });

const renderInSuspense = (Page: ComponentType) =>
  render(
    <Suspense fallback={<p>加载中</p>}>
      <Page />
    </Suspense>,
  );

describe('preloadableLazy', () => {
  it('draws a preloaded page in the first commit, without the placeholder', async () => {
    const load = vi.fn(() => Promise.resolve(page()));
    const Page = preloadableLazy(load);
    await Page.preload();
    renderInSuspense(Page);
    expect(screen.getByText('页面内容')).toBeInTheDocument();
    expect(screen.queryByText('加载中')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows the placeholder while a page not preloaded loads, and loads it once however often it is asked', async () => {
    let resolve!: (module: ReturnType<typeof page>) => void;
    const load = vi.fn(() => new Promise<ReturnType<typeof page>>((done) => (resolve = done)));
    const Page = preloadableLazy(load);
    renderInSuspense(Page);
    expect(screen.getByText('加载中')).toBeInTheDocument();
    void Page.preload();
    await act(async () => resolve(page()));
    expect(await screen.findByText('页面内容')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

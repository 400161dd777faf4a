import { afterAll, describe, expect, it, vi } from 'vitest';
import { api } from './api';

/**
 * Every feature adds its endpoints to the one API, whose endpoint names share one namespace: when two
 * features name an endpoint alike, RTK Query keeps whichever chunk loaded first and leaves the other's out
 * without a word (outside development), so one screen's hook answers with the other's data. That crashed
 * 加入企业 after the bill screens had loaded (a page of bill applications where a list of join applications
 * was expected).
 */
describe('the API endpoint names', () => {
  const injections: { module: string; names: string[] }[] = [];
  let current = '';
  const build = { query: () => ({}), mutation: () => ({}), infiniteQuery: () => ({}) };
  const original = api.injectEndpoints.bind(api);
  const spy = vi.spyOn(api, 'injectEndpoints').mockImplementation((options) => {
    injections.push({ module: current, names: Object.keys(options.endpoints(build as never)) });
    return original(options);
  });
  afterAll(() => spy.mockRestore());

  it('are unique across every module that injects endpoints', async () => {
    const modules = import.meta.glob(['/src/**/*-api.ts', '!/src/**/*.test.ts']);
    expect(Object.keys(modules).length).toBeGreaterThan(10);
    for (const [path, load] of Object.entries(modules)) {
      current = path;
      await load();
    }
    const owners = new Map<string, string[]>();
    for (const { module, names: injected } of injections) {
      for (const name of injected) owners.set(name, [...(owners.get(name) ?? []), module]);
    }
    const shared = [...owners].filter(([, modulesOf]) => new Set(modulesOf).size > 1);
    expect(shared).toEqual([]);
  });
});

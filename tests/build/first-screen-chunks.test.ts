import fs from 'node:fs';
import type { Plugin } from 'vite';
import { firstScreenChunks, SIGNED_IN_ENTRIES } from '../../scripts/first-screen-chunks';

/** A module graph: each module and what it imports statically. */
const GRAPH: Record<string, string[]> = {
  '/app/src/main.tsx': ['/app/src/login.tsx', '/app/node_modules/react.js'],
  '/app/src/login.tsx': ['/app/node_modules/react.js'],
  '/app/node_modules/react.js': [],
  '/app/src/app/routes/app-route.tsx': ['/app/src/frame.tsx', '/app/node_modules/react.js'],
  '/app/src/app/routes/dashboard-route.tsx': ['/app/src/statistics.tsx'],
  '/app/src/frame.tsx': [],
  '/app/src/statistics.tsx': [],
  '/app/src/lib/service-worker.ts': [],
  '/app/src/bills.tsx': ['/app/src/frame.tsx'],
};

type Group = { name: string; test: (id: string) => boolean };

function groupsOf(graph: Record<string, string[]>): Group[] {
  const plugin = firstScreenChunks() as Plugin & {
    buildEnd: (this: unknown) => void;
    outputOptions: (options: object) => { codeSplitting: { groups: Group[] } };
  };
  plugin.buildEnd.call({
    getModuleIds: () => Object.keys(graph).values(),
    getModuleInfo: (id: string) =>
      id in graph ? { importedIds: graph[id], isEntry: id === '/app/src/main.tsx' } : null,
    error: (message: string) => {
      throw new Error(message);
    },
  });
  return plugin.outputOptions({}).codeSplitting.groups;
}

const groupOf = (groups: Group[], id: string) => groups.find((group) => group.test(id))?.name ?? null;

describe('the first-screen chunk groups', () => {
  it('name modules of this app', () => {
    for (const entry of SIGNED_IN_ENTRIES) expect(fs.existsSync(entry)).toBe(true);
  });

  it('put what the entry imports in boot, what the signed-in screens add in signed-in, the rest nowhere', () => {
    const groups = groupsOf(GRAPH);
    expect(groupOf(groups, '/app/src/main.tsx')).toBeNull();
    expect(groupOf(groups, '/app/src/login.tsx')).toBe('boot');
    expect(groupOf(groups, '/app/node_modules/react.js')).toBe('boot');
    expect(groupOf(groups, '/app/src/app/routes/app-route.tsx')).toBe('signed-in');
    expect(groupOf(groups, '/app/src/statistics.tsx')).toBe('signed-in');
    expect(groupOf(groups, '/app/src/lib/service-worker.ts')).toBe('signed-in');
    expect(groupOf(groups, '/app/src/bills.tsx')).toBeNull();
  });

  it('stops the build when a signed-in entry is not in the graph', () => {
    const graph = { ...GRAPH };
    delete graph['/app/src/app/routes/dashboard-route.tsx'];
    expect(() => groupsOf(graph)).toThrow(/dashboard-route/);
  });
});

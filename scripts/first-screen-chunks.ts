import type { Plugin } from 'vite';

/*
 * The bundler splits what several chunks share into chunks of its own, one per set of importers: the login
 * screen came in 13 files and the signed-in dashboard's first screen in 18 more, most of them 1-2 kB. Over
 * HTTP/1.1 a browser opens six connections to a host, so on a slow mobile network every small file waits
 * for a free connection and pays a round trip of its own, which cost the dashboard more than its bytes did.
 * This plugin puts the modules each first screen imports statically into one chunk:
 *  - `boot`: everything the entry imports statically (the login screen, React, the router, the store),
 *    loaded by every page, as before;
 *  - `signed-in`: what the signed-in frame and the dashboard import statically beyond that (the request
 *    layer, RTK Query, the frame, the dashboard's first screen), fetched at once on a signed-in visit by
 *    scripts/signed-in-preload.ts.
 * Pages that import a module of `signed-in` fetch that chunk too: they only open once signed in (or, for the
 * few public pages that need the request layer, after the first screen). Everything else loads lazily as
 * before.
 */

/** The modules whose static imports make the signed-in chunk (the same as the preload's). */
export const SIGNED_IN_ENTRIES = ['src/app/routes/app-route.tsx', 'src/app/routes/dashboard-route.tsx'];
/**
 * Imported lazily by the frame as it mounts, before the dashboard's first paint: in the chunk, it needs no
 * request of its own.
 */
const SIGNED_IN_EXTRAS = ['src/lib/service-worker.ts'];

interface ModuleGraph {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): { importedIds: readonly string[]; isEntry: boolean } | null;
}

/** `roots` and every module they import statically, leaving out `exclude`. */
function staticClosure(graph: ModuleGraph, roots: string[], exclude: Set<string> = new Set()) {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id) || exclude.has(id)) continue;
    seen.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

export function firstScreenChunks(): Plugin {
  let boot = new Set<string>();
  let signedIn = new Set<string>();
  return {
    name: 'chain-bill:first-screen-chunks',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const entries = ids.filter((id) => this.getModuleInfo(id)?.isEntry);
      const find = (suffix: string) => {
        const id = ids.find((candidate) => candidate.endsWith(suffix));
        if (!id) this.error(`first-screen chunks: no module ${suffix}`);
        return id;
      };
      // The entry stays a chunk of its own (index.html names it); what it imports joins `boot`.
      boot = staticClosure(this, entries);
      for (const entry of entries) boot.delete(entry);
      signedIn = staticClosure(
        this,
        [...SIGNED_IN_ENTRIES, ...SIGNED_IN_EXTRAS].map(find),
        new Set([...boot, ...entries]),
      );
    },
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: {
          groups: [
            { name: 'boot', test: (id: string) => boot.has(id), priority: 2 },
            { name: 'signed-in', test: (id: string) => signedIn.has(id), priority: 1 },
          ],
        },
      };
    },
  };
}

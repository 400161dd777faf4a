import crypto from 'node:crypto';
import type { Plugin } from 'vite';
import { PUBLIC_PATHS } from '../src/config/paths';
import { LOCAL_KEY, SESSION_KEY } from '../src/lib/storage';
import { SIGNED_IN_ENTRIES } from './first-screen-chunks';

/*
 * The signed-in frame and the dashboard come in chunks the entry chunk imports lazily, so a signed-in visit
 * fetched them only once the entry chunk had arrived and run: one more round trip, after the largest file,
 * before the first screen. This plugin writes a small classic script, loaded `async` beside the entry
 * chunk, that asks for those chunks at once (modulepreload, stylesheets as preloads) when the tab holds a
 * sign-in and opens on a page of the signed-in app: the frame's chunk holds the dashboard's first screen
 * too, and on another page the page's own chunks are asked for as the frame's arrives (app-routes.tsx
 * preloadPageFor). A public page (the login screen) only fetches the small script. A script file, not an
 * inline one, because the page's CSP allows scripts from 'self' only.
 */

/** Where the sign-in is kept: this tab's session first, then local storage. */
const AUTH_KEYS = { session: SESSION_KEY.authInfo, local: LOCAL_KEY.authInfo };

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}
interface AssetLike {
  type: 'asset';
  fileName: string;
  source: string | Uint8Array;
}

function preloadScript(scripts: string[], styles: string[]): string {
  const config = JSON.stringify({ publicPaths: PUBLIC_PATHS, keys: AUTH_KEYS, scripts, styles });
  return `(function(c){try{
var p=location.hash.split('?')[0].replace(/^#/,'');
if(c.publicPaths.some(function(q){return p===q||p.indexOf(q+'/')===0;}))return;
if(!sessionStorage.getItem(c.keys.session)&&!localStorage.getItem(c.keys.local))return;
function add(rel,href,as){var l=document.createElement('link');l.rel=rel;l.href=href;l.crossOrigin='';if(as)l.as=as;document.head.appendChild(l);}
c.scripts.forEach(function(h){add('modulepreload',h);});
c.styles.forEach(function(h){add('preload',h,'style');});
}catch(e){}})(${config});
`;
}

export function signedInPreload(): Plugin {
  return {
    name: 'chain-bill:signed-in-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const files = Object.values(bundle) as unknown as (ChunkLike | AssetLike)[];
        const chunks = new Map(
          files.filter((f): f is ChunkLike => f.type === 'chunk').map((c) => [c.fileName, c]),
        );
        const html = files.find((f): f is AssetLike => f.type === 'asset' && f.fileName === 'index.html');
        if (!html) return;
        const page = String(html.source);

        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (chunk: ChunkLike | undefined) => {
          if (!chunk || scripts.has(chunk.fileName)) return;
          scripts.add(chunk.fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          for (const name of chunk.imports) visit(chunks.get(name));
        };
        for (const entry of SIGNED_IN_ENTRIES) {
          // The module's own chunk, or the chunk scripts/first-screen-chunks.ts put it in.
          const chunk = [...chunks.values()].find((c) => c.moduleIds.some((id) => id.endsWith(entry)));
          if (!chunk) this.error(`signed-in preload: no chunk for ${entry}`);
          visit(chunk);
        }
        // What index.html already loads needs no second ask.
        const fresh = (names: Set<string>) => [...names].filter((name) => !page.includes(`/${name}"`));

        const source = preloadScript(
          fresh(scripts).map((name) => `/${name}`),
          fresh(styles).map((name) => `/${name}`),
        );
        const hash = crypto.createHash('sha256').update(source).digest('hex').slice(0, 8);
        const fileName = `assets/signed-in-preload-${hash}.js`;
        this.emitFile({ type: 'asset', fileName, source });
        html.source = page.replace('</title>', `</title>\n    <script async src="/${fileName}"></script>`);
      },
    },
  };
}

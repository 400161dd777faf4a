import type { Plugin } from 'vite';
import { SIGNED_IN_ENTRIES } from '../../scripts/first-screen-chunks';
import { signedInPreload } from '../../scripts/signed-in-preload';
import { setAuthInfo, type StoredAuthInfo } from '../../src/lib/storage';

type Handler = (this: unknown, options: unknown, bundle: Record<string, unknown>) => void;

const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], css: string[] = []) => ({
  type: 'chunk',
  fileName,
  facadeModuleId: null,
  moduleIds,
  imports,
  viteMetadata: { importedCss: new Set(css) },
});

/** The plugin run on a bundle like the app's: the signed-in chunk, a chunk it imports, and index.html. */
function build(): { script: string; html: string } {
  const bundle: Record<string, unknown> = {
    'assets/index.js': chunk('assets/index.js', ['/app/src/main.tsx']),
    'assets/signed-in.js': chunk(
      'assets/signed-in.js',
      SIGNED_IN_ENTRIES.map((entry) => `/app/${entry}`),
      ['assets/shared.js', 'assets/index.js'],
      ['assets/signed-in.css'],
    ),
    'assets/shared.js': chunk('assets/shared.js', ['/app/src/lib/shared.ts']),
    'index.html': {
      type: 'asset',
      fileName: 'index.html',
      source: '<title>链票</title><script type="module" src="/assets/index.js"></script>',
    },
  };
  let script = '';
  const context = {
    emitFile: (file: { source: string }) => {
      script = file.source;
    },
    error: (message: string) => {
      throw new Error(message);
    },
  };
  const hook = (signedInPreload() as Plugin & { generateBundle: { handler: Handler } }).generateBundle;
  hook.handler.call(context, {}, bundle);
  return { script, html: String((bundle['index.html'] as { source: string }).source) };
}

const preloads = () =>
  [...document.head.querySelectorAll('link')].map((link) => `${link.rel} ${link.getAttribute('href')}`);

describe('the signed-in preload script', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
    sessionStorage.clear();
    localStorage.clear();
    window.location.hash = '';
  });

  it('is loaded by index.html and names the signed-in chunks that index.html does not load itself', () => {
    const { script, html } = build();
    expect(html).toMatch(/<script async src="\/assets\/signed-in-preload-[0-9a-f]{8}\.js"><\/script>/);
    expect(script).toContain('/assets/signed-in.js');
    expect(script).toContain('/assets/shared.js');
    expect(script).not.toContain('/assets/index.js');
  });

  it.each([
    ['in this tab', () => localStorage.clear()],
    ['by an earlier visit', () => sessionStorage.clear()],
  ])('asks for the chunks when the app has kept a sign-in %s, read where the app writes it', (_, keepOne) => {
    setAuthInfo({ access_token: 'token' } as StoredAuthInfo);
    keepOne();
    new Function(build().script)();
    expect(preloads()).toEqual([
      'modulepreload /assets/signed-in.js',
      'modulepreload /assets/shared.js',
      'preload /assets/signed-in.css',
    ]);
  });

  it('asks for nothing without a sign-in', () => {
    new Function(build().script)();
    expect(preloads()).toEqual([]);
  });

  it.each([
    '#/user/login',
    '#/user/forgot-password',
    '#/sandbox/qr/q1',
    '#/entry',
    '#/help-center/chain-bill',
  ])('asks for nothing on the public page %s, even with a sign-in kept', (hash) => {
    setAuthInfo({ access_token: 'token' } as StoredAuthInfo);
    window.location.hash = hash;
    new Function(build().script)();
    expect(preloads()).toEqual([]);
  });

  it.each(['#/chain-bill/sign-workbench', '#/chain-bill/discount?status=1', '#/company-center/staff'])(
    'asks for the frame on the signed-in page %s, whose own chunks follow it',
    (hash) => {
      setAuthInfo({ access_token: 'token' } as StoredAuthInfo);
      window.location.hash = hash;
      new Function(build().script)();
      expect(preloads()).toContain('modulepreload /assets/signed-in.js');
    },
  );
});

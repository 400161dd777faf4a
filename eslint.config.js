import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { controlNames } from './lint/control-names.js';
import { noImportCycles } from './lint/no-import-cycles.js';

const root = path.dirname(new URL(import.meta.url).pathname);
const SHARED = ['lib', 'components', 'utils', 'config', 'locales', 'mocks'];

/** Where an import points, as a path relative to the repository, or null for packages. */
function resolveTarget(fromFile, spec) {
  if (spec.startsWith('@/')) return path.join('src', spec.slice(2));
  if (spec.startsWith('@contract/')) return path.join('contract', spec.slice('@contract/'.length));
  if (spec.startsWith('.')) return path.relative(root, path.resolve(path.dirname(fromFile), spec));
  return null;
}

/** The SPA's zones: shared -> features -> app; no feature imports another; SPA and server apart. */
function violation(file, target) {
  const [fromTop, fromZone, fromFeature] = file.split(path.sep);
  const [toTop, toZone, toFeature] = target.split(path.sep);
  if (fromTop === 'contract' && (toTop === 'src' || toTop === 'server'))
    return 'contract/ depends on nothing';
  if (fromTop === 'src' && toTop === 'server') return 'the SPA must not import the server';
  if (fromTop === 'server' && toTop === 'src') return 'the server must not import the SPA';
  if (fromTop !== 'src' || toTop !== 'src') return null;
  if (toZone === 'testing' && fromZone !== 'testing' && !/\.test\.tsx?$/.test(file))
    return 'src/testing holds the test doubles: only tests import it';
  if (SHARED.includes(fromZone) && (toZone === 'features' || toZone === 'app'))
    return `src/${fromZone} is shared code: it must not import src/${toZone}`;
  if (fromZone === 'features' && toZone === 'app') return 'features must not import src/app';
  if (fromZone === 'features' && toZone === 'features' && fromFeature !== toFeature)
    return `feature ${fromFeature} must not import feature ${toFeature}; compose them in src/app`;
  return null;
}

const boundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = path.relative(root, context.filename);
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const target = resolveTarget(context.filename, node.source.value);
      const why = target && violation(file, target);
      if (why) context.report({ node, message: why });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

// ---- Server layers (README "Layout"): the kernel, modules, adapters and the composition root ----------

const SERVER_SRC = path.join('server', 'src');
/** Files that compose everything: they may import any layer. */
const SERVER_ROOT_FILES = ['app.ts', 'main.ts', 'config.ts', 'context.ts'];
/**
 * What each layer of server/src may import, besides packages and contract/. Storage is the bottom: db/
 * knows only itself, the kernel (lib/) is written on it, and adapters on both; so no two layers import
 * each other.
 */
const SERVER_LAYER_IMPORTS = {
  lib: ['lib', 'db'],
  db: ['db'],
  adapters: ['lib', 'db'],
  plugins: ['plugins', 'lib', 'db', 'adapters'],
  modules: ['lib', 'db', 'adapters'],
};

/** Runs `check` on every import and re-export of a file. */
const importVisitors = (check) => ({
  ImportDeclaration: check,
  ExportNamedDeclaration: check,
  ExportAllDeclaration: check,
  ImportExpression: check,
});

const isTypeOnly = (node) =>
  node.importKind === 'type' ||
  node.exportKind === 'type' ||
  (node.specifiers?.length > 0 &&
    node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));

/** Why `file` (relative to the repository) must not import `target`, or null when it may. */
function serverViolation(file, target, typeOnly) {
  if (!file.startsWith(SERVER_SRC + path.sep)) return null;
  const [fromLayer, fromUnit] = path.relative(SERVER_SRC, file).split(path.sep);
  if (SERVER_ROOT_FILES.includes(fromLayer)) return null;
  if (target.split(path.sep)[0] === 'contract') return null;
  if (!target.startsWith(SERVER_SRC + path.sep)) return null;
  const [toLayer, toUnit, ...toRest] = path.relative(SERVER_SRC, target).split(path.sep);
  const shown = path.relative(SERVER_SRC, target);
  // The configuration's shape is known everywhere; reading it (the environment) is config.ts's alone.
  if (toLayer === 'config' && typeOnly) return null;
  // The demo seed (db/demo/) acts through the modules' commands as a caller would; only the root runs it.
  const fromDemo = fromLayer === 'db' && fromUnit === 'demo';
  // The seed writes accounts as the kernel would (ids, password digests): it sits above storage.
  const fromSeed = fromLayer === 'db' && (fromDemo || fromUnit === 'seed.ts');
  if (fromSeed && toLayer === 'lib') return null;
  if (toLayer === 'db' && toUnit === 'demo' && !fromDemo)
    return `only app.ts and main.ts seed the demo, not server/src/${fromLayer}`;
  if (fromDemo && toLayer === 'modules') {
    if (toRest.length === 1 && toRest[0].replace(/\.ts$/, '') === 'service') return null;
    return `the demo seed may use module ${toUnit} only through modules/${toUnit}/service.ts, not ${shown}`;
  }
  if (fromLayer === 'modules') {
    if (toLayer === 'modules') {
      if (toUnit === fromUnit) return null;
      if (toRest.length === 1 && toRest[0].replace(/\.ts$/, '') === 'service') return null;
      return `module ${fromUnit} may use module ${toUnit} only through modules/${toUnit}/service.ts, not ${shown}`;
    }
    if (SERVER_LAYER_IMPORTS.modules.includes(toLayer)) return null;
    return `a module imports only lib/, db/, adapters/, contract/, its own folder and other modules' service.ts, not ${shown}`;
  }
  if (fromLayer === 'adapters' && toLayer === 'adapters')
    return toUnit === fromUnit ? null : `adapter ${fromUnit} must not import adapter ${toUnit}`;
  const allowed = SERVER_LAYER_IMPORTS[fromLayer];
  if (!allowed || allowed.includes(toLayer)) return null;
  return `server/src/${fromLayer} may import only ${allowed.map((l) => `${l}/`).join(', ')} and contract/, not ${shown}`;
}

const serverBoundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = path.relative(root, context.filename);
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const target = resolveTarget(context.filename, node.source.value);
      const why = target && serverViolation(file, target, isTypeOnly(node));
      if (why) context.report({ node, message: why });
    };
    return importVisitors(check);
  },
};

const serverLayers = {
  files: ['server/src/**/*.ts'],
  plugins: { 'chain-bill-server': { rules: { boundaries: serverBoundaries } } },
  rules: { 'chain-bill-server/boundaries': 'error' },
};

/** Settings reach the server through `app.config`: only config.ts (and main.ts, which loads it) read the environment. */
const serverEnvironment = {
  files: ['server/src/**/*.ts'],
  ignores: ['server/src/config.ts', 'server/src/main.ts'],
  rules: {
    'no-restricted-properties': [
      'error',
      {
        object: 'process',
        property: 'env',
        message: 'Read settings from app.config; only server/src/config.ts and main.ts read process.env.',
      },
    ],
  },
};

/**
 * On PostgreSQL a query outside a transaction takes whichever connection of the pool is free
 * (db/postgres-driver.ts), so Kysely's `db.connection()` would not hold one session: a transaction does.
 */
const serverSessions = {
  files: ['server/**/*.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector: "CallExpression[callee.property.name='connection'][arguments.length=0]",
        message:
          'db.connection() holds no one session on PostgreSQL (db/postgres-driver.ts); run the statements in db.transaction().',
      },
    ],
  },
};

// ---- end of server layers --------------------------------------------------------------------------

// ---- The contract's plain files and the SPA load no TypeBox at run time -----------------------------------

/** contract/<domain>-schemas.ts (and common-schemas.ts) hold the TypeBox schemas; every other contract file is plain. */
const SCHEMAS_FILE = /-schemas(\.ts)?$/;

const contractRuntime = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const inContract = path.relative(root, context.filename).startsWith(`contract${path.sep}`);
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      // `import { type X }` still leaves `import {} from '...'` under verbatimModuleSyntax: the module (and
      // TypeBox with it) would be loaded. Only a declaration-level `import type` / `export type` is erased.
      if (node.importKind === 'type' || node.exportKind === 'type') return;
      const spec = node.source.value;
      if (inContract && (spec === 'typebox' || spec.startsWith('typebox/'))) {
        context.report({
          node,
          message:
            'a plain contract file loads no TypeBox (import type only); schemas go in <domain>-schemas.ts',
        });
        return;
      }
      const target = resolveTarget(context.filename, spec);
      if (target && target.startsWith(`contract${path.sep}`) && SCHEMAS_FILE.test(target)) {
        context.report({
          node,
          message: `${spec} holds TypeBox schemas: take its types with \`import type { ... }\` or read the plain contract file`,
        });
      }
    };
    return importVisitors(check);
  },
};

/** What the SPA bundles stays free of TypeBox: its sources and the contract's plain files import no schemas. */
const contractPlain = {
  files: ['contract/**/*.ts', 'src/**/*.{ts,tsx}'],
  ignores: ['contract/**/*-schemas.ts', 'src/**/*.test.{ts,tsx}'],
  plugins: { 'chain-bill-contract': { rules: { 'plain-runtime': contractRuntime } } },
  rules: { 'chain-bill-contract/plain-runtime': 'error' },
};

// ---- end of the contract's plain files ------------------------------------------------------------------

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'coverage',
      'data',
      'test-results',
      'playwright-report',
      'bench/results',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'chain-bill': { rules: { boundaries } } },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'chain-bill/boundaries': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'axios', message: 'Call the API through src/lib/http.ts.' },
            {
              name: 'antd/es/table',
              importNames: ['default'],
              message:
                "Draw tables with src/components/data-table: it names the pager's controls in Chinese.",
            },
            {
              name: 'typebox',
              allowTypeImports: true,
              message: 'The SPA imports contract types with `import type` only.',
            },
          ],
        },
      ],
    },
  },
  // Every control is named in Chinese (lint/control-names.js); tests may name what they draw as they like.
  {
    files: ['src/**/*.tsx'],
    ignores: ['src/**/*.test.tsx'],
    plugins: { 'chain-bill-a11y': { rules: { 'control-names': controlNames } } },
    rules: { 'chain-bill-a11y/control-names': 'error' },
  },
  // src/lib is the bottom layer: its modules import each other without a circle (lint/no-import-cycles.js).
  {
    files: ['src/lib/**/*.{ts,tsx}'],
    plugins: { 'chain-bill-lib': { rules: { 'no-import-cycles': noImportCycles } } },
    rules: { 'chain-bill-lib/no-import-cycles': ['error', { folder: 'src/lib' }] },
  },
  // A message domain is one file of src/locales/zh-CN that imports nothing: a new domain adds its own
  // file and changes no other, and a screen loads only the texts of the domains it imports.
  {
    files: ['src/locales/zh-CN/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '.*', message: 'Message catalogue files import nothing.' }] },
      ],
    },
  },
  {
    files: ['src/lib/http.ts', 'src/testing/**/*.{ts,tsx}', 'src/**/*.test.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
  serverLayers,
  serverEnvironment,
  serverSessions,
  contractPlain,
);

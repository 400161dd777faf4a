import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
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

/** The zones of STYLE.md: shared -> features -> app; no feature imports another; SPA and server apart. */
function violation(file, target) {
  const [fromTop, fromZone, fromFeature] = file.split(path.sep);
  const [toTop, toZone, toFeature] = target.split(path.sep);
  if (fromTop === 'contract' && (toTop === 'src' || toTop === 'server'))
    return 'contract/ depends on nothing';
  if (fromTop === 'src' && toTop === 'server') return 'the SPA must not import the server';
  if (fromTop === 'server' && toTop === 'src') return 'the server must not import the SPA';
  if (fromTop !== 'src' || toTop !== 'src') return null;
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
              name: 'typebox',
              allowTypeImports: true,
              message: 'The SPA imports contract types with `import type` only.',
            },
          ],
        },
      ],
    },
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
    files: ['src/locales/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '.*', message: 'Message catalogue files import nothing.' }] },
      ],
    },
  },
  {
    files: ['src/lib/http.ts', 'src/**/*.test.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
);

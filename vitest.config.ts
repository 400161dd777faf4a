import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      globals: true,
      projects: [
        {
          extends: true,
          test: {
            name: 'web',
            environment: 'jsdom',
            include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.{ts,tsx}'],
            exclude: ['tests/lint/**'],
            setupFiles: ['tests/setup.ts'],
            // antd in jsdom on a 2-core machine: a first render can take seconds under load.
            testTimeout: 20_000,
          },
        },
        {
          extends: true,
          test: {
            // The lint rules' own tests: ESLint's Node API on made-up files, no browser environment.
            name: 'lint',
            environment: 'node',
            include: ['tests/lint/**/*.test.ts'],
            testTimeout: 20_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'server',
            environment: 'node',
            // A worker loads the server's modules once and runs its test files one after another on them:
            // building the app's module graph afresh for each file was half of the suite's time. Nothing of
            // an app outlives its close (its listeners are kept per app: lib/listeners.ts).
            isolate: false,
            include: ['server/test/**/*.test.ts'],
            setupFiles: ['server/test/support/setup.ts'],
            globalSetup: [
              'server/test/support/postgres-global-setup.ts',
              'server/test/support/sqlite-template-global-setup.ts',
            ],
            testTimeout: 20_000,
            hookTimeout: 30_000,
          },
        },
      ],
    },
  }),
);

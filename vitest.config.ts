import { defineConfig } from 'vitest/config';

// Two tiers (docs/architecture): unit tests next to the code, and integration tests
// (*.int.test.ts) on a fresh migrated database: PGlite by default, PostgreSQL when DATABASE_URL is set.
// The web app's component tests (*.test.tsx) are unit tests in jsdom, with React Testing Library (decision 180).
export default defineConfig({
  test: {
    // Unit and integration files share three workers: on two cores a third keeps the CPU busy while an integration
    // test waits on a timer, a child process or a database start (CI time, decision 168).
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}', 'tools/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', 'apps/web/src/**/*.test.tsx', '**/node_modules/**'],
          environment: 'node',
          // One module graph per worker, not per file: the files' own imports were two thirds of this project's CPU
          // (unit 128 → 47 s, web components 127 → 65 s of CPU; decision 257). Lint forbids module mocks in tests,
          // and globals are unstubbed after each test.
          isolate: false,
          unstubGlobals: true,
        },
      },
      {
        test: {
          name: 'web-components',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: './apps/web/src/test/jsdom-environment.ts',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // The wizard's second step is a large form: its first render takes about a second in jsdom on two busy cores,
          // and a test types into many of its fields (CI's 2026-11-29 run: one test over 20 s while the suite shared the cores).
          testTimeout: 60_000,
          // As the unit project (decision 257): setup.ts cleans the document and local storage after each test.
          isolate: false,
          unstubGlobals: true,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['packages/*/src/**/*.int.test.ts', 'apps/server/src/**/*.int.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Files share a worker's loaded modules (the whole server, ~3 s of CPU per file otherwise): every file
          // builds its own app on its own database, and no integration test mocks a module (CI time, decision 168).
          isolate: false,
        },
      },
    ],
  },
});

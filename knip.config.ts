import type { KnipConfig } from 'knip';

// knip finds unused files, exports and dependencies; it runs in `npm run lint` (issue 29, decision 179).
// Each workspace names its entry points: every file something runs (a script, a worker, a test, a config) that no
// import reaches. Tests are entries, so an export only a test uses is used. Each ignore below says why it is needed.
// Not listed because knip's plugins find them (it says so when they are listed): eslint.config.js and the vitest
// configs, the web app's src/main.tsx (index.html, Vite), and what package.json scripts run: src/server.ts,
// apps/server/build.ts, e2e's bench/page-weight.bench.ts and vitest's global setup.
const tests = ['src/**/*.test.{ts,tsx}'];

const config: KnipConfig = {
  workspaces: {
    '.': {
      entry: ['tools/**/*.test.ts'],
      // The lint fixtures are read as text by ESLint in tools/lint/lint-rules.test.ts: they break rules on purpose
      // (an import cycle, a floating promise) and are never imported, so they are not part of the project.
      project: ['*.{js,ts}', 'tools/**/*.{js,ts}', '!tools/lint/fixtures/**'],
    },
    'packages/domain': {
      // package.json's exports (index, texts, the test factories) are entries too; scripts regenerate data and the
      // README's equation table by hand (`npx tsx packages/domain/scripts/…`).
      entry: [...tests, 'scripts/*.ts', 'bench/*.bench.ts'],
      project: ['src/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts'],
    },
    'packages/contracts': {
      entry: tests,
      project: ['src/**/*.ts'],
    },
    'packages/db': {
      // The test/ processes are started by path (a crash in the middle of a write, a handle never closed).
      entry: [...tests, 'src/test/*.ts'],
      project: ['src/**/*.ts'],
      ignoreIssues: {
        // Kysely runs each migration's `up` through the namespace objects that migrations/index.ts lists in a
        // record; knip does not count a namespace stored in an object as a use of its members.
        'src/migrations/0*.ts': ['exports'],
      },
    },
    'apps/server': {
      entry: [
        'src/cli/*.ts',
        'src/scripts/*.ts',
        'bench/*.bench.ts',
        // report-pool.ts starts its worker threads by URL: from source a bundle of the worker (decision 263).
        'src/modules/reports/report-render.worker.ts',
        // common-passwords.ts starts the password judge's worker thread by URL: password-worker.mjs from source.
        'src/lib/password-worker.mjs',
        // prepare-data-dir.ts forks its child by URL (decision 237): prepare-data-dir.mjs from source.
        'src/lib/prepare-data-dir.mjs',
        'src/lib/password-judge.worker.ts',
        ...tests,
      ],
      project: ['src/**/*.{ts,tsx,mjs}', 'bench/**/*.ts', '*.ts'],
      // System packages CI installs: poppler-utils (the report tests read PDFs, decision 073), Caddy (decision 223).
      ignoreBinaries: ['pdftotext', 'pdfinfo', 'pdfimages', 'caddy'],
    },
    'apps/web': {
      entry: [
        // scripts/prerender.mjs builds it for the server with Vite's ssr option: no import reaches it.
        'src/prerender/login-page.tsx',
        // vite.config.ts passes its path to the scroll-area plugin (vite/scroll-area-refs.ts), which swaps it in.
        'src/lib/scroll-area-merge-refs.ts',
        'scripts/*.mjs',
        ...tests,
      ],
      project: ['src/**/*.{ts,tsx}', 'vite/**/*.ts', 'scripts/**/*.mjs', '*.ts'],
    },
    e2e: {
      entry: ['specs/*.e2e.ts'],
      project: ['**/*.ts'],
      // support/axe.ts reads axe-core's browser bundle by path (require.resolve('axe-core/axe.min.js')) and injects
      // it into the page: no import.
      ignoreDependencies: ['axe-core'],
    },
  },
};

export default config;

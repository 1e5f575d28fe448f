/**
 * Compiles the server into dist/ (npm start runs it with plain node: no TypeScript compiler at start-up), with the
 * embedded database's worker thread as a second entry.
 * Our workspace packages (TypeScript sources) are bundled in; every npm dependency stays an import of
 * node_modules. Dynamic imports (the locations dataset in the migrations) become chunks loaded only
 * when reached.
 */
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const workspaceManifests = ['../../packages/domain', '../../packages/contracts', '../../packages/db', '.'].map(
  (dir) =>
    JSON.parse(readFileSync(new URL(`${dir}/package.json`, import.meta.url), 'utf8')) as {
      dependencies?: Record<string, string>;
    },
);
// esbuild too: @medida/db bundles its worker with it when run from the sources, never from dist/ (decision 263).
const external = [
  ...new Set([...workspaceManifests.flatMap((m) => Object.keys(m.dependencies ?? {})), 'esbuild']),
].filter((name) => !name.startsWith('@medida/'));

await build({
  entryPoints: {
    server: new URL('./src/server.ts', import.meta.url).pathname,
    // The embedded database's worker thread: @medida/db starts it as ./pglite-worker.js beside its own chunk.
    'pglite-worker': new URL('../../packages/db/src/pglite-worker.ts', import.meta.url).pathname,
    // The report renderer's worker threads (report-pool.ts start it as ./report-worker.js beside their chunk).
    'report-worker': new URL('./src/modules/reports/report-render.worker.ts', import.meta.url).pathname,
    // The operator's backup and restore (decision 225), for an installation without the dev tools (the image).
    backup: new URL('./src/cli/backup.ts', import.meta.url).pathname,
    restore: new URL('./src/cli/restore.ts', import.meta.url).pathname,
    // A new embedded database's creation, in a child process (lib/prepare-data-dir.ts forks ./prepare-data-dir.js).
    'prepare-data-dir': new URL('./src/lib/prepare-data-dir.main.ts', import.meta.url).pathname,
    // The password judge's worker thread (common-passwords.ts starts it as ./password-worker.js beside its chunk).
    'password-worker': new URL('./src/lib/password-judge.worker.ts', import.meta.url).pathname,
  },
  outdir: new URL('./dist', import.meta.url).pathname,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // A package's subpaths (kysely/helpers, @electric-sql/pglite/…) are external too.
  external: external.flatMap((name) => [name, `${name}/*`]),
  jsx: 'automatic',
  sourcemap: 'linked',
  logLevel: 'warning',
  legalComments: 'none',
});

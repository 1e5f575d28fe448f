import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.ts';

/** Whether the embedded database's directory holds no database yet (PGlite would run initdb on opening it). */
export const isNewEmbeddedDatabase = (config: Pick<Config, 'databaseUrl' | 'dataDir'>): boolean =>
  !config.databaseUrl && !existsSync(path.join(config.dataDir, 'pgdata', 'PG_VERSION'));

/**
 * Creates, migrates and (with SEED_DEMO) seeds a new embedded database in a child process that then exits
 * (prepare-data-dir.main.ts). Done in the server's own process, PostgreSQL's initdb grew the database thread's
 * WebAssembly memory and the hashing of the demo passwords the native heap, by about 150 MB the server then kept
 * for its whole life; a process that exits gives all of it back (decision 237). Rejects with the child's message.
 */
export function prepareNewDataDir(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = fileURLToPath(
    new URL(fromSource ? './prepare-data-dir.mjs' : './prepare-data-dir.js', import.meta.url),
  );
  return new Promise((resolve, reject) => {
    const child = fork(entry, { env, execArgv: ['--enable-source-maps'], stdio: ['ignore', 'inherit', 'pipe', 'ipc'] });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(stderr.trim() || `preparing the data directory failed (${code})`)),
    );
  });
}

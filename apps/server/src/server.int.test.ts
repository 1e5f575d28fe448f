import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb } from '@medida/db';
import { afterAll, describe, expect, it } from 'vitest';

const serverEntry = fileURLToPath(new URL('./server.ts', import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'medida-server-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The real process on the embedded database (DATABASE_URL cleared on purpose: this is about PGlite's files). */
function startServer(env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const waitFor = async (pattern: RegExp) => {
    const deadline = Date.now() + 150_000;
    while (!pattern.test(output)) {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`server did not print ${pattern}:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return { child, exited, waitFor, output: () => output };
}

// Both tests clear DATABASE_URL: the PostgreSQL pass would run them again unchanged (decision 258).
describe.skipIf(process.env.DATABASE_URL)('server process', () => {
  it('boots, seeds the demo account, prints its credentials, and shuts down cleanly on SIGTERM', async () => {
    const server = startServer();
    await server.waitFor(/Demo professional: demo@medida\.app \/ Medida-Demo-2026/);
    await server.waitFor(/Server listening/);

    // A second process on the same data directory refuses with a clear message.
    const second = startServer();
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/is in use by another running Medida process \(pid \d+/);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toContain('Medida-Demo-2026x');

    // A clean shutdown leaves no lock behind: the next open needs no stale-lock handling.
    expect(existsSync(path.join(dataDir, 'pgdata.lock'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'pgdata', 'postmaster.pid'))).toBe(false);
    const reopened = await createDb({ pglite: { dataDir: path.join(dataDir, 'pgdata') } });
    const demo = await reopened.db.selectFrom('users').select(['email', 'creditos', 'type', 'cambia_pass']).execute();
    expect(demo).toEqual([{ email: 'demo@medida.app', creditos: 100, type: 1, cambia_pass: 0 }]);
    await reopened.close();
  }, 240_000); // a first boot runs initdb and every migration's seed

  it('stops with a clear message on a wrong configuration value', async () => {
    const server = startServer({ PORT: 'eighty', SEED_DEMO: 'maybe' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/Invalid configuration:[\s\S]*PORT[\s\S]*SEED_DEMO/);
  });
});

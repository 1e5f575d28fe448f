import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb } from '@medida/db';
import { createEmptyTestDb, createFreshTestDb, createMigratedPglite } from '@medida/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, startServer } from '../../bench/server-process.ts';
import { loadConfig } from '../config.ts';
import { faultOperations, seedFaultAccount, seededRandom, type FaultAccount } from '../test/fault-harness.ts';
import { tableContents } from '../test/table-contents.ts';
import { runBackup, runRestore } from './backup-cli.ts';

/**
 * The restore drill (issue 34 item 4, decision 225), as an operator runs it: the compiled server runs and takes
 * writes (evaluations, credit transfers, uploads); `npm run backup` makes an archive while it runs (on the embedded
 * database through the server's control socket, on PostgreSQL by reading the database itself); the installation is
 * wiped; `npm run restore` into an empty one verifies every file and the audit trail; both are compared row for row.
 */
const postgresUrl = process.env.DATABASE_URL || undefined;

function output() {
  const lines: string[] = [];
  return { lines, io: { out: (l: string) => void lines.push(l), err: (l: string) => void lines.push(l) } };
}

describe(`restore drill (${postgresUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  let dir: string;
  let account: FaultAccount;
  let sourceUrl: string | undefined;
  let closeSource: (() => Promise<void>) | undefined;
  const secretKey = 'a'.repeat(64);
  const env = (dataDir: string, databaseUrl = '') => ({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SECRET_KEY: secretKey,
    LOG_LEVEL: 'silent',
  });

  beforeAll(async () => {
    await buildServer();
    dir = await mkdtemp(path.join(tmpdir(), 'medida-drill-'));
    await mkdir(path.join(dir, 'source'));
    if (postgresUrl) {
      const source = await createFreshTestDb({ DATABASE_URL: postgresUrl });
      account = await seedFaultAccount(source.db);
      sourceUrl = source.connectionString;
      closeSource = () => source.close();
    } else {
      const handle = await createMigratedPglite(path.join(dir, 'source', 'pgdata'));
      account = await seedFaultAccount(handle.db);
      await handle.close();
    }
  }, 300_000);

  afterAll(async () => {
    await closeSource?.();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('backs up a running server, restores into an empty installation that verifies, and equals the source', async () => {
    const sourceEnv = env(path.join(dir, 'source'), sourceUrl);
    const server = await startServer({ ...sourceEnv, UPLOAD_REQUESTS_PER_HOUR: '1000' });
    const archive = path.join(dir, 'medida.tar.gz');
    try {
      const random = seededRandom(225);
      for (const op of faultOperations(account))
        for (let n = 1; n <= 2; n++) {
          const { path: route, init } = await op.request(n, random);
          const res = await fetch(server.url + route, init);
          expect(res.status, `${op.name}: ${await res.text()}`).toBe(200);
        }
      const backup = output();
      expect(await runBackup(archive, loadConfig(sourceEnv), backup.io)).toBe(0);
      expect(backup.lines.join('\n')).toMatch(postgresUrl ? /Backup written/ : /The server running on .* writes/);
    } finally {
      await server.stop();
    }

    // The source as the archive holds it: nothing wrote after the backup but the server's own shutdown checkpoint.
    const source = postgresUrl
      ? await createDb({ postgres: { connectionString: sourceUrl! } })
      : await createDb({ pglite: { dataDir: path.join(dir, 'source', 'pgdata') } });
    const expected = await tableContents(source.db, {
      except: ['audit_checkpoints', 'audit_checkpoint_heads', 'sessions'],
    });
    await source.close();

    // Wiped: a new, empty installation; only the key is carried over, as the README says.
    const target = postgresUrl ? await createEmptyTestDb({ DATABASE_URL: postgresUrl }) : null;
    const targetDir = path.join(dir, 'target');
    const targetEnv = env(targetDir, target?.connectionString);
    try {
      const restore = output();
      expect(
        await runRestore({ file: archive, newKey: false }, loadConfig(targetEnv), restore.io),
        restore.lines.join('\n'),
      ).toBe(0);
      expect(restore.lines.join('\n')).toMatch(/Files: 2 of 2 match their records/);
      expect(restore.lines.join('\n')).toMatch(/Audit trail: [1-9]\d* events in \d+ chains, 0 problems/);
      const restored = target ?? (await createDb({ pglite: { dataDir: path.join(targetDir, 'pgdata') } }));
      try {
        expect(
          await tableContents(restored.db, { except: ['audit_checkpoints', 'audit_checkpoint_heads', 'sessions'] }),
        ).toEqual(expected);
      } finally {
        if (!target) await restored.close();
      }
    } finally {
      await target?.close();
    }
  }, 600_000);

  it('refuses a restore without the server key, and into an installation that holds data', async () => {
    const emptyDir = await mkdtemp(path.join(dir, 'nokey-'));
    const withoutKey = output();
    const config = loadConfig({ DATA_DIR: emptyDir, DATABASE_URL: '', LOG_LEVEL: 'silent' });
    expect(await runRestore({ file: path.join(dir, 'medida.tar.gz'), newKey: false }, config, withoutKey.io)).toBe(1);
    expect(withoutKey.lines.join('\n')).toMatch(/No server key here/);

    const full = output();
    const sourceConfig = loadConfig(env(path.join(dir, 'source'), sourceUrl));
    expect(await runRestore({ file: path.join(dir, 'medida.tar.gz'), newKey: false }, sourceConfig, full.io)).toBe(1);
    expect(full.lines.join('\n')).toMatch(/holds data/);
  }, 300_000);
});

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb, demoAccountExists, knownMigrations, sql } from '@medida/db';
import { afterAll, describe, expect, it } from 'vitest';
import { isNewEmbeddedDatabase, prepareNewDataDir } from './prepare-data-dir.ts';

/** A new embedded database is created in a child process, whose memory goes back when it exits (decision 237). */
// The embedded database alone: the PostgreSQL pass has nothing of its own to add.
describe.skipIf(process.env.DATABASE_URL)(
  'a new data directory prepared in a child process',
  { timeout: 180_000 },
  () => {
    const made: string[] = [];
    const newDir = async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'medida-prepare-'));
      made.push(dir);
      return dir;
    };
    afterAll(() => Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true }))));
    const embedded = (dataDir: string) => ({ databaseUrl: '', dataDir });

    it('leaves a migrated database with the demo account, which the server then opens as an existing one', async () => {
      const dataDir = await newDir();
      expect(isNewEmbeddedDatabase(embedded(dataDir))).toBe(true);
      await prepareNewDataDir({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'true' });
      expect(isNewEmbeddedDatabase(embedded(dataDir))).toBe(false);
      const handle = await createDb({ pglite: { dataDir: path.join(dataDir, 'pgdata') } });
      try {
        const applied = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(handle.db);
        expect(applied.rows.map((row) => row.name)).toEqual(knownMigrations());
        expect(await demoAccountExists(handle.db)).toBe(true);
      } finally {
        await handle.close();
      }
    });

    it("rejects with the child's own message when the directory cannot be made", async () => {
      const notADirectory = path.join(await newDir(), 'a-file');
      await writeFile(notADirectory, 'not a directory');
      await expect(
        prepareNewDataDir({ ...process.env, DATA_DIR: notADirectory, DATABASE_URL: '', SEED_DEMO: 'false' }),
      ).rejects.toThrow(/ENOTDIR|not a directory/);
    });

    it('is not asked for on PostgreSQL or for a directory that holds a database', async () => {
      expect(isNewEmbeddedDatabase({ databaseUrl: 'postgres://localhost/x', dataDir: await newDir() })).toBe(false);
    });
  },
);

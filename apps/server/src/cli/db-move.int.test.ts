import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb, holdsNoData } from '@medida/db';
import { createEmptyTestDb, createMigratedPglite } from '@medida/db/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { readVerified } from '../lib/storage.ts';
import { storedBlobRows } from '../modules/attachments/attachments.service.ts';
import { createPostgresStorage } from '../modules/blobs/blobs.service.ts';
import { evaluationBody } from '../test/evaluation-factories.ts';
import { seedFaultAccount } from '../test/fault-harness.ts';
import { multipartPayload, sampleFiles } from '../test/people-factories.ts';
import { tableContents } from '../test/table-contents.ts';
import { createTestApp } from '../test/test-app.ts';
import { runMove } from './backup-cli.ts';

/**
 * The move (issue 34 item 5, decision 225): an embedded installation with clients, evaluations, uploads and their
 * trail moves into an empty PostgreSQL database with its files in PostgreSQL, equal row for row and byte for byte,
 * its chains verified there; a missing file stops the move before anything is written to PostgreSQL.
 */
describe.skipIf(!process.env.DATABASE_URL)('npm run db:move', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  /** An embedded installation in a new DATA_DIR, written through the app: two evaluations and two uploads. */
  async function embeddedInstallation(): Promise<string> {
    const dir = await mkdtemp(path.join(tmpdir(), 'medida-move-'));
    dirs.push(dir);
    const handle = await createMigratedPglite(path.join(dir, 'pgdata'));
    const account = await seedFaultAccount(handle.db);
    const ctx = await createTestApp({ DATA_DIR: dir, DATABASE_URL: '' }, { handle });
    const auth = { authorization: `Bearer ${account.token}` };
    for (const fecha of ['2026-01-05', '2026-01-12']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/web/ingresaevaluacion',
        headers: auth,
        payload: evaluationBody(account.clientId, account.ownerId, { fecha }),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const title of ['lab', 'consent']) {
      const upload = await multipartPayload(
        { ...account.clientFields, id_uploader: account.ownerId, files_info: [{ title, description: title }] },
        [{ name: `${title}.pdf`, data: sampleFiles.pdf(80_000) }],
      );
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/web/editaperfil',
        headers: { ...auth, ...upload.headers },
        payload: upload.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await ctx.close(); // closes the database too
    return dir;
  }

  function output() {
    const lines: string[] = [];
    return { lines, io: { out: (l: string) => void lines.push(l), err: (l: string) => void lines.push(l) } };
  }

  it('moves every row and file into PostgreSQL, verified there, and says what to set next', async () => {
    const dir = await embeddedInstallation();
    const target = await createEmptyTestDb();
    try {
      const moved = output();
      const env = { DATA_DIR: dir, LOG_LEVEL: 'silent' };
      const code = await runMove(
        loadConfig({ ...env, DATABASE_URL: '' }),
        loadConfig({ ...env, DATABASE_URL: target.connectionString }),
        moved.io,
      );
      expect(code, moved.lines.join('\n')).toBe(0);
      expect(moved.lines.join('\n')).toMatch(/Files: 2 of 2 match their records/);
      expect(moved.lines.join('\n')).toMatch(
        /Moved\. Next, for every instance: DATABASE_URL=.*SECRET_KEY=.*BLOB_STORAGE=postgres/,
      );

      const source = await createDb({ pglite: { dataDir: path.join(dir, 'pgdata') } });
      try {
        expect(await tableContents(target.db)).toEqual(await tableContents(source.db));
      } finally {
        await source.close();
      }
      const files = createPostgresStorage(target.db);
      const blobs = await storedBlobRows(target.db);
      expect(blobs).toHaveLength(2);
      for (const blob of blobs) expect(await readVerified(files, blob)).not.toBeNull();
    } finally {
      await target.close();
    }
  }, 300_000);

  it('stops before writing anything to PostgreSQL when a file of the installation is missing', async () => {
    const dir = await embeddedInstallation();
    const blobDir = path.join(dir, 'uploads', 'blobs');
    const [fanOut] = await readdir(blobDir);
    const [first] = await readdir(path.join(blobDir, fanOut!));
    await rm(path.join(blobDir, fanOut!, first!));
    const target = await createEmptyTestDb();
    try {
      const moved = output();
      const env = { DATA_DIR: dir, LOG_LEVEL: 'silent' };
      const code = await runMove(
        loadConfig({ ...env, DATABASE_URL: '' }),
        loadConfig({ ...env, DATABASE_URL: target.connectionString }),
        moved.io,
      );
      expect(code).toBe(1);
      expect(moved.lines.join('\n')).toMatch(new RegExp(`file ${first} is missing`));
      expect(await holdsNoData(target.db)).toBe(true);
    } finally {
      await target.close();
    }
  }, 300_000);
});

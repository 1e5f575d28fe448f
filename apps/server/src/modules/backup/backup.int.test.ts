import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { holdsNoData, type Database, type Kysely } from '@medida/db';
import { createEmptyTestDb } from '@medida/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readVerified, createDiskStorage, type BlobStorage } from '../../lib/storage.ts';
import { createTarGz, tarGzEntries } from '../../lib/tar-archive.ts';
import { evaluationBody } from '../../test/evaluation-factories.ts';
import { seedFaultAccount, type FaultAccount } from '../../test/fault-harness.ts';
import { multipartPayload, sampleFiles } from '../../test/people-factories.ts';
import { tableContents } from '../../test/table-contents.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { verifyAuditTrail } from '../audit/audit-verify.ts';
import { storedBlobRows } from '../attachments/attachments.service.ts';
import { entryKind, pageLines } from './backup-archive.ts';
import { BackupError, restoreBackup, writeBackup } from './backup.service.ts';

/** A copy of `file` with `change` applied to its entries (one dropped, one altered). */
async function tampered(file: string, change: (name: string, data: Buffer) => Buffer | null): Promise<string> {
  const out = `${file}.${Math.random().toString(36).slice(2)}.tar.gz`;
  const writer = createTarGz(out);
  for await (const entry of tarGzEntries(file)) {
    const data = change(entry.name, entry.data);
    if (data) await writer.add(entry.name, data);
  }
  await writer.finish();
  return out;
}

/**
 * Backup and restore (issue 34 item 4, decision 225): an installation with clients, evaluations, credits, an
 * uploaded file and its audit trail is archived while its server runs, restored into an empty database and file
 * store, and compared row for row and byte for byte; an archive with one row or one file missing is refused before
 * anything is written.
 */
describe('backup and restore', () => {
  let source: TestContext;
  let account: FaultAccount;
  let dir: string;
  let archive: string;
  /** The source as the backup saw it (nothing runs on it in between). */
  let backedUp: Record<string, string[]>;

  beforeAll(async () => {
    source = await createTestApp();
    account = await seedFaultAccount(source.db);
    const auth = { authorization: `Bearer ${account.token}` };
    for (const fecha of ['2026-01-05', '2026-01-12']) {
      const res = await source.app.inject({
        method: 'POST',
        url: '/web/ingresaevaluacion',
        headers: auth,
        payload: evaluationBody(account.clientId, account.ownerId, { fecha }),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const upload = await multipartPayload(
      {
        ...account.clientFields,
        id_uploader: account.ownerId,
        files_info: [{ title: 'lab', description: 'hemograma' }],
      },
      [{ name: 'lab.pdf', data: sampleFiles.pdf(150_000) }],
    );
    const saved = await source.app.inject({
      method: 'POST',
      url: '/web/editaperfil',
      headers: { ...auth, ...upload.headers },
      payload: upload.payload,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    dir = await mkdtemp(path.join(tmpdir(), 'medida-backup-'));
    archive = path.join(dir, 'medida.tar.gz');
    await writeBackup(backupDeps(), archive);
    backedUp = await tableContents(source.db);
  }, 120_000);

  afterAll(async () => {
    await source?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const backupDeps = () => ({
    db: source.db,
    storage: source.app.deps.storage,
    now: () => new Date(),
    source: 'test',
  });

  async function target(): Promise<{ db: Kysely<Database>; storage: BlobStorage; close(): Promise<void> }> {
    const handle = await createEmptyTestDb();
    const storage = createDiskStorage(await mkdtemp(path.join(dir, 'files-')));
    return { db: handle.db, storage, close: () => handle.close() };
  }

  it('restores every row and every file, and the audit chains verify', async () => {
    const restored = await target();
    try {
      const summary = await restoreBackup(restored, archive);
      expect(summary.files).toBe(1);
      expect(await tableContents(restored.db)).toEqual(backedUp);
      const blobs = await storedBlobRows(restored.db);
      expect(blobs).toHaveLength(1);
      for (const blob of blobs) expect(await readVerified(restored.storage, blob)).not.toBeNull();
      const audit = await verifyAuditTrail(restored.db);
      expect(audit.problems).toEqual([]);
      expect(audit.rows).toBeGreaterThan(0);
      // Ids go on where the source's left off: nothing restored is handed out again.
      const next = await source.app.inject({
        method: 'POST',
        url: '/web/ingresaevaluacion',
        headers: { authorization: `Bearer ${account.token}` },
        payload: evaluationBody(account.clientId, account.ownerId, { fecha: '2026-01-19' }),
      });
      expect(next.statusCode).toBe(200);
    } finally {
      await restored.close();
    }
  }, 300_000); // a schema built from nothing: every migration and its reference data

  it('refuses an archive with one row missing, and writes nothing', async () => {
    let dropped = false;
    const cut = await tampered(archive, (name, data) => {
      const kind = entryKind(name);
      if (dropped || kind.kind !== 'page' || kind.table !== 'evaluations') return data;
      dropped = true;
      return Buffer.from(`${pageLines(data).slice(1).join('\n')}\n`);
    });
    expect(dropped).toBe(true);
    const restored = await target();
    try {
      await expect(restoreBackup(restored, cut)).rejects.toThrow(/table evaluations: 1 rows, the manifest says 2/);
      expect(await holdsNoData(restored.db)).toBe(true);
      expect(await restored.storage.keys()).toEqual([]);
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('refuses an archive with one file missing or changed, and writes nothing', async () => {
    const withoutFile = await tampered(archive, (name, data) => (entryKind(name).kind === 'file' ? null : data));
    const changedFile = await tampered(archive, (name, data) =>
      entryKind(name).kind === 'file' ? Buffer.concat([data.subarray(0, -1), Buffer.from('x')]) : data,
    );
    const restored = await target();
    try {
      await expect(restoreBackup(restored, withoutFile)).rejects.toThrow(/file [0-9a-f-]{36} is missing/);
      await expect(restoreBackup(restored, changedFile)).rejects.toThrow(/file [0-9a-f-]{36} differs/);
      expect(await holdsNoData(restored.db)).toBe(true);
      expect(await restored.storage.keys()).toEqual([]);
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('refuses a target that holds data, and an output file that exists', async () => {
    await expect(restoreBackup({ db: source.db, storage: source.app.deps.storage }, archive)).rejects.toThrow(
      BackupError,
    );
    await expect(writeBackup(backupDeps(), archive)).rejects.toThrow(/exists/);
  });
});

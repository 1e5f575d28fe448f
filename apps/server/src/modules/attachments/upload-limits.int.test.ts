import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Database, Transaction } from '@medida/db';
import { createAttachmentsService } from './attachments.service.ts';
import type { StagedFile } from './upload.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR } from '../../lib/clock.ts';
import { bearer, insertUser, login } from '../../test/factories.ts';
import {
  clientBody,
  editableFields,
  multipartPayload,
  sampleFiles,
  twoTenants,
  type UploadFile,
} from '../../test/people-factories.ts';
import { createTestApp } from '../../test/test-app.ts';
import type { Env } from '../../config.ts';
import { USER_TYPE } from '@medida/contracts';

type Tenants = Awaited<ReturnType<typeof twoTenants>>;
type Client = { id: number; email: string };

/** Issue 10 item 4 (uploads): bytes per request, storage per account, uploads per user and hour (decision 054). */
async function setUp(env: Env) {
  const ctx = await createTestApp(env);
  const t = await twoTenants(ctx);
  const uploads = path.join(ctx.app.deps.config.dataDir, 'uploads');
  const info = (n: number) => Array.from({ length: n }, (_, i) => ({ title: `Doc ${i}`, description: `d${i}` }));
  async function upload(
    actor: { id: number; headers: object },
    client: Client,
    files: UploadFile[],
    extra: Record<string, unknown> = {},
    headers: object = {},
  ) {
    const { parent_user_id: parentId } = await ctx.db
      .selectFrom('users')
      .select('parent_user_id')
      .where('id', '=', client.id)
      .executeTakeFirstOrThrow();
    const fields = {
      ...editableFields(clientBody(t.ids, parentId!)),
      id_usuario: client.id,
      email: client.email,
      id_uploader: actor.id,
      ...(files.length > 0 ? { files_info: info(files.length) } : {}),
      ...extra,
    };
    const { payload, headers: h } = await multipartPayload(fields, files);
    return ctx.app.inject({
      method: 'POST',
      url: '/web/editaperfil',
      headers: { ...actor.headers, ...headers, ...h },
      payload,
    });
  }
  const rowsOf = (userId: number) =>
    ctx.db.selectFrom('attachments').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const countFiles = async (dir: string) => {
    try {
      return (await readdir(path.join(uploads, dir), { recursive: true, withFileTypes: true })).filter((e) =>
        e.isFile(),
      ).length;
    } catch {
      return 0;
    }
  };
  return { ctx, t, upload, rowsOf, blobCount: () => countFiles('blobs'), tmpCount: () => countFiles('tmp') };
}

const pdf = (bytes: number, name = 'doc.pdf'): UploadFile => ({ name, data: sampleFiles.pdf(bytes) });

describe('bytes per request', () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  let small: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp({});
    small = await setUp({ UPLOAD_REQUEST_MAX_BYTES: '150000' });
  });
  afterAll(async () => {
    await s?.ctx.close();
    await small?.ctx.close();
  });

  it('refuses three files just under 10 MB each (30 MB > 25 MB) and stores nothing', async () => {
    const res = await s.upload(s.t.owner, s.t.client, [pdf(9_999_999), pdf(9_999_999), pdf(9_999_999)]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      error: {
        code: 'payload_too_large',
        key: 'errors.uploadRequestTooLarge',
        message: 'Los archivos de un mismo guardado son demasiado grandes en conjunto. Guárdalos en varias veces.',
      },
    });
    expect(await s.rowsOf(s.t.client.id)).toEqual([]);
    expect(await s.blobCount()).toBe(0);
    expect(await s.tmpCount()).toBe(0);
  });

  it('counts the bytes as they stream (no Content-Length to trust) and cleans up the files already staged', async () => {
    const res = await small.upload(
      small.t.owner,
      small.t.client,
      [pdf(100_000), pdf(100_000)],
      {},
      {
        'accept-language': 'en',
      },
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: { key: 'errors.uploadRequestTooLarge' } });
    expect(res.json().error.message).toMatch(/too large together/);
    expect(await small.rowsOf(small.t.client.id)).toEqual([]);
    expect(await small.tmpCount()).toBe(0);
    // Within the budget, the same files in two saves are fine.
    expect((await small.upload(small.t.owner, small.t.client, [pdf(100_000)])).statusCode).toBe(200);
    expect((await small.upload(small.t.owner, small.t.client, [pdf(100_000)])).statusCode).toBe(200);
  });
});

describe('storage quota per account', () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  let t: Tenants;
  let colleague: { id: number; headers: object };
  let colleaguesClient: Client;
  beforeAll(async () => {
    s = await setUp({ UPLOAD_ACCOUNT_QUOTA_BYTES: '300000' });
    t = s.t;
    colleague = { id: t.colleague.id, headers: bearer(await login(s.ctx.app, t.colleague)) };
    colleaguesClient = await insertUser(s.ctx, {
      type: USER_TYPE.client,
      parent_user_id: t.colleague.id,
      pais_id: t.ids.pais_id,
      region_id: t.ids.region_id,
      comuna_id: t.ids.comuna_id,
    });
  });
  afterAll(() => s?.ctx.close());

  it('counts every upload of the account tree and refuses what would pass the quota', async () => {
    expect((await s.upload(t.owner, t.client, [pdf(200_000)])).statusCode).toBe(200);
    // A network professional's uploads count against the same account.
    expect((await s.upload(colleague, colleaguesClient, [pdf(80_000)])).statusCode).toBe(200);
    const blobs = await s.blobCount();
    const res = await s.upload(t.owner, t.client, [pdf(30_000)], { nombre: 'No guardado' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: { code: 'payload_too_large', key: 'errors.storageQuotaExceeded' } });
    expect(await s.rowsOf(t.client.id)).toHaveLength(1);
    expect(await s.blobCount()).toBe(blobs);
    expect(await s.tmpCount()).toBe(0);
    const user = await s.ctx.db
      .selectFrom('users')
      .select('nombre')
      .where('id', '=', t.client.id)
      .executeTakeFirstOrThrow();
    expect(user.nombre).not.toBe('No guardado');
    // Another account has its own quota.
    expect((await s.upload(t.other, { ...t.otherClient }, [pdf(250_000)])).statusCode).toBe(200);
  });

  it('frees the space of files deleted in the same save', async () => {
    const [big] = await s.rowsOf(t.client.id);
    const res = await s.upload(t.owner, t.client, [pdf(150_000)], { deleted_files: [big!.id] });
    expect(res.statusCode).toBe(200);
    expect((await s.rowsOf(t.client.id)).map((r) => r.size_bytes)).toEqual([150_000]);
  });

  it('lets concurrent uploads of one account together stay within the quota', async () => {
    // Stored: 150,000 + 80,000 = 230,000; room for exactly one more 50,000 file, not two.
    const results = await Promise.all(Array.from({ length: 5 }, () => s.upload(t.owner, t.client, [pdf(50_000)])));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 413, 413, 413, 413]);
    const rows = await s.ctx.db
      .selectFrom('attachments')
      .innerJoin('users', 'users.id', 'attachments.user_id')
      .select('attachments.size_bytes')
      .where('users.account_root_id', '=', t.owner.id)
      .execute();
    expect(rows.reduce((sum, r) => sum + r.size_bytes, 0)).toBe(280_000);
  });
});

describe('quota under concurrency (PostgreSQL: two connections)', () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp({ UPLOAD_ACCOUNT_QUOTA_BYTES: '100000' });
  });
  afterAll(() => s?.ctx.close());

  it("makes a second upload wait for the first one's commit and then count its bytes", async () => {
    const { ctx, t } = s;
    const { storage } = ctx.app.deps;
    const service = createAttachmentsService({ db: ctx.db, storage, config: ctx.app.deps.config });
    const staged = async () => ({
      ...(await storage.stage(Readable.from([Buffer.from(sampleFiles.pdf(60_000))]))),
      originalName: 'a.pdf',
      mimeType: 'application/pdf' as const,
    });
    const add = (trx: Transaction<Database>, file: StagedFile) =>
      service.addInTransaction(trx, {
        userId: t.client.id,
        uploaderId: t.owner.id,
        files: [file],
        infos: [{ title: 't', description: 'd' }],
        now: new Date(),
      });
    const [first, second] = [await staged(), await staged()];
    let inserted!: () => void;
    const firstInserted = new Promise<void>((resolve) => (inserted = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // The first upload has inserted its 60 kB and holds its transaction open…
    const a = ctx.db.transaction().execute(async (trx) => {
      await add(trx, first);
      inserted();
      await released;
    });
    await firstInserted;
    // …while the second one checks the quota: it must wait, then see 60 + 60 kB > 100 kB.
    const b = ctx.db.transaction().execute((trx) => add(trx, second));
    await new Promise((r) => setTimeout(r, 300));
    release();
    await a;
    await expect(b).rejects.toMatchObject({ statusCode: 413, key: 'errors.storageQuotaExceeded' });
    expect((await s.rowsOf(t.client.id)).map((r) => r.size_bytes)).toEqual([60_000]);
    await service.rollbackFiles([second]);
  });
});

describe('uploads per user and hour', () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    // Sessions outlive the hour the test waits.
    s = await setUp({ UPLOAD_REQUESTS_PER_HOUR: '3', SESSION_IDLE_MINUTES: '120' });
  });
  afterAll(() => s?.ctx.close());

  it('answers 429 with Retry-After past the limit, for that user and for saves with files only', async () => {
    const { t } = s;
    for (let i = 0; i < 3; i++) expect((await s.upload(t.owner, t.client, [pdf(1000)])).statusCode).toBe(200);
    const refused = await s.upload(t.owner, t.client, [pdf(1000)], {}, { 'accept-language': 'pt' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({
      error: {
        code: 'too_many_requests',
        key: 'errors.tooManyUploads',
        message: 'Você enviou muitos arquivos em pouco tempo. Tente novamente mais tarde.',
      },
    });
    expect(await s.rowsOf(t.client.id)).toHaveLength(3);
    expect(await s.tmpCount()).toBe(0);
    // A save without files is not an upload; another user has its own budget.
    expect((await s.upload(t.owner, t.client, [], { nombre: 'Sin archivos' })).statusCode).toBe(200);
    expect((await s.upload(t.other, t.otherClient, [pdf(1000)])).statusCode).toBe(200);
    s.ctx.clock.advance(HOUR);
    expect((await s.upload(t.owner, t.client, [pdf(1000)])).statusCode).toBe(200);
  });
});

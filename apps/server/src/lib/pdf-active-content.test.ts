import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PDF_CATALOG, PDF_PAGES, pdfOf, pdfStream } from '../test/hostile-files.ts';
import { inspectPdf } from './pdf-active-content.ts';

const pdf = pdfOf;
const catalog = PDF_CATALOG;
const pages = PDF_PAGES;
const stream = pdfStream;

describe('inspectPdf', () => {
  it('passes a plain document, including binary stream data', () => {
    expect(inspectPdf(pdf(catalog, pages))).toEqual({ ok: true });
    // Stream bytes that happen to spell /JS are pixels, not a dictionary.
    const pixels = Buffer.from('..../JS ..../JS]', 'latin1');
    expect(inspectPdf(pdf(catalog, pages, stream('/Subtype /Image', pixels)))).toEqual({ ok: true });
  });

  it.each([
    ['/OpenAction', '<< /Type /Catalog /Pages 2 0 R /OpenAction 3 0 R >>', 'OpenAction'],
    ['a JavaScript action', '<< /Type /Action /S /JavaScript /JS (app.alert(1)) >>', 'JavaScript'],
    ['/JS alone', '<< /JS (app.alert(1)) >>', 'JS'],
    ['/Launch', '<< /S /Launch /F (cmd.exe) >>', 'Launch'],
    ['an embedded file', '<< /Type /EmbeddedFile /Length 0 >>', 'EmbeddedFile'],
    ['the EmbeddedFiles name tree', '<< /Names << /EmbeddedFiles 4 0 R >> >>', 'EmbeddedFiles'],
    ['a hex-escaped name', '<< /S /J#61vaScript /J#53 (x) >>', 'JavaScript'],
    ['an escaped OpenAction', '<< /Open#41ction 3 0 R >>', 'OpenAction'],
  ])('refuses %s', (_label, object, name) => {
    expect(inspectPdf(pdf(catalog, pages, object))).toEqual({ ok: false, reason: 'active_content', name });
  });

  it('finds an action hidden in a Flate-compressed object stream', () => {
    const hidden = deflateSync(Buffer.from('4 0 << /S /JavaScript /JS (app.alert(1)) >>', 'latin1'));
    const objStm = stream('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', hidden);
    expect(inspectPdf(pdf(catalog, pages, objStm))).toMatchObject({ ok: false, reason: 'active_content' });
    // The same with the filter name escaped and the dictionary's names spelled with #xx.
    const escaped = stream('/Type /Obj#53tm /N 1 /First 4 /Filter /Flate#44ecode', hidden);
    expect(inspectPdf(pdf(catalog, pages, escaped))).toMatchObject({ ok: false, reason: 'active_content' });
    const clean = deflateSync(Buffer.from('4 0 << /Type /Font /Subtype /Type1 >>', 'latin1'));
    expect(inspectPdf(pdf(catalog, pages, stream('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', clean)))).toEqual({
      ok: true,
    });
  });

  it('refuses an object stream it cannot read', () => {
    const garbage = Buffer.from('not deflate data at all', 'latin1');
    expect(
      inspectPdf(pdf(catalog, pages, stream('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', garbage))),
    ).toEqual({
      ok: false,
      reason: 'uninspectable',
    });
    const lzw = stream('/Type /ObjStm /N 1 /First 4 /Filter /LZWDecode', Buffer.from('xx'));
    expect(inspectPdf(pdf(catalog, pages, lzw))).toEqual({ ok: false, reason: 'uninspectable' });
  });

  it('refuses a decompression bomb instead of expanding it', () => {
    const bomb = deflateSync(Buffer.alloc(80 * 1024 * 1024, 0x20));
    const objStm = stream('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', bomb);
    expect(inspectPdf(pdf(catalog, pages, objStm))).toEqual({ ok: false, reason: 'uninspectable' });
  });
});

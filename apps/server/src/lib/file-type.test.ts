import { describe, expect, it } from 'vitest';
import { contentDisposition, detectFileType, sanitizeFileName } from './file-type.ts';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((v) => (typeof v === 'string' ? [...Buffer.from(v)] : [v])));

describe('detectFileType (magic bytes only)', () => {
  it.each([
    ['JPEG', bytes(0xff, 0xd8, 0xff, 0xdb), 'image/jpeg'],
    ['PNG', bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a), 'image/png'],
    ['WebP', bytes('RIFF', 1, 2, 3, 4, 'WEBPVP8 '), 'image/webp'],
    ['PDF', bytes('%PDF-1.4'), 'application/pdf'],
    ['RIFF that is not WebP (WAV)', bytes('RIFF', 1, 2, 3, 4, 'WAVEfmt '), null],
    ['a truncated PNG signature', bytes(0x89, 'PNG'), null],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg">'), null],
    ['HTML', bytes('<!DOCTYPE html>'), null],
    ['a Windows executable', bytes('MZ', 0x90, 0), null],
    ['PDF marker not at the start', bytes(' %PDF-1.4'), null],
    ['empty', bytes(), null],
  ])('%s', (_label, head, expected) => expect(detectFileType(head)).toBe(expected));
});

describe('sanitizeFileName', () => {
  it('keeps only the last path segment and drops control and bidi characters', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('..\\..\\boot.ini')).toBe('boot.ini');
    expect(sanitizeFileName('a\r\nX-Injected: y.pdf')).toBe('aX-Injected: y.pdf');
    expect(sanitizeFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(sanitizeFileName('...hidden')).toBe('hidden');
    expect(sanitizeFileName('')).toBe('file');
  });
  it('caps the length at 120 characters, keeping the extension', () => {
    const name = sanitizeFileName(`${'ñ'.repeat(300)}.pdf`);
    expect(name).toHaveLength(120);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});

describe('contentDisposition (RFC 6266)', () => {
  it('gives an ASCII fallback and the exact UTF-8 name, and the right extension for the real type', () => {
    expect(contentDisposition('informe ñ "x".pdf', 'application/pdf')).toBe(
      `attachment; filename="informe _ x.pdf"; filename*=UTF-8''informe%20%C3%B1%20x.pdf`,
    );
    expect(contentDisposition('photo', 'image/jpeg')).toBe(
      `attachment; filename="photo.jpg"; filename*=UTF-8''photo.jpg`,
    );
    expect(contentDisposition("it's (1).png", 'image/png')).toBe(
      `attachment; filename="it's (1).png"; filename*=UTF-8''it%27s%20%281%29.png`,
    );
  });
});

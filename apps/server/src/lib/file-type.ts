import type { ATTACHMENT_MIME_TYPES } from '@medida/contracts';

export type AllowedMimeType = (typeof ATTACHMENT_MIME_TYPES)[number];

/** Bytes needed to recognise every allowed type (WebP needs 12). */
export const FILE_TYPE_HEAD_BYTES = 16;

const startsWith = (head: Uint8Array, bytes: readonly number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((b, i) => head[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The type of an upload judged by its first bytes (security.md R27), never by its name or declared
 * Content-Type: JPEG, PNG, WebP and PDF only. Anything else (SVG, HTML, executables, empty) is null.
 */
export function detectFileType(head: Uint8Array): AllowedMimeType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(head, ascii('%PDF-'))) return 'application/pdf';
  return null;
}

/**
 * The user's file name reduced to safe metadata: no path, no control or bidi characters, at most
 * 120 characters (the extension kept). It is shown and offered on download, never used as a path.
 */
export function sanitizeFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  let clean = base
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069"]/g, '')
    .trim();
  clean = clean.replace(/^\.+/, '');
  if (clean.length > 120) {
    const dot = clean.lastIndexOf('.');
    const ext = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : '';
    clean = clean.slice(0, 120 - ext.length) + ext;
  }
  return clean || 'file';
}

const EXTENSIONS: Record<AllowedMimeType, string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
  'application/pdf': '.pdf',
};

/** RFC 6266 / 5987 attachment header: an ASCII fallback plus the exact UTF-8 name in filename*. */
export function contentDisposition(fileName: string, mimeType: AllowedMimeType): string {
  let name = sanitizeFileName(fileName);
  if (!name.toLowerCase().endsWith(EXTENSIONS[mimeType]) && !(mimeType === 'image/jpeg' && /\.jpe?g$/i.test(name)))
    name += EXTENSIONS[mimeType];
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * Markup a browser would render as a page (HTML sniffing looks for these tags), for a file whose
 * first bytes claim PDF or an image: a polyglot meant to run script if it is ever opened inline.
 */
const HTML_MARKUP =
  /<(?:!doctype\s+html|html|head|body|script|iframe|frameset|object|embed|svg|meta\s+http-equiv)[\s/>]/i;

export function containsHtmlMarkup(data: Buffer): boolean {
  return HTML_MARKUP.test(data.toString('latin1'));
}

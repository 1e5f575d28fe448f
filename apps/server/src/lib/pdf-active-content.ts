import { constants, inflateSync } from 'node:zlib';

/**
 * PDF names that make a document do something when opened instead of just showing pages: scripts,
 * automatic actions, launching programs, files carried inside (security.md R30, issue 10 item 12).
 */
const ACTIVE_NAMES = new Set(['JavaScript', 'JS', 'OpenAction', 'Launch', 'EmbeddedFile', 'EmbeddedFiles']);
/**
 * Inside stream data (compressed pictures, fonts) any byte sequence can occur, and `/JS` is three
 * bytes: only the long names are looked for there. A JavaScript action always says `/S /JavaScript`
 * next to its `/JS`, so a script hidden in stream bytes is still found.
 */
const LONG_ACTIVE_NAMES = new Set([...ACTIVE_NAMES].filter((n) => n.length >= 6));
/** Inflated object-stream bytes allowed per document (a zip bomb is refused, not expanded). */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

export type PdfVerdict =
  | { ok: true }
  | { ok: false; reason: 'active_content'; name: string }
  /** An object stream that cannot be read (unsupported filter, encrypted, corrupt, too large): could hide anything. */
  | { ok: false; reason: 'uninspectable' };

// A name is `/` and regular characters; `#xx` is a hex-escaped byte (PDF 32000-1 §7.3.5).
// eslint-disable-next-line no-control-regex -- NUL is one of PDF's white-space delimiters
const NAME = /\/([^\x00\t\n\f\r ()<>[\]{}/%]*)/g;
const decodeName = (raw: string) =>
  raw.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

function namesIn(text: string): string[] {
  return [...text.matchAll(NAME)].map(([, name = '']) => decodeName(name));
}
const firstActive = (text: string, set: ReadonlySet<string>) => namesIn(text).find((n) => set.has(n));

interface Stream {
  /** The stream's dictionary (text between the previous `obj` and `stream`). */
  dict: string;
  bodyStart: number;
  bodyEnd: number;
}

/** Every `stream … endstream` body, located as a reader would: /Length when it points at endstream, else the next endstream. */
function streamsOf(text: string): Stream[] {
  const streams: Stream[] = [];
  const keyword = />>\s*stream(\r\n|\n|\r)/g;
  for (let m = keyword.exec(text); m; m = keyword.exec(text)) {
    const bodyStart = m.index + m[0].length;
    const objAt = text.lastIndexOf('obj', m.index);
    const dict = text.slice(Math.max(objAt, m.index - 4096, 0), m.index + 2);
    const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
    let bodyEnd = -1;
    if (length) {
      const end = bodyStart + Number(length[1]);
      if (/^\s*endstream/.test(text.slice(end, end + 16))) bodyEnd = end;
    }
    if (bodyEnd < 0) bodyEnd = text.indexOf('endstream', bodyStart);
    if (bodyEnd < 0) bodyEnd = text.length;
    streams.push({ dict, bodyStart, bodyEnd });
  }
  return streams;
}

/** An object stream's contents, or null when its filters are not ones we decode (anything but Flate). */
function decodeObjectStream(body: Buffer, dictNames: string[], budget: { left: number }): Buffer | null {
  const filters = dictNames.filter((n) => n.endsWith('Decode') || ['Fl', 'AHx', 'A85', 'LZW', 'RL'].includes(n));
  if (filters.some((f) => f !== 'FlateDecode' && f !== 'Fl')) return null;
  if (filters.length === 0) return body;
  let out: Buffer = body;
  try {
    for (let i = 0; i < filters.length; i++) {
      // Sync flush: a truncated stream yields what it has, as PDF readers do.
      out = inflateSync(out, { maxOutputLength: Math.max(1, budget.left), finishFlush: constants.Z_SYNC_FLUSH });
      budget.left -= out.length;
    }
  } catch {
    return null;
  }
  return budget.left >= 0 ? out : null;
}

/**
 * Looks for active content in a PDF: the names above anywhere outside stream data, hex-escaped
 * variants (`/J#61vaScript`) included, and inside Flate-compressed object streams (PDF 1.5), where
 * dictionaries can hide from a plain byte scan. Content and image streams are not decoded: they hold
 * drawing operators and pixels, not dictionaries.
 */
export function inspectPdf(data: Buffer): PdfVerdict {
  const text = data.toString('latin1');
  const streams = streamsOf(text);

  let outside = '';
  let at = 0;
  for (const s of streams) {
    if (s.bodyStart < at) continue;
    outside += text.slice(at, s.bodyStart);
    at = s.bodyEnd;
  }
  outside += text.slice(at);
  const plain = firstActive(outside, ACTIVE_NAMES) ?? firstActive(text, LONG_ACTIVE_NAMES);
  if (plain) return { ok: false, reason: 'active_content', name: plain };

  const budget = { left: MAX_INFLATED_BYTES };
  for (const s of streams) {
    const dictNames = namesIn(s.dict);
    if (!dictNames.includes('ObjStm')) continue;
    const decoded = decodeObjectStream(data.subarray(s.bodyStart, s.bodyEnd), dictNames, budget);
    if (!decoded) return { ok: false, reason: 'uninspectable' };
    const hidden = firstActive(decoded.toString('latin1'), ACTIVE_NAMES);
    if (hidden) return { ok: false, reason: 'active_content', name: hidden };
  }
  return { ok: true };
}

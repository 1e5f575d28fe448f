import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

function crc32(data: Buffer): number {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
  return Buffer.concat([head, Buffer.from(type), data, crc]);
}

/** A tiny PNG file whose header declares width × height (a pixel flood: decoding it would need gigabytes). */
export function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real JPEG carrying EXIF text (a name and an address) as a phone photo would. */
export const jpegWithExif = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .jpeg()
    .withExif({ IFD0: { Artist: 'Secret Name', ImageDescription: 'Calle Falsa 123' } })
    .toBuffer();

/** A PDF made of the given objects (numbered from 1), with a trailer. */
export const pdfOf = (...objects: string[]) =>
  Buffer.from(
    `%PDF-1.7\n${objects.map((o, i) => `${i + 1} 0 obj\n${o}\nendobj\n`).join('')}trailer\n<< /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );
export const PDF_CATALOG = '<< /Type /Catalog /Pages 2 0 R >>';
export const PDF_PAGES = '<< /Type /Pages /Kids [] /Count 0 >>';

/** A stream object's text: the dictionary entries, /Length, and the raw body bytes. */
export const pdfStream = (dict: string, body: Buffer) =>
  Buffer.concat([
    Buffer.from(`<< ${dict} /Length ${body.length} >>\nstream\n`, 'latin1'),
    body,
    Buffer.from('\nendstream', 'latin1'),
  ]).toString('latin1');

/** A PDF 1.5 object stream (Flate) holding `objects` as text: how real generators pack dictionaries. */
export const pdfObjectStream = (objects: string) =>
  pdfStream('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', deflateSync(Buffer.from(objects, 'latin1')));

import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { createGunzip, createGzip } from 'node:zlib';

/**
 * A gzipped POSIX tar (ustar) written and read entry by entry as a stream, for backups (decision 225): any `tar`
 * lists or extracts it, entries may be of any number and the archive of any size (a ZIP written as a stream has no
 * sizes in its entries' headers, and fflate writes no ZIP64), and only the entry being written or read is in memory.
 */

const BLOCK = 512;
const NAME_MAX = 100;
/** Eleven octal digits: 8 GiB less a byte, far above any entry of a backup (a page of rows, one uploaded file). */
const SIZE_MAX = 8 ** 11 - 1;

function header(name: string, size: number, mtime: Date): Buffer {
  if (Buffer.byteLength(name) > NAME_MAX || /[^\x20-\x7e]/.test(name)) throw new Error(`tar entry name ${name}`);
  if (size > SIZE_MAX) throw new Error(`tar entry ${name} too large`);
  const block = Buffer.alloc(BLOCK);
  const octal = (value: number, at: number, width: number) =>
    block.write(`${value.toString(8).padStart(width - 1, '0')}\0`, at, width, 'ascii');
  block.write(name, 0, NAME_MAX, 'ascii');
  octal(0o600, 100, 8);
  octal(0, 108, 8);
  octal(0, 116, 8);
  octal(size, 124, 12);
  octal(Math.floor(mtime.getTime() / 1000), 136, 12);
  block.write('        ', 148, 8, 'ascii'); // the checksum counts its own field as spaces
  block.write('0', 156, 1, 'ascii'); // a regular file
  block.write('ustar\u000000', 257, 8, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return block;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

export interface TarWriter {
  add(name: string, data: Buffer): Promise<void>;
  /** Writes the end of the archive and closes the file. */
  finish(): Promise<void>;
  /** After a failure: stops writing (the caller removes the file). */
  abort(): void;
}

/** A new file (refused if it exists) written with mode 0600: an archive holds every client's data. */
export function createTarGz(filePath: string, mtime = new Date()): TarWriter {
  const out = createWriteStream(filePath, { flags: 'wx', mode: 0o600 });
  const gzip = createGzip();
  gzip.pipe(out);
  let failure: Error | null = null;
  // Rejects at the first error of either stream: a write waiting for `drain` that will never come is woken by it.
  const failed = new Promise<never>((_, reject) => {
    const fail = (error: Error) => reject((failure ??= error));
    out.on('error', fail);
    gzip.on('error', fail);
  });
  failed.catch(() => {}); // read through `failure`; unobserved until a write waits
  const write = async (chunk: Buffer) => {
    if (failure) throw failure;
    if (!gzip.write(chunk)) await Promise.race([once(gzip, 'drain'), failed]);
  };
  return {
    async add(name, data) {
      await write(header(name, data.length, mtime));
      await write(data);
      await write(padding(data.length));
    },
    async finish() {
      await write(Buffer.alloc(BLOCK * 2));
      gzip.end();
      await once(out, 'close');
      if (failure) throw failure;
    },
    abort() {
      gzip.destroy();
      out.destroy();
    },
  };
}

export interface TarEntry {
  name: string;
  data: Buffer;
}

const field = (block: Buffer, at: number, width: number) =>
  block
    .subarray(at, at + width)
    .toString('ascii')
    .replace(/\0.*$/s, '')
    .trim();

/** Bytes arriving in chunks, taken from the front in pieces of a known size (each chunk copied once). */
function byteQueue() {
  const chunks: Buffer[] = [];
  let length = 0;
  return {
    get length() {
      return length;
    },
    push(chunk: Buffer) {
      chunks.push(chunk);
      length += chunk.length;
    },
    take(n: number): Buffer {
      const all = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length);
      chunks.length = 0;
      if (all.length > n) chunks.push(all.subarray(n));
      length -= n;
      return all.subarray(0, n);
    },
  };
}

/** The entries of a gzipped tar in the order they were written, each whole; throws on a damaged or cut archive. */
export async function* tarGzEntries(filePath: string): AsyncGenerator<TarEntry> {
  const queue = byteQueue();
  let current: { name: string; size: number } | null = null;
  let ended = false;
  for await (const chunk of createReadStream(filePath).pipe(createGunzip())) {
    queue.push(chunk as Buffer);
    while (!ended) {
      if (!current) {
        if (queue.length < BLOCK) break;
        const block = queue.take(BLOCK);
        if (block.every((byte) => byte === 0)) {
          ended = true;
          break;
        }
        let sum = 0;
        for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
        if (Number.parseInt(field(block, 148, 8), 8) !== sum) throw new Error('damaged archive: a bad entry header');
        current = { name: field(block, 0, NAME_MAX), size: Number.parseInt(field(block, 124, 12), 8) };
      }
      const padded = current.size + padding(current.size).length;
      if (queue.length < padded) break;
      const entry = { name: current.name, data: Buffer.from(queue.take(padded).subarray(0, current.size)) };
      current = null;
      yield entry;
    }
  }
  if (!ended) throw new Error('damaged archive: it ends before its last entry');
}

import { connect } from 'node:net';

export interface ClamavTarget {
  host: string;
  port: number;
  /** The whole exchange (connect, send, verdict); clamd scanning 10 MB takes well under a second. */
  timeoutMs?: number;
}

export type ScanVerdict = { infected: false } | { infected: true; signature: string };

/** clamd could not give a verdict: not reachable, timed out, or answered with an error. */
export class ScannerUnavailableError extends Error {
  override name = 'ScannerUnavailableError';
}

/** clamd's default StreamMaxLength is 25 MB; chunks well below its buffer sizes. */
const CHUNK_BYTES = 64 * 1024;

/**
 * Scans bytes with clamd's INSTREAM command over TCP (clamd(8)): `zINSTREAM\0`, then chunks each
 * prefixed by their length as a 4-byte big-endian integer, then a zero length. clamd answers
 * `stream: OK`, `stream: <signature> FOUND` or `… ERROR`, terminated by NUL.
 */
export function scanWithClamav(data: Buffer, target: ClamavTarget): Promise<ScanVerdict> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: target.host, port: target.port });
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (error: Error | null, verdict?: ScanVerdict) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      if (error) reject(error);
      else resolve(verdict!);
    };
    socket.setTimeout(target.timeoutMs ?? 30_000, () => finish(new ScannerUnavailableError('clamd timed out')));
    socket.on('error', (error) => finish(new ScannerUnavailableError(`clamd: ${error.message}`)));
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (chunk.includes(0)) socket.end();
    });
    socket.on('close', () => {
      const reply = Buffer.concat(chunks).toString('utf8').replace(/\0.*$/s, '').trim();
      const verdict = parseReply(reply);
      if (verdict) finish(null, verdict);
      else finish(new ScannerUnavailableError(`clamd answered ${JSON.stringify(reply.slice(0, 200))}`));
    });
    socket.on('connect', () => {
      socket.write('zINSTREAM\0');
      for (let offset = 0; offset < data.length; offset += CHUNK_BYTES) {
        const chunk = data.subarray(offset, offset + CHUNK_BYTES);
        const size = Buffer.alloc(4);
        size.writeUInt32BE(chunk.length);
        socket.write(size);
        socket.write(chunk);
      }
      socket.write(Buffer.alloc(4));
    });
  });
}

/** `stream: OK` → clean; `stream: Name FOUND` → infected; anything else (ERROR, empty) → null. */
export function parseReply(reply: string): ScanVerdict | null {
  if (/^(?:stream: )?OK$/.test(reply)) return { infected: false };
  const [, signature] = /^(?:stream: )?(.+) FOUND$/.exec(reply) ?? [];
  return signature !== undefined ? { infected: true, signature } : null;
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clamdBinary, EICAR, startClamd } from '../test/clamd.ts';
import { parseReply, ScannerUnavailableError, scanWithClamav } from './clamav.ts';

describe('clamd replies', () => {
  it('reads OK, FOUND and anything else as unknown', () => {
    expect(parseReply('stream: OK')).toEqual({ infected: false });
    expect(parseReply('stream: Eicar-Test-Signature FOUND')).toEqual({
      infected: true,
      signature: 'Eicar-Test-Signature',
    });
    expect(parseReply('INSTREAM size limit exceeded. ERROR')).toBeNull();
    expect(parseReply('')).toBeNull();
  });

  it('fails closed when nothing listens', async () => {
    await expect(scanWithClamav(Buffer.from('x'), { host: '127.0.0.1', port: 1, timeoutMs: 2000 })).rejects.toThrow(
      ScannerUnavailableError,
    );
  });
});

// A real clamd (Debian's clamav-daemon); skipped only where it is not installed.
describe.skipIf(!clamdBinary)('INSTREAM against a real clamd', () => {
  let clamd: Awaited<ReturnType<typeof startClamd>>;
  beforeAll(async () => {
    clamd = await startClamd();
  }, 60_000);
  afterAll(() => clamd?.stop());

  it('finds EICAR inside a PDF, across chunk boundaries, and passes clean bytes', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(64 * 1024 - 20, 0x20), Buffer.from(EICAR)]);
    expect(await scanWithClamav(pdf, clamd)).toEqual({ infected: true, signature: 'Eicar-Test-Signature.UNOFFICIAL' });
    expect(await scanWithClamav(Buffer.from('%PDF-1.4\nhello\n%%EOF\n'), clamd)).toEqual({ infected: false });
    expect(await scanWithClamav(Buffer.alloc(3_000_000, 7), clamd)).toEqual({ infected: false });
  });
});

import { createHmac } from 'node:crypto';

// RFC 6238 codes from an authenticator's manual key, as the phone app would show them (decision 207). The server's
// own implementation is tested against the RFC's vectors; this one only has to agree with it.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of text.replace(/[\s=]/g, '').toUpperCase()) {
    value = (value << 5) | ALPHABET.indexOf(ch);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

const stepNow = () => Math.floor(Date.now() / 30_000);

function codeAt(secret: Buffer, step: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', secret).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return ((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).toString().padStart(6, '0');
}

/**
 * An authenticator for one manual key: each `next()` is a code the server has not seen yet (a code works once). The
 * server accepts the steps before and after the current one, so the earliest unused of those three is given, the
 * previous step only while it stays valid for another 10 s (time to type it); else it waits for the clock.
 */
export function authenticator(manualKey: string) {
  const secret = base32Decode(manualKey);
  let last = -Infinity;
  const earliestValid = () => Math.floor((Date.now() + 10_000) / 30_000) - 1;
  return {
    async next(): Promise<string> {
      while (Math.max(earliestValid(), last + 1) > stepNow() + 1) await new Promise((r) => setTimeout(r, 1000));
      last = Math.max(earliestValid(), last + 1);
      return codeAt(secret, last);
    },
  };
}

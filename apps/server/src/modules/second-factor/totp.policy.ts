import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * RFC 6238 TOTP (HMAC-SHA1, 6 digits, 30-second steps) and RFC 4648 base32, as authenticator apps read them
 * (decision 207). Pure functions, no I/O: the service keeps the secret sealed and the last used step.
 */
export const TOTP = {
  digits: 6,
  stepSeconds: 30,
  /** A code of the step before or after the server's also works (clock drift, a code typed at a boundary). */
  window: 1,
  secretBytes: 20,
} as const;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const index = ALPHABET.indexOf(ch);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export const newTotpSecret = (): Buffer => randomBytes(TOTP.secretBytes);

/** The time step of an instant (RFC 6238 T, with T0 = 0). */
export const timeStep = (at: Date): number => Math.floor(at.getTime() / 1000 / TOTP.stepSeconds);

/** RFC 4226 HOTP of one counter, `digits` long (RFC 6238's vectors use 8). */
export function hotp(secret: Uint8Array, counter: number, digits: number = TOTP.digits, algorithm = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, secret).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return binary.toString().padStart(digits, '0');
}

export const totpAt = (secret: Uint8Array, at: Date): string => hotp(secret, timeStep(at));

/**
 * The step whose code `code` is, among the steps around `at` (±window), or null. Every step of the window is
 * computed and compared in constant time, so a right and a wrong code cost the same.
 */
export function matchingStep(secret: Uint8Array, code: string, at: Date): number | null {
  const now = timeStep(at);
  const given = Buffer.from(code.padEnd(TOTP.digits, ' ').slice(0, TOTP.digits));
  let found: number | null = null;
  for (let step = now - TOTP.window; step <= now + TOTP.window; step++) {
    const same = timingSafeEqual(Buffer.from(hotp(secret, step)), given) && code.length === TOTP.digits;
    if (same && found === null) found = step;
  }
  return found;
}

/** The otpauth:// URI an authenticator app reads from the QR code (Key Uri Format). */
export function otpauthUri(secret: Uint8Array, issuer: string, account: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({
    secret: base32Encode(secret),
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP.digits),
    period: String(TOTP.stepSeconds),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}

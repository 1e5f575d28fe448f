import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchingStep, otpauthUri, timeStep, TOTP, totpAt } from './totp.policy.ts';

// RFC 4226 appendix D and RFC 6238 appendix B (SHA-1, SHA-256, SHA-512 seeds of the RFC's reference code).
const SEED = Buffer.from('12345678901234567890');
const SEED32 = Buffer.from('12345678901234567890123456789012');
const SEED64 = Buffer.from('1234567890123456789012345678901234567890123456789012345678901234');

describe('RFC 4226 HOTP', () => {
  it('gives the appendix D values for counters 0–9', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, i) => hotp(SEED, i))).toEqual(expected);
  });
});

describe('RFC 6238 TOTP', () => {
  const vectors: [number, string, string, string][] = [
    [59, '94287082', '46119246', '90693936'],
    [1111111109, '07081804', '68084774', '25091201'],
    [1111111111, '14050471', '67062674', '99943326'],
    [1234567890, '89005924', '91819424', '93441116'],
    [2000000000, '69279037', '90698825', '38618901'],
    [20000000000, '65353130', '77737706', '47863826'],
  ];
  it.each(vectors)('at %i s: %s (SHA-1), %s (SHA-256), %s (SHA-512)', (seconds, sha1, sha256, sha512) => {
    const step = timeStep(new Date(seconds * 1000));
    expect(hotp(SEED, step, 8)).toBe(sha1);
    expect(hotp(SEED32, step, 8, 'sha256')).toBe(sha256);
    expect(hotp(SEED64, step, 8, 'sha512')).toBe(sha512);
  });

  it('accepts the steps before and after the current one, and no other', () => {
    const now = new Date(1_700_000_000_000);
    const step = timeStep(now);
    expect(matchingStep(SEED, totpAt(SEED, now), now)).toBe(step);
    expect(matchingStep(SEED, hotp(SEED, step - 1), now)).toBe(step - 1);
    expect(matchingStep(SEED, hotp(SEED, step + 1), now)).toBe(step + 1);
    expect(matchingStep(SEED, hotp(SEED, step + 2), now)).toBeNull();
    expect(matchingStep(SEED, hotp(SEED, step - 2), now)).toBeNull();
    expect(matchingStep(SEED, '12345', now)).toBeNull();
    expect(matchingStep(SEED, `${totpAt(SEED, now)}0`, now)).toBeNull();
  });

  it('30-second steps, 6 digits, a ±1 window (a code lasts at most 90 s, R09)', () => {
    expect(TOTP).toMatchObject({ digits: 6, stepSeconds: 30, window: 1 });
  });
});

describe('base32 and the otpauth URI', () => {
  it('round-trips and matches RFC 4648 test vectors', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI======').toString()).toBe('foobar');
    expect(base32Decode('mzxw 6ytb oi').toString()).toBe('foobar');
    expect(base32Encode(SEED)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
  });

  it('names the issuer and account and carries the key', () => {
    const uri = otpauthUri(SEED, 'Medida', 'ana@example.com');
    expect(uri).toBe(
      'otpauth://totp/Medida:ana%40example.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Medida&algorithm=SHA1&digits=6&period=30',
    );
  });
});

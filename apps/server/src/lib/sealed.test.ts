import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seal, unseal } from './sealed.ts';

describe('seal (AES-256-GCM, decision 207)', () => {
  const key = randomBytes(32);
  const plain = Buffer.from('a TOTP secret of twenty');

  it('opens what it sealed, with a fresh IV each time', () => {
    const a = seal(key, plain, 'totp:1');
    expect(unseal(key, a, 'totp:1')).toEqual(plain);
    expect(seal(key, plain, 'totp:1')).not.toBe(a);
    expect(a).not.toContain(plain.toString('base64url'));
  });

  it('refuses another key, another owner and any altered character', () => {
    const sealed = seal(key, plain, 'totp:1');
    expect(() => unseal(randomBytes(32), sealed, 'totp:1')).toThrow();
    expect(() => unseal(key, sealed, 'totp:2')).toThrow();
    const last = sealed.at(-1) === 'A' ? 'B' : 'A';
    expect(() => unseal(key, sealed.slice(0, -1) + last, 'totp:1')).toThrow();
    expect(() => unseal(key, 'v0.x.y.z', 'totp:1')).toThrow();
  });
});

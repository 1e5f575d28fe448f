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
    // Every position, the final character's spare bits included (base64url 'A' → 'B' flips only those).
    for (let at = 0; at < sealed.length; at++) {
      if (sealed[at] === '.') continue;
      const other = sealed[at] === 'A' ? 'B' : 'A';
      expect(() => unseal(key, sealed.slice(0, at) + other + sealed.slice(at + 1), 'totp:1')).toThrow();
    }
    expect(() => unseal(key, 'v0.x.y.z', 'totp:1')).toThrow();
  });
});

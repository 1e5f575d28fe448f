import { describe, expect, it } from 'vitest';
import { generateToken, sha256Hex } from './tokens.ts';

describe('tokens', () => {
  it('are 43 base64url characters (32 random bytes) and unique', () => {
    const tokens = new Set(Array.from({ length: 10_000 }, generateToken));
    expect(tokens.size).toBe(10_000);
    for (const token of [...tokens].slice(0, 100)) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
  });
  it('are stored as SHA-256 hex', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

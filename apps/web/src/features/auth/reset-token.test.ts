import { describe, expect, it } from 'vitest';
import { isInvitationHash, tokenFromHash } from './reset-token.ts';

describe('tokenFromHash', () => {
  it('reads token= from the fragment', () => {
    expect(tokenFromHash('#token=abc_DEF-123')).toBe('abc_DEF-123');
    expect(tokenFromHash('#lang=es&token=xyz')).toBe('xyz');
  });
  it('gives null when there is no token', () => {
    expect(tokenFromHash('')).toBeNull();
    expect(tokenFromHash('#token=')).toBeNull();
    expect(tokenFromHash('#other=1')).toBeNull();
  });
});

describe('isInvitationHash', () => {
  it('recognises the invitation link and nothing else', () => {
    expect(isInvitationHash('#token=abc&invitation=1')).toBe(true);
    expect(isInvitationHash('#token=abc')).toBe(false);
    expect(isInvitationHash('#token=abc&invitation=0')).toBe(false);
  });
});

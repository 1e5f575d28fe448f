import { describe, expect, it } from 'vitest';
import { linkify } from './linkify.ts';
import { reconnectDelay } from './reconnect.ts';

describe('linkify', () => {
  it('turns http(s) addresses into links and leaves the rest as text', () => {
    expect(linkify('Mira https://medida.app/guia, y dime.')).toEqual([
      { kind: 'text', text: 'Mira ' },
      { kind: 'link', text: 'https://medida.app/guia', href: 'https://medida.app/guia' },
      { kind: 'text', text: ', y dime.' },
    ]);
  });

  it('never links other schemes and keeps markup as plain text', () => {
    const message = 'javascript:alert(1) <img src=x onerror=alert(1)> data:text/html,hi';
    expect(linkify(message)).toEqual([{ kind: 'text', text: message }]);
  });
});

describe('reconnectDelay', () => {
  it('doubles from 1 s up to 30 s with jitter', () => {
    expect(reconnectDelay(0, () => 0.5)).toBe(1000);
    expect(reconnectDelay(3, () => 0.5)).toBe(8000);
    expect(reconnectDelay(10, () => 0.5)).toBe(30_000);
    expect(reconnectDelay(0, () => 0)).toBe(800);
    expect(reconnectDelay(0, () => 1)).toBe(1200);
  });
});

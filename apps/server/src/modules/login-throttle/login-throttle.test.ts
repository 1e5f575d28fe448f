import { describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE, loginDelayMs } from './login-throttle.policy.ts';

describe('loginDelayMs', () => {
  it('lets the first five failures through without waiting', () => {
    for (let failures = 0; failures < 5; failures++) expect(loginDelayMs(failures)).toBe(0);
  });
  it('doubles from one second after the fifth failure', () => {
    expect([5, 6, 7, 8, 9].map(loginDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000]);
  });
  it('caps the wait at fifteen minutes, however many failures', () => {
    expect(loginDelayMs(15)).toBe(LOGIN_THROTTLE.maxDelayMs);
    expect(loginDelayMs(99)).toBe(15 * 60_000);
    expect(loginDelayMs(10_000)).toBe(15 * 60_000);
  });
});

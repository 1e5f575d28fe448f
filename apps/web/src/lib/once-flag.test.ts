import { describe, expect, it } from 'vitest';
import { createOnceFlag } from './once-flag.ts';

describe('createOnceFlag', () => {
  it('goes up once and stays up', () => {
    const flag = createOnceFlag();
    expect(flag.isRaised()).toBe(false);
    flag.raise();
    flag.raise();
    expect(flag.isRaised()).toBe(true);
  });
});

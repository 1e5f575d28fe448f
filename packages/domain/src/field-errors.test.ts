import { describe, expect, it } from 'vitest';
import { toFieldErrors } from './field-errors.ts';

describe('toFieldErrors', () => {
  it('keys a path named like an Object.prototype member as any other', () => {
    const errors = toFieldErrors([
      { path: ['toString'], message: 'a' },
      { path: ['constructor'], message: 'b' },
      { path: ['toString'], message: 'a' },
      { path: [], message: 'c' },
    ]);
    expect({ ...errors }).toEqual({ toString: ['a'], constructor: ['b'], _root: ['c'] });
    expect(JSON.parse(JSON.stringify(errors))).toEqual({ toString: ['a'], constructor: ['b'], _root: ['c'] });
  });
});

import { describe, expect, it } from 'vitest';
import { creditsProblem } from './credits-rules.ts';

describe('credits change', () => {
  it('needs a whole, non-negative number', () => {
    expect(creditsProblem(Number.NaN, 5, 10)).toBe('validation.required');
    expect(creditsProblem(2.5, 5, 10)).toBe('validation.required');
    expect(creditsProblem(-1, 5, 10)).toBe('credits.notNegative');
  });

  it('cannot raise a balance beyond what the parent holds; lowering is always possible', () => {
    expect(creditsProblem(15, 5, 10)).toBeNull();
    expect(creditsProblem(16, 5, 10)).toBe('credits.notEnough');
    expect(creditsProblem(0, 5, 0)).toBeNull();
  });
});

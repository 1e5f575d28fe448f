import { describe, expect, it } from 'vitest';
import { canAffordEvaluation } from './credits-summary.ts';

describe('canAffordEvaluation', () => {
  it('needs a balance of at least the cost; a cost of 0 never blocks', () => {
    expect(canAffordEvaluation({ creditos: 1, evaluation_cost: 1 })).toBe(true);
    expect(canAffordEvaluation({ creditos: 0, evaluation_cost: 1 })).toBe(false);
    expect(canAffordEvaluation({ creditos: 2, evaluation_cost: 3 })).toBe(false);
    expect(canAffordEvaluation({ creditos: 0, evaluation_cost: 0 })).toBe(true);
  });
});

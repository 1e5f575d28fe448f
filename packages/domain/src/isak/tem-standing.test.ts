import { describe, expect, it } from 'vitest';
import { ISAK_TEM_LIMITS } from './isak.ts';
import { temStanding } from './tem-standing.ts';

describe('a relative TEM against ISAK’s intra-evaluator limits (decision 198)', () => {
  it('is within a limit at the limit itself, over it just above, for skinfolds and for the other sites', () => {
    const skinfolds = { level1: ISAK_TEM_LIMITS.level1.skinfolds, level2: ISAK_TEM_LIMITS.level2.skinfolds };
    expect([4.99, 5, 5.01, 7.5, 7.51].map((pct) => temStanding(pct, skinfolds))).toEqual([
      'withinLevel2',
      'withinLevel2',
      'withinLevel1',
      'withinLevel1',
      'overLevel1',
    ]);
    const others = { level1: ISAK_TEM_LIMITS.level1.others, level2: ISAK_TEM_LIMITS.level2.others };
    expect([1, 1.01, 1.5, 1.51].map((pct) => temStanding(pct, others))).toEqual([
      'withinLevel2',
      'withinLevel1',
      'withinLevel1',
      'overLevel1',
    ]);
  });
});

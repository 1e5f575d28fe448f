import { describe, expect, it } from 'vitest';
import { BAR_AREA, weeklyBars } from './weekly-chart.tsx';

describe('weeklyBars', () => {
  it('gives the busiest week the full bar area and the others their share of it', () => {
    const bars = weeklyBars([
      { week: '1 Sep', count: 4 },
      { week: '8 Sep', count: 2 },
      { week: '15 Sep', count: 0 },
    ]);
    expect(bars.map((b) => b.height)).toEqual([BAR_AREA * 100, BAR_AREA * 50, 0]);
    expect(bars.map((b) => b.count)).toEqual([4, 2, 0]);
  });

  it('draws no bar for weeks without evaluations, and none taller than the area', () => {
    expect(weeklyBars([{ week: '1 Sep', count: 0 }]).map((b) => b.height)).toEqual([0]);
    expect(weeklyBars([{ week: '1 Sep', count: 1 }])[0]!.height).toBeCloseTo(BAR_AREA * 100);
    expect(weeklyBars([])).toEqual([]);
  });
});

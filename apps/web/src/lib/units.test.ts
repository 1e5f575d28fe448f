import { describe, expect, it } from 'vitest';
import { displayUnit, feetAndInches, fromMetric, toMetric } from './units.ts';

describe('imperial units at the edge (issue 15)', () => {
  it('shows lb and in for kg and cm only when imperial is chosen', () => {
    expect(displayUnit('kg', 'imperial')).toBe('lb');
    expect(displayUnit('cm', 'imperial')).toBe('in');
    expect(displayUnit('mm', 'imperial')).toBe('mm');
    expect(displayUnit('kg', 'metric')).toBe('kg');
  });

  it('converts typed pounds and inches to kg and cm, and back to one decimal', () => {
    expect(toMetric(176.4, 'kg', 'imperial')).toBeCloseTo(80.014, 3);
    expect(toMetric(65, 'cm', 'imperial')).toBe(165.1);
    expect(toMetric(12, 'mm', 'imperial')).toBe(12);
    expect(toMetric(80, 'kg', 'metric')).toBe(80);
    expect(fromMetric(80, 'kg', 'imperial')).toBe(176.4);
    expect(fromMetric(165.1, 'cm', 'imperial')).toBe(65);
  });
});

describe('a height in feet and inches (issue 30)', () => {
  it('splits inches into feet and the inches left, to a tenth', () => {
    expect(feetAndInches(65.1)).toEqual({ feet: 5, inches: 5.1 });
    expect(feetAndInches(72)).toEqual({ feet: 6, inches: 0 });
    expect(feetAndInches(71.96)).toEqual({ feet: 6, inches: 0 });
  });
});

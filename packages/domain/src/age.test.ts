import { describe, expect, it } from 'vitest';
import { ageInMonths, ageInYears, parseIsoDate } from './age.ts';

describe('ageInYears', () => {
  it('counts as the server does for registration: a Date at noon UTC, a birthday today, 100 years', () => {
    const today = new Date('2026-03-01T12:00:00Z');
    expect(ageInYears('2013-03-01', today)).toBe(13);
    expect(ageInYears('2013-03-02', today)).toBe(12);
    expect(ageInYears('2012-02-29', today)).toBe(14);
    expect(ageInYears('1926-03-01', today)).toBe(100);
  });
  it('counts completed years at the evaluation date', () => {
    expect(ageInYears('2000-06-15', '2025-06-14')).toBe(24);
    expect(ageInYears('2000-06-15', '2025-06-15')).toBe(25);
    expect(ageInYears('2000-12-31', '2025-01-01')).toBe(24);
  });
  it('29 February birthdays turn a year older on 1 March in common years', () => {
    expect(ageInYears('2008-02-29', '2021-02-28')).toBe(12);
    expect(ageInYears('2008-02-29', '2021-03-01')).toBe(13);
    expect(ageInYears('2008-02-29', '2024-02-29')).toBe(16);
  });
  it('accepts Date objects (UTC date)', () => {
    expect(ageInYears(new Date(Date.UTC(2000, 5, 15)), new Date(Date.UTC(2025, 5, 15)))).toBe(25);
  });
  it('throws on invalid dates (callers validate first)', () => {
    expect(() => ageInYears('2001-02-29', '2025-01-01')).toThrow(RangeError);
  });
});

describe('ageInMonths', () => {
  it('counts completed months', () => {
    expect(ageInMonths('2012-01-15', '2025-01-15')).toBe(156);
    expect(ageInMonths('2012-01-15', '2025-01-14')).toBe(155);
    expect(ageInMonths('2012-01-15', '2025-02-15')).toBe(157);
  });
});

describe('parseIsoDate', () => {
  it('rejects impossible and malformed dates', () => {
    expect(parseIsoDate('2023-02-29')).toBeNull();
    expect(parseIsoDate('2023-13-01')).toBeNull();
    expect(parseIsoDate('2023-1-01')).toBeNull();
    expect(parseIsoDate('2024-02-29')).toEqual({ y: 2024, m: 2, d: 29 });
  });
});

import { describe, expect, it } from 'vitest';
import { ageInYears } from './age.ts';

describe('ageInYears', () => {
  const today = new Date('2026-03-01T12:00:00Z');
  it('counts a birthday that is today', () => expect(ageInYears('2013-03-01', today)).toBe(13));
  it('does not count a birthday that is tomorrow', () => expect(ageInYears('2013-03-02', today)).toBe(12));
  it('handles 29 February birthdays in a non-leap year', () => expect(ageInYears('2012-02-29', today)).toBe(14));
  it('counts a hundred years', () => expect(ageInYears('1926-03-01', today)).toBe(100));
});

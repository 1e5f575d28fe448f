import { describe, expect, it } from 'vitest';
import { ageInYears, birthDateBounds, checkBirthDate } from './birth-date.ts';

const today = '2026-03-15';

describe('birth date rules (spec §5)', () => {
  it('limits the picker to 13–100 years ago', () => {
    expect(birthDateBounds(today)).toEqual({ minDate: '1926-03-15', maxDate: '2013-03-15' });
  });

  it('counts whole years, the birthday included', () => {
    expect(ageInYears('2013-03-15', today)).toBe(13);
    expect(ageInYears('2013-03-16', today)).toBe(12);
    expect(ageInYears('1990-12-31', today)).toBe(35);
  });

  it('asks for confirmation at exactly 13 and accepts older users', () => {
    expect(checkBirthDate('2013-03-15', today)).toBe('confirmThirteen');
    expect(checkBirthDate('2012-03-16', today)).toBe('confirmThirteen');
    expect(checkBirthDate('2012-03-15', today)).toBe('ok');
    expect(checkBirthDate('1926-03-15', today)).toBe('ok');
  });

  it('rejects under 13, over 100 and missing dates', () => {
    expect(checkBirthDate('2013-03-16', today)).toBe('tooYoung');
    expect(checkBirthDate('1926-03-14', today)).toBe('tooOld');
    expect(checkBirthDate(null, today)).toBe('missing');
    expect(checkBirthDate('', today)).toBe('missing');
  });
});

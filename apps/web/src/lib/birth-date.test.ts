import { describe, expect, it } from 'vitest';
import { ageInMonths, ageInYears, birthDateBounds, checkBirthDate, checkManagedBirthDate } from './birth-date.ts';

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

describe('client birth-date helper (spec §5: more than 156 and up to 1200 months)', () => {
  it('counts whole months', () => {
    expect(ageInMonths('2013-03-15', today)).toBe(156);
    expect(ageInMonths('2013-02-15', today)).toBe(157);
    expect(ageInMonths('2013-02-16', today)).toBe(156);
  });

  it('rejects exactly 156 months and accepts 157', () => {
    expect(checkManagedBirthDate('2013-03-15', today)).toBe('tooYoung');
    expect(checkManagedBirthDate('2013-02-15', today)).toBe('ok');
  });

  it('accepts 1200 months and rejects more', () => {
    expect(checkManagedBirthDate('1926-03-15', today)).toBe('ok');
    expect(checkManagedBirthDate('1926-03-14', today)).toBe('ok');
    expect(checkManagedBirthDate('1926-02-15', today)).toBe('tooOld');
  });

  it('reports a missing or malformed date', () => {
    expect(checkManagedBirthDate(null, today)).toBe('missing');
    expect(checkManagedBirthDate('15/03/2000', today)).toBe('missing');
  });
});

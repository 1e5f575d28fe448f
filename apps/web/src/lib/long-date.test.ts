import { describe, expect, it } from 'vitest';
import { longDate, shortDate, shortDateTime } from './long-date.ts';

describe('longDate', () => {
  it('words the calendar day in the reader language, whatever the browser zone', () => {
    expect(longDate('2025-06-15', 'es')).toBe('15 de junio de 2025');
    expect(longDate('2025-06-15', 'pt')).toBe('15 de junho de 2025');
    expect(longDate('2025-06-15', 'en')).toBe('June 15, 2025');
  });
});

describe('shortDate and shortDateTime', () => {
  it('give the calendar day itself, in each language, with or without the year', () => {
    expect(shortDate('2025-01-01', 'es')).toBe('1 ene 2025');
    expect(shortDate('2025-01-01', 'pt')).toBe('1 jan. 2025');
    expect(shortDate('2025-09-14', 'pt', { year: false })).toBe('14 set.');
    expect(shortDate('2025-01-01', 'en')).toBe('Jan 1, 2025');
    expect(shortDate('2025-12-31T23:00:00.000Z', 'en', { year: false })).toBe('Dec 31');
  });

  it('shows an instant on a 24-hour clock', () => {
    expect(shortDateTime('2025-06-15T14:05:00', 'es')).toBe('15 jun 2025, 14:05');
  });
});

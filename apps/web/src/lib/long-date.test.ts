import { describe, expect, it } from 'vitest';
import { longDate } from './long-date.ts';

describe('longDate', () => {
  it('words the calendar day in the reader language, whatever the browser zone', () => {
    expect(longDate('2025-06-15', 'es')).toBe('15 de junio de 2025');
    expect(longDate('2025-06-15', 'pt')).toBe('15 de junho de 2025');
    expect(longDate('2025-06-15', 'en')).toBe('June 15, 2025');
  });
});

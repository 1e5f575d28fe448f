import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './intl-formats.ts';

describe('intl formatters', () => {
  it('are made once per locale and options, and format as a new one would', () => {
    const a = numberFormat('es-CL', { maximumFractionDigits: 2 });
    expect(numberFormat('es-CL', { maximumFractionDigits: 2 })).toBe(a);
    expect(numberFormat('en-US', { maximumFractionDigits: 2 })).not.toBe(a);
    expect(numberFormat('es-CL', { maximumFractionDigits: 1 })).not.toBe(a);
    expect(a.format(1234.567)).toBe(new Intl.NumberFormat('es-CL', { maximumFractionDigits: 2 }).format(1234.567));
    const day = dateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'UTC' });
    expect(day.format(new Date('2026-06-15T00:00:00Z'))).toBe('15 de junho de 2026');
  });

  it('refuse an invalid time zone without keeping anything', () => {
    expect(() => dateTimeFormat('es', { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
    expect(() => dateTimeFormat('es', { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });
});

import { describe, expect, it } from 'vitest';
import { reportFormat, reportLocale } from './report-format.ts';

describe('reportFormat', () => {
  it('writes numbers and dates as each language and region does', () => {
    const es = reportFormat('es');
    const pt = reportFormat('pt');
    const en = reportFormat('en');
    expect([es.num(72.5), pt.num(72.5), en.num(72.5)]).toEqual(['72,5', '72,5', '72.5']);
    expect([es.num(1234.5, 0), pt.num(1234.5, 0), en.num(1234.5, 0)]).toEqual(['1.235', '1.235', '1,235']);
    expect(es.date('2026-01-15')).toBe('15 de enero de 2026');
    expect(pt.date('2026-01-15')).toBe('15 de janeiro de 2026');
    expect(en.date('2026-01-15')).toBe('January 15, 2026');
  });

  it('never moves a calendar date a day (no time zone applies to a date)', () => {
    expect(reportFormat('en').shortDate('2026-12-31')).toBe('12/31/2026');
    expect(reportFormat('es').shortDate('2026-01-01')).toBe('01-01-2026');
  });

  it("uses the client's country when Intl knows the pair, else the language's default region", () => {
    expect(reportLocale('es', 'AR')).toBe('es-AR');
    expect(reportLocale('pt', null)).toBe('pt-BR');
    expect(reportLocale('en', 'zz')).toBe('en-US');
  });
});

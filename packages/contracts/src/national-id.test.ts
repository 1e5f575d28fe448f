import { describe, expect, it } from 'vitest';
import {
  cleanNationalId,
  cpfCheckDigits,
  formatNationalId,
  isValidCpf,
  nationalIdKind,
  nationalIdProblem,
} from './national-id.ts';

describe('national id by country (issue 15)', () => {
  it('picks the rule from the country', () => {
    expect(nationalIdKind('CL')).toBe('rut');
    expect(nationalIdKind('br')).toBe('cpf');
    expect(nationalIdKind('US')).toBe('other');
    expect(nationalIdKind(undefined)).toBe('other');
  });

  it('computes CPF check digits (Receita Federal examples)', () => {
    expect(cpfCheckDigits('123456789')).toBe('09');
    expect(cpfCheckDigits('111444777')).toBe('35');
    expect(cpfCheckDigits('529982247')).toBe('25');
  });

  it('accepts valid CPFs and refuses wrong digits, repeated digits and other lengths', () => {
    expect(isValidCpf(cleanNationalId('123.456.789-09'))).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('12345678900')).toBe(false);
    expect(isValidCpf('11111111111')).toBe(false);
    expect(isValidCpf('1234567890')).toBe(false);
  });

  it('names the problem for each country', () => {
    expect(nationalIdProblem('123456785', 'rut')).toBeNull();
    expect(nationalIdProblem('123456784', 'rut')).toBe('validation.rut');
    expect(nationalIdProblem('12345678909', 'cpf')).toBeNull();
    expect(nationalIdProblem('123456785', 'cpf')).toBe('validation.cpf');
    expect(nationalIdProblem('X1234567', 'other')).toBeNull();
    expect(nationalIdProblem('ÑANDÚ', 'other')).toBe('validation.nationalId');
  });

  it('formats RUT and CPF for reading and leaves other ids as stored', () => {
    expect(formatNationalId('111111111')).toBe('11.111.111-1');
    expect(formatNationalId('10000013K')).toBe('10.000.013-K');
    expect(formatNationalId('12345678909')).toBe('123.456.789-09');
    expect(formatNationalId('X1234567')).toBe('X1234567');
  });
});

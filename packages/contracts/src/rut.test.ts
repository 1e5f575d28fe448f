import { describe, expect, it } from 'vitest';
import { cleanRut, isValidChileanRut, rutCheckDigit } from './rut.ts';

describe('Chilean RUT', () => {
  it('cleans dots, hyphens and case', () => {
    expect(cleanRut(' 11.111.111-k ')).toBe('11111111K');
  });
  it('computes module-11 check digits, including K and 0', () => {
    expect(rutCheckDigit('11111111')).toBe('1');
    expect(rutCheckDigit('12345678')).toBe('5');
    expect(rutCheckDigit('10000013')).toBe('K');
    expect(rutCheckDigit('5126663')).toBe('3');
  });
  it('accepts valid RUTs and rejects a wrong check digit or shape', () => {
    expect(isValidChileanRut('123456785')).toBe(true);
    expect(isValidChileanRut('10000013K')).toBe(true);
    expect(isValidChileanRut('123456784')).toBe(false);
    expect(isValidChileanRut('12.345.678-5')).toBe(false);
    expect(isValidChileanRut('123K')).toBe(false);
  });
});

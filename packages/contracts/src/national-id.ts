import { cleanRut, isValidChileanRut } from './rut.ts';

/**
 * The national id field by country (issue 15): Chile's RUT with its module-11 check digit, Brazil's CPF with
 * its two check digits, and a free "ID number" elsewhere. Stored cleaned (no dots, hyphens or spaces).
 */
export type NationalIdKind = 'rut' | 'cpf' | 'other';

export function nationalIdKind(countryIso2: string | null | undefined): NationalIdKind {
  const iso2 = countryIso2?.toUpperCase();
  return iso2 === 'CL' ? 'rut' : iso2 === 'BR' ? 'cpf' : 'other';
}

/** Dots, hyphens, slashes and spaces removed, letters upper-cased: '123.456.789-09' → '12345678909'. */
export function cleanNationalId(raw: string): string {
  return cleanRut(raw).replace(/\//g, '');
}

/** The two check digits of a CPF's first nine digits (Receita Federal's module-11 rule). */
export function cpfCheckDigits(nine: string): string {
  const digit = (digits: string) => {
    let sum = 0;
    for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (digits.length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = digit(nine);
  return `${first}${digit(nine + first)}`;
}

/** A cleaned CPF: 11 digits, not all the same digit, with correct check digits. */
export function isValidCpf(cleaned: string): boolean {
  if (!/^\d{11}$/.test(cleaned) || /^(\d)\1{10}$/.test(cleaned)) return false;
  return cpfCheckDigits(cleaned.slice(0, 9)) === cleaned.slice(9);
}

const OTHER_ID = /^[0-9A-Z]{1,20}$/;

/** The translation key of what is wrong with a cleaned id for its country, or null when it is valid. */
export function nationalIdProblem(cleaned: string, kind: NationalIdKind): string | null {
  if (kind === 'rut') return isValidChileanRut(cleaned) ? null : 'validation.rut';
  if (kind === 'cpf') return isValidCpf(cleaned) ? null : 'validation.cpf';
  return OTHER_ID.test(cleaned) ? null : 'validation.nationalId';
}

/**
 * For reading: a valid RUT as 11.111.111-1, a valid CPF as 123.456.789-09, anything else as stored (the two
 * shapes cannot be confused: a RUT has 8–9 characters, a CPF 11 digits).
 */
export function formatNationalId(cleaned: string): string {
  if (isValidChileanRut(cleaned)) {
    const body = cleaned.slice(0, -1).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
    return `${body}-${cleaned.slice(-1)}`;
  }
  if (isValidCpf(cleaned)) return cleaned.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  return cleaned;
}

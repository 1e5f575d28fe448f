/**
 * Chilean RUT helpers shared by the web form and the server (spec §5: entered without dots or hyphen,
 * like 11111111K, and cleaned before sending).
 */

/** Removes dots, hyphens and spaces and upper-cases the check digit: '11.111.111-k' → '11111111K'. */
export function cleanRut(raw: string): string {
  return raw.replace(/[.\-\s]/g, '').toUpperCase();
}

/** Module-11 check digit of a RUT body ('11111111' → '1'; 10 → 'K'; 11 → '0'). */
export function rutCheckDigit(body: string): string {
  let sum = 0;
  let factor = 2;
  for (let i = body.length - 1; i >= 0; i--) {
    sum += Number(body[i]) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const rest = 11 - (sum % 11);
  return rest === 11 ? '0' : rest === 10 ? 'K' : String(rest);
}

/** A cleaned Chilean RUT: 7–8 digit body plus a correct check digit. */
export function isValidChileanRut(cleaned: string): boolean {
  const match = /^(\d{7,8})([0-9K])$/.exec(cleaned);
  return match !== null && rutCheckDigit(match[1]!) === match[2];
}

/** A Brazilian CPF: 11 digits, two module-11 check digits (all-equal digits are not a CPF). */
export function isValidCpf(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  const check = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(digits[9]) && check(10) === Number(digits[10]);
}

/**
 * A national id as people write it: a valid RUT as 11.111.111-1, a valid CPF as 123.456.789-09; anything
 * else (another country's id, a typo) exactly as stored.
 */
export function formatNationalId(raw: string): string {
  const cleaned = cleanRut(raw);
  if (isValidChileanRut(cleaned)) {
    const body = cleaned.slice(0, -1).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
    return `${body}-${cleaned.slice(-1)}`;
  }
  if (isValidCpf(cleaned)) return cleaned.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  return raw;
}

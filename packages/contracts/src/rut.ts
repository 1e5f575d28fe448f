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
  const [, body, checkDigit] = /^(\d{7,8})([0-9K])$/.exec(cleaned) ?? [];
  return body !== undefined && rutCheckDigit(body) === checkDigit;
}

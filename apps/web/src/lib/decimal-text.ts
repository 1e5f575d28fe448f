import { numberFormat } from '@medida/domain';
/**
 * Numbers typed, pasted or dropped into a numeric field (issue 30, decision 182): either "," or "." is the
 * decimal point whatever the language, so "68,5" and "68.5" are both 68.5 and a separator is never dropped.
 * Our inputs never group thousands, so a separator is only read as grouping when both kinds appear
 * ("1.234,5") and the groups have three digits; anything else ambiguous is refused, not guessed.
 */
export type DecimalText =
  { ok: true; value: number | null } | { ok: false; reason: 'notANumber' | 'negative' | 'tooManyDecimals' };

interface DecimalRules {
  /** Digits allowed after the point; 0 for whole numbers. */
  decimals: number;
  allowNegative: boolean;
}

const SPACES = /[\s\u00a0\u202f]/g;
// A unit pasted along with the number ("68,5 kg", "12 mm") is not part of it.
const TRAILING_UNIT = /(?<=[\d.,])[a-zA-Z%°µ/]+$/;

/** The decimal separator of a language: "," in es and pt, "." in en. */
export function decimalSeparatorOf(lang: string): ',' | '.' {
  const part = numberFormat(lang)
    .formatToParts(1.5)
    .find((p) => p.type === 'decimal');
  return part?.value === ',' ? ',' : '.';
}

/** The digits with a single "." as decimal point, or null when the separators cannot be read one way only. */
function canonical(text: string): string | null {
  const commas = text.split(',').length - 1;
  const dots = text.split('.').length - 1;
  if (commas === 0 && dots === 0) return text;
  if (commas > 0 && dots > 0) {
    // Both kinds: the last one is the decimal point, the other must group by three ("1.234,5", "1,234.5").
    const point = text.lastIndexOf(',') > text.lastIndexOf('.') ? ',' : '.';
    const grouping = point === ',' ? '.' : ',';
    const [whole = '', fraction = '', ...more] = text.split(point);
    if (more.length > 0) return null;
    const groups = whole.split(grouping);
    const [first = '', ...rest] = groups;
    if (first.length < 1 || first.length > 3 || rest.some((g) => g.length !== 3)) return null;
    return `${groups.join('')}.${fraction}`;
  }
  // One kind only: it is the decimal point, and only one is allowed (no thousands in these inputs).
  if (commas + dots > 1) return null;
  return text.replace(',', '.');
}

/** Reads what was typed or pasted; an empty text is an empty field (value null). */
export function parseDecimalText(raw: string, rules: DecimalRules): DecimalText {
  const text = raw.replace(SPACES, '').replace(TRAILING_UNIT, '');
  if (text === '') return { ok: true, value: null };
  const negative = text.startsWith('-') || text.startsWith('\u2212');
  const unsigned = negative ? text.slice(1) : text.startsWith('+') ? text.slice(1) : text;
  if (!/^[\d.,]+$/.test(unsigned) || !/\d/.test(unsigned)) return { ok: false, reason: 'notANumber' };
  const plain = canonical(unsigned);
  if (plain === null) return { ok: false, reason: 'notANumber' };
  if (negative && !rules.allowNegative) return { ok: false, reason: 'negative' };
  const fraction = plain.split('.')[1] ?? '';
  if (fraction.length > rules.decimals) return { ok: false, reason: 'tooManyDecimals' };
  const value = Number(plain);
  if (!Number.isFinite(value)) return { ok: false, reason: 'notANumber' };
  return { ok: true, value: negative ? -value : value };
}

import { defineEquation } from '../equations/equation.ts';
import { toCommonScale } from '../decimal.ts';
import { ISAK_SITE_INFO } from './sites.ts';
import type { IsakSite } from './types.ts';

/**
 * The ISAK repeat rule (isak.md §a.3): a third reading when the first two differ by more than this
 * percentage of their mean (5 % skinfolds, 1 % every other measure); exactly the tolerance does not trigger.
 */
export const REPEAT_TOLERANCE_PCT = { skinfold: 5, other: 1 } as const;

export const ISAK_REPEAT_TEM = defineEquation({
  id: 'isak_repeat_tem',
  name: 'ISAK repeat rule (third reading beyond 5 % skinfolds, 1 % other sites) and technical error of measurement',
  citation:
    'Carter JEL. The Heath-Carter Anthropometric Somatotype - Instruction Manual. San Diego State University, 2002:4; Perini TA, de Oliveira GL, Ornellas JS, de Oliveira FP. Cálculo do erro técnico de medição em antropometria. Rev Bras Med Esporte 2005;11(1):81-85',
  validity:
    'Without demonstrated reliability the derived values are meaningless: report TEM with the results. The 5 % / 1 % trigger, its basis (mean of the first two readings) and the ISAK level 1 / level 2 TEM limits are ISAK practice not confirmed in the manual text',
  status: 'check',
});

const toleranceFor = (site: IsakSite): number =>
  ISAK_SITE_INFO[site].kind === 'skinfold' ? REPEAT_TOLERANCE_PCT.skinfold : REPEAT_TOLERANCE_PCT.other;

/**
 * |m1 − m2| / mean(m1, m2) × 100 and whether it exceeds the site's tolerance. The decision is taken on
 * the readings as decimals (scaled to integers), so 10.0 vs 10.5 or exactly 5 % never depends on binary
 * rounding; the percentage itself is the double nearest the exact ratio.
 */
export function repeatCheck(site: IsakSite, m1: number, m2: number): { differencePct: number; thirdRequired: boolean } {
  const { a, b } = toCommonScale(m1, m2);
  const difference = a > b ? a - b : b - a;
  const sum = a + b;
  if (sum <= 0n) return { differencePct: difference === 0n ? 0 : Infinity, thirdRequired: difference !== 0n };
  // 100·|a−b| / ((a+b)/2) > tol  ⇔  200·|a−b| > tol·(a+b), all integers.
  const thirdRequired = 200n * difference > BigInt(toleranceFor(site)) * sum;
  return { differencePct: Number(200n * difference) / Number(sum), thirdRequired };
}

/** The site's value: mean of two readings, median of three (the middle one, wherever m3 lies); never rounded. */
export function finalValue(measurements: readonly number[]): number {
  if (measurements.length === 2) return (measurements[0]! + measurements[1]!) / 2;
  if (measurements.length === 3) return [...measurements].sort((x, y) => x - y)[1]!;
  throw new RangeError(`an ISAK site takes two or three readings, got ${measurements.length}`);
}

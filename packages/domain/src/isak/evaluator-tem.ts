import { ISAK_SITE_INFO } from './sites.ts';
import { pooledTem } from './tem.ts';
import type { IsakSite } from './types.ts';

/** One stored ISAK profile: its date (YYYY-MM-DD) and its sites' measurements as entered. */
export interface MeasuredSession {
  date: string;
  sites: Partial<Record<string, unknown>> | null;
}

export interface MonthTem {
  month: string;
  evaluations: number;
  skinfolds: { absolute: number; relative_pct: number } | null;
  others: { absolute: number; relative_pct: number } | null;
}

const isSite = (k: string): k is IsakSite => Object.hasOwn(ISAK_SITE_INFO, k);
const isReadings = (x: unknown): x is number[] =>
  Array.isArray(x) && x.length >= 2 && x.every((v) => typeof v === 'number' && Number.isFinite(v));

/**
 * An evaluator's TEM per month over its own profiles (issue 31 A.3): every site of every profile that month is one
 * "subject" of the pooled formula (isak.md §a.4), skinfolds apart from the other sites (mm and cm do not pool).
 * Oldest month first.
 */
export function evaluatorTemByMonth(sessions: readonly MeasuredSession[]): MonthTem[] {
  const byMonth = new Map<string, { evaluations: number; skinfolds: number[][]; others: number[][] }>();
  for (const s of sessions) {
    const month = s.date.slice(0, 7);
    let m = byMonth.get(month);
    if (!m) byMonth.set(month, (m = { evaluations: 0, skinfolds: [], others: [] }));
    m.evaluations++;
    for (const [site, readings] of Object.entries(s.sites ?? {})) {
      if (!isSite(site) || !isReadings(readings)) continue;
      (ISAK_SITE_INFO[site].kind === 'skinfold' ? m.skinfolds : m.others).push(readings);
    }
  }
  return [...byMonth.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([month, m]) => ({
      month,
      evaluations: m.evaluations,
      skinfolds: pooledTem(m.skinfolds),
      others: pooledTem(m.others),
    }));
}

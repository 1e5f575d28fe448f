import { z } from 'zod';
import { ERROR_KEYS } from '../i18n-keys.ts';
import { finalValue, repeatCheck } from './repeat.ts';
import { ISAK_SITE_INFO } from './sites.ts';
import { ISAK_SITES } from './types.ts';
import type { IsakSite } from './types.ts';

/**
 * The ISAK profile's inputs (evaluation type 5, decision 199): two or three measurements per site, and the
 * fields every evaluation's results read (waist, hip, skinfolds, breadths) derived from the sites' final values,
 * so that body fat, bone mass and the cardiometabolic results run unchanged on an ISAK profile.
 */

/** The legacy form field each ISAK site feeds (its final value: mean of two, median of three). */
export const LEGACY_FIELD_OF_SITE: Readonly<Partial<Record<IsakSite, string>>> = {
  waist: 'pcintura',
  gluteal: 'pcadera',
  arm_relaxed: 'pbrazo',
  mid_thigh: 'ppierna',
  triceps: 'triceps',
  subscapular: 'subescapular',
  abdominal: 'abdominal',
  front_thigh: 'cuadriceps',
  // Durnin & Womersley's "suprailiac" is the fold just above the iliac crest on the mid-axillary line: ISAK's
  // iliac crest site, not supraspinale (isak.md §a.2; decision 199).
  iliac_crest: 'suprailiaco',
  biceps: 'biceps',
  bistyloid: 'diametro_muneca',
  femur: 'diametro_femur',
};

/**
 * The sites every ISAK profile needs: what every evaluation's results read (the waist and hip results, a fat % by
 * the two-site equations). The rest of the profile is optional (decision 199); isak-input.test.ts holds the two to
 * each other.
 */
export const ISAK_REQUIRED_SITES: readonly IsakSite[] = ['triceps', 'subscapular', 'waist', 'gluteal'];

/** Fields an ISAK profile never takes from the form: they come from the sites (or do not apply). */
export const IGNORED_BY_ISAK = [
  ...Object.values(LEGACY_FIELD_OF_SITE),
  'cuello',
  'pgrasa',
  'device',
] as readonly string[];

const E = {
  error: (iss: { code?: string; input?: unknown }) =>
    iss.input === undefined
      ? ERROR_KEYS.required
      : iss.code === 'too_small' || iss.code === 'too_big'
        ? ERROR_KEYS.range
        : iss.code === 'unrecognized_keys'
          ? ERROR_KEYS.invalid
          : ERROR_KEYS.type,
};

const measurements = (site: IsakSite) => {
  const { min, max } = ISAK_SITE_INFO[site].range;
  return z.array(z.number(E).min(min, E).max(max, E), E).min(2, E).max(3, E).optional();
};

export const isakInputSchema = z.strictObject(
  {
    sites: z.strictObject(
      Object.fromEntries(ISAK_SITES.map((s) => [s, measurements(s)])) as Record<
        IsakSite,
        ReturnType<typeof measurements>
      >,
      E,
    ),
  },
  E,
);

/** '' and null are absent; '10,5' is 10.5 (form values), as the rest of the form. */
function toNumber(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const t = v.trim().replace(',', '.');
  const n = Number(t);
  return t !== '' && Number.isFinite(n) ? n : v;
}

const isValidReading = (site: IsakSite, x: unknown): x is number => {
  const { min, max } = ISAK_SITE_INFO[site].range;
  return typeof x === 'number' && Number.isFinite(x) && x >= min && x <= max;
};

/** A site's readings when every one is a valid number (2 or 3 of them); null otherwise. */
function validReadings(site: IsakSite, raw: unknown): number[] | null {
  if (!Array.isArray(raw) || raw.length < 2 || raw.length > 3) return null;
  return raw.every((x) => isValidReading(site, x)) ? (raw as number[]) : null;
}

const isSite = (k: string): k is IsakSite => Object.hasOwn(ISAK_SITE_INFO, k);

/**
 * Normalises `v.isak` in place (numbers from text, empty sites dropped) and writes the legacy fields from the
 * sites' final values. Called by the schema's normalise for type 5 only, after the ignored fields were cleared.
 */
export function normaliseIsak(v: Record<string, unknown>): void {
  const isak = v.isak;
  if (!isak || typeof isak !== 'object' || Array.isArray(isak)) return;
  const sitesRaw = (isak as { sites?: unknown }).sites;
  if (!sitesRaw || typeof sitesRaw !== 'object' || Array.isArray(sitesRaw)) return;
  const sites: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(sitesRaw as Record<string, unknown>)) {
    if (raw === null || raw === undefined) continue;
    if (!Array.isArray(raw)) {
      sites[key] = raw;
      continue;
    }
    // Trailing empty inputs ('' or null: a third that was not needed) are absent, not errors.
    const values = raw.map(toNumber);
    while (values.length > 0 && (values.at(-1) === undefined || values.at(-1) === null || values.at(-1) === ''))
      values.pop();
    if (values.length === 0) continue;
    sites[key] = values;
  }
  v.isak = { ...(isak as object), sites };
  for (const [key, readings] of Object.entries(sites)) {
    if (!isSite(key)) continue;
    const field = LEGACY_FIELD_OF_SITE[key];
    const valid = validReadings(key, readings);
    if (field && valid) v[field] = finalValue(valid);
  }
  // Rocha's bone mass needs both breadths; a profile with one of them simply has no Rocha bone mass.
  if ((v.diametro_muneca === undefined) !== (v.diametro_femur === undefined)) {
    v.diametro_muneca = undefined;
    v.diametro_femur = undefined;
  }
}

type Report = (path: (string | number)[], message: string) => void;

/** The ISAK repeat rule (isak.md §a.3): two readings that differ by more than the tolerance need a third. */
export function isakRules(v: Record<string, unknown>, report: Report): void {
  const sites = (v.isak as { sites?: Record<string, unknown> } | undefined)?.sites;
  if (!sites || typeof sites !== 'object') return;
  for (const [key, raw] of Object.entries(sites)) {
    if (!isSite(key)) continue;
    const valid = validReadings(key, raw);
    if (valid?.length === 2 && repeatCheck(key, valid[0]!, valid[1]!).thirdRequired)
      report(['isak', 'sites', key], ERROR_KEYS.isakThirdRequired);
  }
}

/** Site whose final value fills each legacy field, to report a field's error where the professional typed it. */
const SITE_OF_LEGACY_FIELD = new Map(Object.entries(LEGACY_FIELD_OF_SITE).map(([site, field]) => [field, site]));

/**
 * An ISAK profile's field errors at the sites: `pcintura: required` is `isak.sites.waist: required` (the form has
 * no waist field of its own). An error already reported inside that site is not repeated.
 */
export function errorsAtIsakSites(errors: Record<string, string[]>): Record<string, string[]> {
  const out = Object.create(null) as Record<string, string[]>;
  for (const [path, keys] of Object.entries(errors)) {
    const site = SITE_OF_LEGACY_FIELD.get(path);
    if (!site) {
      out[path] = [...(out[path] ?? []), ...keys];
      continue;
    }
    const at = `isak.sites.${site}`;
    if (Object.keys(errors).some((p) => p.startsWith(`${at}.`) || p === at)) continue;
    out[at] = [...(out[at] ?? []), ...keys];
  }
  return out;
}

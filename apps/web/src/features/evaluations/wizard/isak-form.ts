import {
  ERROR_KEYS,
  ISAK_FULL_ONLY,
  ISAK_REQUIRED_SITES,
  ISAK_SITES,
  ISAK_SITE_INFO,
  LEGACY_FIELD_OF_SITE,
  finalValue,
  repeatCheck,
  type IsakSite,
  type IsakSiteKind,
} from '@medida/domain';

/**
 * The ISAK profile's part of the wizard (evaluation type 5, issue 31, decision 197): two readings per site, a
 * third when the first two differ by more than ISAK's tolerance, and the body's `isak.sites`. Sites are always
 * in mm (skinfolds) and cm (everything else), whatever the user's unit preference: the ISAK protocol's units.
 */

/** What an input holds: a number, or '' (and partial text) while typing. */
type Reading = number | string;
/** m1, m2 and the third reading (blank unless the first two differ by more than the tolerance). */
export type IsakReadings = [Reading, Reading, Reading];

export interface IsakValues {
  /** The full profile (Kerr's fractionation) adds its eight sites to the restricted profile. */
  full: boolean;
  sites: Record<IsakSite, IsakReadings>;
}

type GroupId = 'skinfolds' | 'girths' | 'breadths' | 'lengths';
const GROUP_OF_KIND: Record<IsakSiteKind, GroupId> = {
  skinfold: 'skinfolds',
  girth: 'girths',
  breadth: 'breadths',
  length: 'lengths',
};

/** The wizard's groups, in the order measured (isak.md §a.1); full-profile sites join the group of their kind. */
export const ISAK_GROUPS: ReadonlyArray<{ id: GroupId; sites: readonly IsakSite[] }> = (
  Object.keys(GROUP_OF_KIND) as IsakSiteKind[]
).map((kind) => ({ id: GROUP_OF_KIND[kind], sites: ISAK_SITES.filter((site) => ISAK_SITE_INFO[site].kind === kind) }));

const FULL_ONLY = new Set<IsakSite>(ISAK_FULL_ONLY);

/** The sites the form shows and sends: the restricted profile, plus Kerr's eight with the full profile. */
export const shownSites = (sites: readonly IsakSite[], full: boolean): IsakSite[] =>
  sites.filter((site) => full || !FULL_ONLY.has(site));

export function initialIsakValues(): IsakValues {
  return {
    full: false,
    sites: Object.fromEntries(ISAK_SITES.map((site) => [site, ['', '', '']])) as Record<IsakSite, IsakReadings>,
  };
}

const asNumber = (v: Reading): number | null => {
  const n = typeof v === 'number' ? v : Number(String(v).trim().replace(',', '.'));
  return v === '' || v === null || v === undefined || !Number.isFinite(n) ? null : n;
};
const isBlank = (v: Reading) => asNumber(v) === null;

/** Readings the engine accepts for this site (in its plausible range); the schema reports the others. */
const plausible = (site: IsakSite, n: number | null): n is number =>
  n !== null && n >= ISAK_SITE_INFO[site].range.min && n <= ISAK_SITE_INFO[site].range.max;

interface SiteState {
  /** The first two readings' difference, once both are plausible numbers. */
  repeat: { differencePct: number; thirdRequired: boolean } | null;
  /** Mean of two, median of three, once the readings the site needs are there; unrounded. */
  final: number | null;
}

export function siteState(site: IsakSite, readings: IsakReadings): SiteState {
  const [m1, m2, m3] = readings.map(asNumber);
  if (!plausible(site, m1 ?? null) || !plausible(site, m2 ?? null)) return { repeat: null, final: null };
  const repeat = repeatCheck(site, m1!, m2!);
  if (!repeat.thirdRequired) return { repeat, final: finalValue([m1!, m2!]) };
  return { repeat, final: plausible(site, m3 ?? null) ? finalValue([m1!, m2!, m3!]) : null };
}

/** Whether the third input shows: only while the first two differ by more than the tolerance. */
export const needsThird = (site: IsakSite, readings: IsakReadings) =>
  siteState(site, readings).repeat?.thirdRequired === true;

/**
 * The readings after one input changed. A third reading that is no longer needed (the first two came back within
 * tolerance) is dropped, so it is neither shown nor sent.
 */
export function withReading(site: IsakSite, readings: IsakReadings, index: 0 | 1 | 2, value: Reading): IsakReadings {
  const next: IsakReadings = [...readings];
  next[index] = value;
  if (index < 2 && !needsThird(site, next)) next[2] = '';
  return next;
}

/** The body's `isak`: every shown site with a reading, as two or three numbers; sites left empty are not sent. */
export function isakBody(values: IsakValues): { sites: Partial<Record<IsakSite, Reading[]>> } {
  const sites: Partial<Record<IsakSite, Reading[]>> = {};
  for (const site of shownSites(ISAK_SITES, values.full)) {
    const readings = values.sites[site];
    if (readings.every(isBlank)) continue;
    const taken = needsThird(site, readings) ? readings : readings.slice(0, 2);
    sites[site] = taken.map((v) => asNumber(v) ?? v);
  }
  return { sites };
}

/**
 * Problems the form sees before the engine (form path → `evaluation.errors.*`): a required site or a started one
 * without its two readings, and a third reading asked for but not taken. At the site; the row marks the input.
 */
export function checkIsak(values: IsakValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const site of shownSites(ISAK_SITES, values.full)) {
    const readings = values.sites[site];
    const started = !readings.every(isBlank);
    if ((started || ISAK_REQUIRED_SITES.includes(site)) && (isBlank(readings[0]) || isBlank(readings[1])))
      errors[`isak.sites.${site}`] = ERROR_KEYS.required;
    else if (needsThird(site, readings) && isBlank(readings[2]))
      errors[`isak.sites.${site}`] = ERROR_KEYS.isakThirdRequired;
  }
  return errors;
}

/** The legacy fields (triceps, subescapular…) an ISAK profile measures: the body-fat equations it allows. */
export function legacyFieldsMeasured(values: IsakValues): Set<string> {
  const fields = new Set<string>();
  for (const site of shownSites(ISAK_SITES, values.full)) {
    const field = LEGACY_FIELD_OF_SITE[site];
    if (field && siteState(site, values.sites[site]).final !== null) fields.add(field);
  }
  return fields;
}

/** A stored ISAK evaluation's sites back in the form, every reading as measured; the full profile when it has one. */
export function isakValuesFromInputs(stored: unknown): IsakValues {
  const values = initialIsakValues();
  const sites = (stored as { sites?: Record<string, unknown> } | null | undefined)?.sites;
  if (!sites || typeof sites !== 'object') return values;
  for (const site of ISAK_SITES) {
    const readings = sites[site];
    if (!Array.isArray(readings)) continue;
    const [m1 = '', m2 = '', m3 = ''] = readings.map((r: unknown) => (typeof r === 'number' ? r : ''));
    values.sites[site] = [m1, m2, m3];
    if (FULL_ONLY.has(site)) values.full = true;
  }
  return values;
}

/**
 * Where a site's error shows: a reading's own error at its input; the site's at its first empty input shown (the
 * missing reading), else at the first.
 */
export function errorIndexOfSite(site: IsakSite, readings: IsakReadings): 0 | 1 | 2 {
  const count = needsThird(site, readings) ? 3 : 2;
  const blank = readings.slice(0, count).findIndex(isBlank);
  return (blank < 0 ? 0 : blank) as 0 | 1 | 2;
}

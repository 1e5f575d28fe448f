import { describe, expect, it } from 'vitest';
import { evaluate } from '../evaluate.ts';
import { ERROR_KEYS } from '../i18n-keys.ts';
import { subjectA } from '../test/factories.ts';
import { ISAK_REQUIRED_SITES } from './isak-input.ts';

// The ISAK profile's form rules (decision 199): sites in, the fields every method reads derived from them.

const RESTRICTED = {
  triceps: [12.0, 12.4],
  subscapular: [15.0, 15.2],
  biceps: [5.0, 5.1],
  iliac_crest: [18.0, 18.6],
  supraspinale: [11.0, 11.2],
  abdominal: [22.0, 22.8],
  front_thigh: [14.0, 14.4],
  medial_calf: [8.0, 8.2],
  arm_relaxed: [31.8, 32.0],
  arm_flexed: [34.0, 34.2],
  waist: [90.0, 90.4],
  gluteal: [100.0, 100.2],
  mid_thigh: [55.0, 55.2],
  calf_girth: [38.0, 38.2],
  humerus: [7.0, 7.0],
  bistyloid: [5.8, 5.8],
  femur: [9.9, 9.9],
};

const isakForm = (sites: Record<string, unknown>, overrides: Record<string, unknown> = {}) => {
  const base: Record<string, unknown> = { ...subjectA(), evaluation_type: 5, isak: { sites }, ...overrides };
  for (const f of ['pcintura', 'pcadera', 'pbrazo', 'ppierna', 'triceps', 'subescapular', 'abdominal', 'cuadriceps'])
    delete base[f];
  return base;
};

const errorsOf = (input: unknown) => {
  const out = evaluate(input);
  return out.ok ? {} : out.errors;
};

describe('ISAK profile input (type 5)', () => {
  it('derives waist, hip, skinfolds and breadths from the final values and ignores the form’s own fields', () => {
    const out = evaluate(isakForm(RESTRICTED, { pcintura: 60, triceps: 40, pgrasa: 30 }));
    if (!out.ok) throw new Error(JSON.stringify(out.errors));
    expect(out.result.waist.cm).toBeCloseTo(90.2, 12);
    expect(out.result.waist_hip.value).toBeCloseTo(90.2 / 100.1, 12);
    // Durnin–Womersley (4 sites: biceps, triceps, subscapular, iliac crest as "suprailiac") is the primary fat %.
    expect(out.result.body_fat.equation.id).toBe('durnin_womersley_1974');
    expect(out.result.bone_mass).not.toBeNull();
    expect(out.result.isak?.sum8_mm).toBeCloseTo(12.2 + 15.1 + 5.05 + 18.3 + 11.1 + 22.4 + 14.2 + 8.1, 9);
  });

  it('reads form text: decimal commas, an empty third reading, an empty site', () => {
    const out = evaluate(isakForm({ ...RESTRICTED, triceps: ['12,0', '12,4', ''], biceps: [null, null], head: [] }));
    if (!out.ok) throw new Error(JSON.stringify(out.errors));
    expect(out.result.isak?.sites.triceps?.measurements).toEqual([12, 12.4]);
    expect(out.result.isak?.sites.biceps).toBeUndefined();
    expect(out.result.isak?.sum8_mm).toBeNull();
  });

  it('asks for a third reading only above the tolerance, at the site', () => {
    // 20.0 vs 21.0 is 4.88 % of their mean: no third; 20.0 vs 21.1 is 5.35 %: a third.
    expect(errorsOf(isakForm({ ...RESTRICTED, front_thigh: [20.0, 21.0] }))).toEqual({});
    expect(errorsOf(isakForm({ ...RESTRICTED, front_thigh: [20.0, 21.1] }))).toEqual({
      'isak.sites.front_thigh': [ERROR_KEYS.isakThirdRequired],
    });
    // Girths at 1 %: 99.9 vs 100.9 is 0.996 % of the mean (no third); 99.9 vs 101.0 is 1.095 %.
    expect(errorsOf(isakForm({ ...RESTRICTED, gluteal: [99.9, 100.9] }))).toEqual({});
    expect(errorsOf(isakForm({ ...RESTRICTED, gluteal: [99.9, 101.0] }))).toEqual({
      'isak.sites.gluteal': [ERROR_KEYS.isakThirdRequired],
    });
    expect(errorsOf(isakForm({ ...RESTRICTED, gluteal: [99.9, 101.0, 100.2] }))).toEqual({});
  });

  it('needs exactly ISAK_REQUIRED_SITES (what the wizard marks required), each reported at its site', () => {
    for (const site of Object.keys(RESTRICTED)) {
      const { [site]: _left, ...rest } = RESTRICTED as Record<string, number[]>;
      const required = (ISAK_REQUIRED_SITES as readonly string[]).includes(site);
      expect(errorsOf(isakForm(rest)), site).toEqual(required ? { [`isak.sites.${site}`]: [ERROR_KEYS.required] } : {});
    }
  });

  it('reports the sites every evaluation needs where they are typed, once', () => {
    const { waist: _w, triceps: _t, ...rest } = RESTRICTED;
    expect(errorsOf(isakForm(rest))).toEqual({
      'isak.sites.waist': [ERROR_KEYS.required],
      'isak.sites.triceps': [ERROR_KEYS.required],
    });
    const errors = errorsOf(isakForm({ ...RESTRICTED, waist: [500, 500] }));
    expect(Object.keys(errors)).toEqual(['isak.sites.waist.0', 'isak.sites.waist.1']);
  });

  it('refuses hostile shapes with field errors, never throws', () => {
    for (const sites of [
      [],
      'x',
      { constructor: [1, 1] },
      { triceps: 'a' },
      { triceps: [Number.POSITIVE_INFINITY, 1] },
      { triceps: Array(1000).fill(10) },
      { triceps: [{}, []] },
    ]) {
      const out = evaluate(isakForm(sites as Record<string, unknown>));
      expect(out.ok, JSON.stringify(sites)).toBe(false);
    }
    expect(evaluate({ ...isakForm(RESTRICTED), isak: null }).ok).toBe(false);
  });

  it("flags Kerr's fractionation outside its 6-77 y sample", () => {
    const full = {
      ...RESTRICTED,
      sitting_height: [90.0, 90.2],
      head: [57.0, 57.2],
      forearm: [27.0, 27.2],
      chest: [98.0, 98.4],
      thigh_1cm_gluteal: [58.0, 58.4],
      biacromial: [40.0, 40.2],
      biiliocristal: [29.0, 29.2],
      transverse_chest: [29.5, 29.6],
      ap_chest: [20.0, 20.1],
    };
    const at = (nacimiento: string) => {
      const out = evaluate(isakForm(full, { nacimiento }));
      if (!out.ok) throw new Error(JSON.stringify(out.errors));
      return out.result;
    };
    expect(at('1990-01-15').isak?.kerr?.within_validity).toBe(true);
    const old = at('1945-01-15');
    expect(old.isak?.kerr?.within_validity).toBe(false);
    expect(old.warnings).toContainEqual(
      expect.objectContaining({ code: 'evaluation.warnings.outsideSampleAge', equation: 'kerr_1988' }),
    );
  });

  it('ignores an isak object on the other methods', () => {
    const out = evaluate({ ...subjectA(), isak: { sites: { triceps: ['x'] } } });
    expect(out.ok && out.result.isak).toBeNull();
  });
});

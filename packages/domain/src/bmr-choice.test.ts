// Issue 31 B (decision 192): twelve resting-energy equations, the professional's primary one, and a validity flag on
// every equation outside its derivation sample (Harris-Benedict and Roza-Shizgal at 13 and 90 y were unflagged).
import { describe, expect, it } from 'vitest';
import { BMR_EQUATION_IDS } from './equations/energy.ts';
import { evaluate } from './evaluate.ts';
import { fastParse } from './fast-parse.ts';
import { WARNING_KEYS } from './i18n-keys.ts';
import type { EvaluationResult } from './result.ts';
import { evaluationInputSchema, toFieldErrors } from './schema.ts';
import { subjectA, subjectB } from './test/factories.ts';

function run(input: unknown): EvaluationResult {
  const out = evaluate(input);
  if (!out.ok) throw new Error(JSON.stringify(out.errors));
  return out.result;
}
const alternative = (r: EvaluationResult, id: string) => r.bmr.alternatives.find((a) => a.equation.id === id)!;
const warning = (r: EvaluationResult, id: string) => r.warnings.find((w) => w.equation === id);

// fecha 2025-06-01: born 2012-01-01 is 13 y, born 1935-01-01 is 90 y.
const AT_13 = '2012-01-01';
const AT_90 = '1935-01-01';

describe('Harris-Benedict and Roza-Shizgal are flagged outside their sample (men 16-63 y, women 15-74 y)', () => {
  for (const [label, nacimiento] of [
    ['13 y', AT_13],
    ['90 y', AT_90],
  ] as const) {
    // As alternatives they are flagged on their row; chosen as the primary, the warning says why.
    it(`a man of ${label}`, () => {
      const r = run(subjectA({ nacimiento }));
      for (const id of ['bmr_harris_benedict_1919', 'bmr_roza_shizgal_1984'] as const) {
        expect(alternative(r, id).within_validity, id).toBe(false);
        expect(warning(r, id), id).toBeUndefined();
        const chosen = run(subjectA({ nacimiento, bmr_equation: id }));
        expect(chosen.bmr.within_validity, id).toBe(false);
        expect(warning(chosen, id), id).toEqual({
          code: WARNING_KEYS.outsideSampleAge,
          equation: id,
          params: { min: 16, max: 63 },
        });
      }
    });
    it(`a woman of ${label}`, () => {
      const r = run(subjectB({ nacimiento }));
      for (const id of ['bmr_harris_benedict_1919', 'bmr_roza_shizgal_1984'] as const) {
        expect(alternative(r, id).within_validity, id).toBe(false);
        const chosen = run(subjectB({ nacimiento, bmr_equation: id }));
        expect(warning(chosen, id)!.params, id).toEqual({ min: 15, max: 74 });
      }
    });
  }

  it('inside the sample (35 y) they are valid and say nothing', () => {
    const r = run(subjectA());
    expect(alternative(r, 'bmr_harris_benedict_1919').within_validity).toBe(true);
    expect(warning(r, 'bmr_harris_benedict_1919')).toBeUndefined();
  });
});

describe('the primary resting-energy equation', () => {
  it('is Mifflin-St Jeor by default, not marked as chosen, with the eleven others as alternatives', () => {
    const r = run(subjectA());
    expect(r.bmr.equation.id).toBe('bmr_mifflin_st_jeor_1990');
    expect(r.bmr.chosen).toBe(false);
    expect(r.bmr.within_validity).toBe(true);
    // 10 × 80 + 6.25 × 178 - 5 × 35 + 5 = 800 + 1112.5 - 175 + 5 = 1742.5
    expect(r.bmr.kcal).toBeCloseTo(1742.5, 9);
    expect(r.bmr.alternatives.map((a) => a.equation.id)).toEqual(BMR_EQUATION_IDS.slice(1));
    for (const a of r.bmr.alternatives) expect(typeof a.within_validity, a.equation.id).toBe('boolean');
  });

  it("is the professional's choice, which feeds the energy need; Mifflin becomes an alternative", () => {
    const r = run(subjectA({ bmr_equation: 'bmr_henry_oxford_2005' }));
    expect(r.bmr.equation.id).toBe('bmr_henry_oxford_2005');
    expect(r.bmr.chosen).toBe(true);
    // Henry men 30-60 (35 y): 14.2 × 80 + 593 = 1136 + 593 = 1729
    expect(r.bmr.kcal).toBeCloseTo(1729, 9);
    expect(r.energy.sedentary.avg).toBeCloseTo(1729 * 1.3, 9);
    expect(r.bmr.alternatives.length).toBe(11);
    expect(alternative(r, 'bmr_mifflin_st_jeor_1990').kcal).toBeCloseTo(1742.5, 9);
  });

  it('a chosen equation outside its sample stays primary and is flagged', () => {
    const r = run(subjectB({ bmr_equation: 'bmr_de_lorenzo_1999' }));
    expect(r.bmr).toMatchObject({ equation: { id: 'bmr_de_lorenzo_1999' }, chosen: true, within_validity: false });
    expect(warning(r, 'bmr_de_lorenzo_1999')!.code).toBe(WARNING_KEYS.outsideSampleSex);
  });

  it("age-banded equations take the band of the client's age; FFM-based ones the engine's fat-free mass", () => {
    const r = run(subjectA()); // 35 y, 80 kg
    // Schofield men 30-60: 0.048 × 80 + 3.653 = 3.84 + 3.653 = 7.493 MJ = 7493 / 4.184 kcal
    expect(alternative(r, 'bmr_schofield_1985').kcal).toBeCloseTo(7493 / 4.184, 9);
    // FAO/WHO/UNU men 30-60: 11.6 × 80 + 879 = 928 + 879 = 1807
    expect(alternative(r, 'bmr_fao_who_unu_1985').kcal).toBeCloseTo(1807, 9);
    const ffm = r.lean_mass.kg;
    expect(alternative(r, 'bmr_ten_haaf_2014_ffm').kcal).toBeCloseTo(22.771 * ffm + 484.264, 9);
    expect(alternative(r, 'bmr_katch_mcardle_cunningham_1991').kcal).toBeCloseTo(370 + 21.6 * ffm, 9);
  });
});

describe("the athletes' equations", () => {
  it('a man of 35 who trains 4 times a week is inside De Lorenzo and Ten Haaf', () => {
    const r = run(subjectA());
    for (const id of ['bmr_de_lorenzo_1999', 'bmr_ten_haaf_2014_weight', 'bmr_ten_haaf_2014_ffm'])
      expect(alternative(r, id).within_validity, id).toBe(true);
  });

  it('a woman who does not train: De Lorenzo (men) by sex, Ten Haaf by not being an athlete', () => {
    const r = run(subjectB());
    expect(alternative(r, 'bmr_de_lorenzo_1999').within_validity).toBe(false);
    expect(warning(r, 'bmr_de_lorenzo_1999')).toBeUndefined();
    for (const id of ['bmr_ten_haaf_2014_weight', 'bmr_ten_haaf_2014_ffm'] as const) {
      expect(alternative(r, id).within_validity, id).toBe(false);
      const chosen = run(subjectB({ bmr_equation: id }));
      expect(warning(chosen, id)!.code, id).toBe(WARNING_KEYS.outsideSampleAthletes);
    }
  });

  it('twice a week is not an athlete; three times is', () => {
    const twice = run(subjectA({ frecentrena: 2 }));
    expect(alternative(twice, 'bmr_ten_haaf_2014_weight').within_validity).toBe(false);
    const thrice = run(subjectA({ frecentrena: 3 }));
    expect(alternative(thrice, 'bmr_ten_haaf_2014_weight').within_validity).toBe(true);
  });
});

describe('bmr_equation in the input', () => {
  it('accepts every id, the same on the fast path and through zod', () => {
    for (const id of BMR_EQUATION_IDS) {
      const input = subjectA({ bmr_equation: id });
      const fast = fastParse(input);
      const slow = evaluationInputSchema.safeParse(input);
      expect(fast, id).not.toBeNull();
      expect(slow.success, id).toBe(true);
      if (slow.success) expect(fast).toEqual(slow.data);
      expect(fast!.bmr_equation).toBe(id);
    }
  });

  it("'' and null mean absent (zod; the fast path leaves them to zod)", () => {
    for (const empty of ['', null]) {
      const input = { ...subjectA(), bmr_equation: empty };
      expect(fastParse(input)).toBeNull();
      const slow = evaluationInputSchema.safeParse(input);
      expect(slow.success).toBe(true);
      if (slow.success) expect(slow.data.bmr_equation).toBeUndefined();
    }
  });

  it('an unknown id is an option error on bmr_equation, and the fast path does not accept it', () => {
    const input = { ...subjectA(), bmr_equation: 'bmr_made_up' };
    expect(fastParse(input)).toBeNull();
    const slow = evaluationInputSchema.safeParse(input);
    expect(slow.success).toBe(false);
    if (!slow.success) expect(toFieldErrors(slow.error.issues).bmr_equation).toEqual(['evaluation.errors.option']);
  });
});

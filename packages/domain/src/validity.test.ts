// Issue 9: equations carry their derivation sample; adolescents get their own criteria; protocol choice;
// the outputs that were missing. Expected numbers are worked by hand from the papers (comments show the sums).
import { describe, expect, it } from 'vitest';
import { lmsAt } from './equations/bmi.ts';
import { evaluate } from './evaluate.ts';
import { ERROR_KEYS, WARNING_KEYS } from './i18n-keys.ts';
import type { EvaluationResult } from './result.ts';
import { subjectA, subjectB } from './test/factories.ts';

function run(input: unknown): EvaluationResult {
  const out = evaluate(input);
  if (!out.ok) throw new Error(JSON.stringify(out.errors));
  return out.result;
}
const errors = (input: unknown) => {
  const out = evaluate(input);
  return out.ok ? {} : out.errors;
};
const comparison = (r: EvaluationResult, id: string) => r.comparisons.find((c) => c.equation.id === id);
const sampleWarning = (r: EvaluationResult, id: string) =>
  r.warnings.find((w) => w.equation === id && w.code === WARNING_KEYS.outsideSampleAge);

/** A woman of 60 with the spec's four skinfolds plus biceps and suprailiac (the example). */
const woman60 = (o = {}) => subjectB({ nacimiento: '1965-01-01', biceps: 8, suprailiaco: 16, ...o }); // TR 18, SB 14, AB 20, TH 25

describe('derivation samples decide the primary equation (decision 036)', () => {
  it('a 60-year-old woman with biceps and suprailiac: Durnin-Womersley, not Evans', () => {
    const r = run(woman60());
    // D&W women 50-68: Db = 1.1339 - 0.0645 log10(8 + 18 + 14 + 16 = 56) = 1.1339 - 0.112758 = 1.021142;
    // Siri 495 / 1.021142 - 450 = 34.75
    expect(r.body_fat.equation.id).toBe('durnin_womersley_1974');
    expect(r.body_fat.percent).toBeCloseTo(495 / (1.1339 - 0.0645 * Math.log10(56)) - 450, 10);
    expect(r.body_fat.percent).toBeCloseTo(34.75, 2);
    expect(r.body_fat.within_validity).toBe(true);
    const evans = comparison(r, 'evans_2005')!;
    expect(evans.within_validity).toBe(false);
    expect(sampleWarning(r, 'evans_2005')!.params).toEqual({ min: 18, max: 25 });
    // Jackson-Pollock women 18-55 and Faulkner (18-30) are outside too; Wilmore-Behnke 1970 (17-48) as well.
    expect(comparison(r, 'jackson_pollock_1985_4site')!.within_validity).toBe(false);
    expect(sampleWarning(r, 'jackson_pollock_1985_4site')!.params).toEqual({ min: 18, max: 55 });
    expect(comparison(r, 'faulkner_1968')!.within_validity).toBe(false);
    expect(comparison(r, 'wilmore_behnke_1970_women')!.within_validity).toBe(false);
  });

  it('the same woman at 70: D&W (women to 68) is outside too, so the method default stays, flagged', () => {
    const r = run(woman60({ nacimiento: '1955-01-01' }));
    expect(r.body_fat.equation.id).toBe('evans_2005');
    expect(r.body_fat.within_validity).toBe(false);
    expect(sampleWarning(r, 'durnin_womersley_1974')!.params).toEqual({ min: 13, max: 68 });
  });

  // Issue 31 (decisions 194, 196): BMI is shown with 2 decimals and Katch-McArdle has Evans's BMI bound, so at
  // 35.00 Sloan (men 18-26 y, inside) is primary, not Katch-McArdle (the defect D7).
  it('Evans at BMI 35.00 (as shown) is outside its sample even at 22 y: Sloan (18-26 y) is primary', () => {
    // 101.2 kg / 1.70² = 35.017 → shown 35.02
    const r = run(subjectA({ nacimiento: '2003-01-01', peso: 101.2, estatura: 170, pcintura: 110, pcadera: 115 }));
    expect(r.body_fat.equation.id).toBe('sloan_1967_men');
    expect(r.body_fat.within_validity).toBe(true);
    expect(comparison(r, 'evans_2005')!.within_validity).toBe(false);
    expect(r.warnings).toContainEqual({
      code: WARNING_KEYS.outsideSampleBmi,
      equation: 'evans_2005',
      params: { bmi: 35 },
    });
  });

  it('Navy, Lee, Mifflin, Rocha and Rockport warn outside their samples with their ages', () => {
    const r = run(
      subjectA({
        evaluation_type: 3,
        nacimiento: '1935-01-01', // 90 y
        rockport: { minutes: 18, seconds: 0, bpm: 110 },
      }),
    );
    expect(r.body_fat.within_validity).toBe(false);
    expect(sampleWarning(r, 'navy_hodgdon_beckett_1984')!.params).toEqual({ min: 18, max: 56 });
    expect(sampleWarning(r, 'smm_lee_2000_model2')!.params).toEqual({ min: 20, max: 81 });
    expect(sampleWarning(r, 'bmr_mifflin_st_jeor_1990')!.params).toEqual({ min: 19, max: 78 });
    expect(sampleWarning(r, 'rockport_kline_1987')!.params).toEqual({ min: 30, max: 69 });
    const withBreadths = run(subjectA({ evaluation_type: 1, diametro_muneca: 5.8, diametro_femur: 9.8 }));
    expect(sampleWarning(withBreadths, 'bone_rocha_1975')!.params).toEqual({ min: 17, max: 25 });
  });

  it('Lee 2000 at BMI 30.0 (as shown) warns about its non-obese sample', () => {
    // 95.05 / 1.78² = 29.999 → shown 30.0
    const r = run(subjectA({ evaluation_type: 1, peso: 95.05 }));
    expect(r.warnings).toContainEqual({
      code: WARNING_KEYS.outsideSampleBmi,
      equation: 'smm_lee_2000_model2',
      params: { bmi: 30 },
    });
  });
});

describe('the professional chooses the protocol', () => {
  it('any equation whose sites were measured; stored in the input, marked chosen', () => {
    const r = run(woman60({ body_fat_equation: 'faulkner_1968' }));
    // Faulkner: 0.153 × (18 + 14 + 16 + 20 = 68) + 5.783 = 16.187
    expect(r.body_fat).toMatchObject({ equation: { id: 'faulkner_1968' }, chosen: true, within_validity: false });
    expect(r.body_fat.percent).toBeCloseTo(16.187, 10);
    expect(comparison(r, 'durnin_womersley_1974')!.primary).toBe(false);
  });

  it('an equation whose sites were not measured, or for the other sex, is a translated field error', () => {
    expect(errors(subjectB({ body_fat_equation: 'durnin_womersley_1974' }))).toEqual({
      body_fat_equation: [ERROR_KEYS.equationNotApplicable],
    });
    expect(errors(subjectB({ body_fat_equation: 'katch_mcardle_1973_men' }))).toEqual({
      body_fat_equation: [ERROR_KEYS.equationNotApplicable],
    });
    expect(errors(subjectB({ body_fat_equation: 'made_up' })).body_fat_equation).toEqual([ERROR_KEYS.option]);
  });
});

describe('tape method', () => {
  it('a woman whose waist is not larger than the neck is rejected like a man', () => {
    // waist 33 = neck 33: waist + hip - neck = 98 > 0, accepted before.
    expect(errors(subjectB({ evaluation_type: 3, pcintura: 40, cuello: 40 }))).toEqual({
      cuello: [ERROR_KEYS.neckNotBelowWaist],
    });
    expect(errors(subjectA({ evaluation_type: 3, pcintura: 45, cuello: 45 }))).toEqual({
      cuello: [ERROR_KEYS.neckNotBelowWaist],
    });
  });
});

describe('adolescents (decision 037)', () => {
  const teen = (birth: string, o = {}) =>
    subjectA({ nacimiento: birth, fecha: '2025-06-01', peso: 60, estatura: 168, pcintura: 92, pcadera: 95, ...o });

  it('15 y: no WHO waist or waist-to-hip class, metabolic syndrome by IDF 2007 adolescents', () => {
    const r = run(teen('2010-01-01', { presion_s: 132, presion_d: 80 }));
    expect(r.waist.who).toBeNull();
    expect(r.waist.idf_latam).toBeNull();
    expect(r.waist_hip.risk).toBeNull();
    expect(r.risks.map((x) => x.id)).not.toContain('waist_hip');
    expect(r.risks.map((x) => x.id)).not.toContain('waist_circumference');
    const ms = r.risks.find((x) => x.id === 'metabolic_syndrome')!;
    expect(ms.equation!.id).toBe('mets_idf_2007_adolescents');
    // Waist 92 ≥ 90 (adult cut-off, lower than any boy's 90th percentile at 15 is not needed) + BP; no labs:
    // 1 of 4 met, 3 not evaluated → could still reach 2 → indeterminate.
    expect(ms.level).toBe('indeterminate');
    expect(r.warnings.some((w) => w.code === WARNING_KEYS.adolescentWaistCutoffs)).toBe(true);
  });

  it('15 y with labs: waist over the adult cut-off plus TG and HDL < 40 → present', () => {
    const r = run(
      teen('2010-01-01', {
        clinical_data: {
          temperatura: 36.5,
          exams: [
            { name: 'fasting_triglycerides', value: 160 },
            { name: 'hdl', value: 38 },
          ],
        },
      }),
    );
    expect(r.risks.find((x) => x.id === 'metabolic_syndrome')!.level).toBe('present');
  });

  // Decision 194 (issue 31 D8): IDF 2007 sends 16+ to the IDF adult definition (waist required), not the harmonized 3 of 5.
  it('16 y: IDF/LatAm waist criterion and the IDF adult syndrome; WHO bands still not', () => {
    const r = run(teen('2009-01-01'));
    expect(r.waist.idf_latam).toBe(true);
    expect(r.waist.who).toBeNull();
    expect(r.risks.find((x) => x.id === 'metabolic_syndrome')!.equation!.id).toBe('mets_idf_2005_adult_criteria');
  });

  it('13 y: ideal BMI is the WHO 2007 median at the exact age; LMS interpolated at days / 30.4375', () => {
    // Born 2012-01-01, evaluated 2025-06-01: 4900 days = 160.99 months.
    const r = run(teen('2012-01-01'));
    const months = 4900 / 30.4375;
    const [, m] = lmsAt('M', months);
    expect(r.ideal_weight.target_bmi).toBeCloseTo(m, 12);
    // Rows 160 (M 18.486) and 161: M interpolated 99 % of the way.
    expect(m).toBeGreaterThan(18.486);
    expect(r.ideal_weight.kg).toBeCloseTo(m * 1.68 ** 2, 10);
  });
});

describe('missing outputs', () => {
  it('a measured VO2max replaces Rockport in the fitness category, and says so', () => {
    const r = run(subjectA({ rockport: { minutes: 14, seconds: 30, bpm: 140 }, vo2max_measured: 47 }));
    expect(r.fitness).toMatchObject({ vo2max: 47, source: 'measured', category: 'excellent' }); // men 30-39: 45.0-49.4
    expect(r.rockport!.vo2max).toBeCloseTo(42.78, 2);
    expect(r.risks.find((x) => x.id === 'cardiorespiratory_fitness')!.value).toBe(47);
    expect(r.warnings.some((w) => w.code === WARNING_KEYS.measuredVo2max)).toBe(true);
  });

  it('device readings (bioimpedance) and training volume are kept as entered', () => {
    const r = run(
      subjectA({ evaluation_type: 1, device: { muscle_kg: 58.2, visceral_level: 9 }, training_volume_min: 240 }),
    );
    expect(r.device).toEqual({
      muscle_kg: 58.2,
      visceral_level: 9,
      water_pct: null,
      phase_angle: null,
      bmr_kcal: null,
    });
    expect(r.training_volume).toEqual({ percent: null, minutes_per_week: 240 });
    expect(errors(subjectA({ training_volume_min: 100, training_volume_pct: 50 }))).toEqual({
      training_volume_min: [ERROR_KEYS.trainingVolumeBoth],
    });
    // Device readings belong to the bioimpedance method only.
    expect(run(subjectA({ evaluation_type: 4, device: { muscle_kg: 58.2 } })).device).toBeNull();
  });

  it('metabolic age is labelled an estimate', () => {
    expect(run(subjectA({ evaluation_type: 1 })).metabolic_age!.estimate).toBe(true);
  });
});

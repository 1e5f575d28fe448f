import { describe, expect, it } from 'vitest';
import { evaluate } from './evaluate.ts';
import type { EvaluationResult } from './result.ts';
import { ENGINE_VERSION } from './constants.ts';
import { WARNING_KEYS } from './i18n-keys.ts';
import { LABS_A, LABS_B, numbersIn, subjectA, subjectB } from './test/factories.ts';

/** formulas.md compares numbers with a 0.01 tolerance (half-cent values like 3049.375 are exact). */
function near(actual: number, expected: number, tolerance = 0.01): void {
  expect(Math.abs(actual - expected), `${actual} vs ${expected}`).toBeLessThanOrEqual(tolerance + 1e-9);
}

function run(input: unknown): EvaluationResult {
  const out = evaluate(input);
  if (!out.ok) throw new Error(`unexpected errors ${JSON.stringify(out.errors)}`);
  return out.result;
}
const ids = (r: EvaluationResult) => r.comparisons.map((c) => c.equation.id);
const warned = (r: EvaluationResult, code: string, equation?: string) =>
  r.warnings.some((w) => w.code === code && (equation === undefined || w.equation === equation));

describe('subject A through every method', () => {
  it('type 1: device fat %, four-component model with breadths (formulas §2.1, §3)', () => {
    const r = run(subjectA({ evaluation_type: 1, diametro_muneca: 5.8, diametro_femur: 9.8 }));
    expect(r.engine_version).toBe(ENGINE_VERSION);
    expect(r.method).toBe('bioimpedance');
    expect(r.body_fat.percent).toBe(20);
    expect(r.body_fat.kg).toBeCloseTo(16, 10);
    expect(r.body_fat.equation.id).toBe('bia_device');
    expect(r.lean_mass.kg).toBeCloseTo(64, 10);
    expect(r.residual_mass.kg).toBeCloseTo(19.28, 10);
    near(r.bone_mass!.kg, 12.32);
    near(r.bone_mass!.percent, 15.4);
    near(r.muscle_mass.kg, 32.4);
    near(r.muscle_mass.percent, 40.5);
    expect(r.muscle_mass.equation.id).toBe('muscle_de_rose_1980');
    near(r.metabolic_age!.years, 33.02);
    expect(r.bmr.alternatives.find((a) => a.equation.id === 'bmr_katch_mcardle_cunningham_1991')!.kcal).toBeCloseTo(
      1752.4,
      6,
    );
    expect(r.skinfold_sum).toBeNull();
  });

  it('type 1 without breadths: skeletal muscle (Lee model 2), never W - fat - residual', () => {
    const r = run(subjectA({ evaluation_type: 1 }));
    expect(r.bone_mass).toBeNull();
    expect(r.muscle_mass.equation.id).toBe('smm_lee_2000_model2');
    expect(r.muscle_mass.kind).toBe('skeletal_muscle_mass');
    near(r.muscle_mass.kg, 33.27);
    expect(warned(r, WARNING_KEYS.skeletalMuscleOnly)).toBe(true);
  });

  it('type 3: US Navy inch equations', () => {
    const r = run(subjectA({ evaluation_type: 3 }));
    expect(r.method).toBe('tape');
    near(r.body_fat.percent, 19.54);
    expect(r.body_fat.equation.id).toBe('navy_hodgdon_beckett_1984');
    near(r.comparisons.find((c) => c.equation.id === 'navy_density_metric')!.percent, 19.43);
  });

  it('type 4 at 35 y: raw sum; Evans (athletes 18-25 y) yields to Wilmore-Behnke 1969 (men 17-37 y) (decision 036)', () => {
    const r = run(subjectA({ evaluation_type: 4 }));
    expect(r.skinfold_sum).toEqual({ sites: ['triceps', 'subescapular', 'abdominal', 'cuadriceps'], mm: 63 });
    expect(r.body_fat).toMatchObject({
      equation: { id: 'wilmore_behnke_1969_men' },
      within_validity: true,
      chosen: false,
    });
    const evans = r.comparisons.find((c) => c.equation.id === 'evans_2005')!;
    near(evans.percent, 14.49);
    expect(evans).toMatchObject({ primary: false, within_validity: false });
    expect(r.warnings).toContainEqual({
      code: WARNING_KEYS.outsideSampleAge,
      equation: 'evans_2005',
      params: { min: 18, max: 25 },
    });
    near(r.comparisons.find((c) => c.equation.id === 'katch_mcardle_1973_men')!.percent, 15.22);
    expect(ids(r)).not.toContain('wilmore_behnke_1970_women');
    expect(warned(r, WARNING_KEYS.noFourSiteEquation, 'evans_2005')).toBe(false);
  });

  it('type 4 at 22 y: Evans primary (estimate), with the no-four-site warning', () => {
    const r = run(subjectA({ evaluation_type: 4, nacimiento: '2003-01-01' }));
    near(r.body_fat.percent, 14.49);
    expect(r.comparisons[0]).toMatchObject({ primary: true, estimate: true, equation: { id: 'evans_2005' } });
    expect(warned(r, WARNING_KEYS.noFourSiteEquation, 'evans_2005')).toBe(true);
  });

  it('type 2 adult: Nagamine-Suzuki, labelled estimate (decision 031)', () => {
    const r = run(subjectA({ evaluation_type: 2, abdominal: undefined, cuadriceps: undefined }));
    expect(r.method).toBe('two_skinfolds');
    near(r.body_fat.percent, 16.99);
    expect(r.body_fat.equation.id).toBe('nagamine_suzuki_1964');
    expect(r.body_fat.estimate).toBe(true);
    expect(warned(r, WARNING_KEYS.estimateTwoSkinfoldAdult)).toBe(true);
    // Age 35 is outside the 18-27 y sample, and no equation on TR+SB is valid at 35: it stays, flagged.
    expect(warned(r, WARNING_KEYS.outsideSampleAge, 'nagamine_suzuki_1964')).toBe(true);
    expect(r.body_fat.within_validity).toBe(false);
  });

  it('type 2 with the optional thigh fold also shows Sloan for men', () => {
    const r = run(subjectA({ evaluation_type: 2, abdominal: undefined }));
    near(r.comparisons.find((c) => c.equation.id === 'sloan_1967_men')!.percent, 14.32);
  });
});

describe('subject B', () => {
  it('type 4 at 28 y: Wilmore-Behnke 1970 (women 17-48 y) primary, Evans (18-25 y) a comparison', () => {
    const r = run(subjectB());
    near(r.body_fat.percent, 26.17);
    expect(r.body_fat.equation.id).toBe('wilmore_behnke_1970_women');
    near(r.comparisons.find((c) => c.equation.id === 'evans_2005')!.percent, 24.53);
    expect(ids(r)).not.toContain('katch_mcardle_1973_men');
  });
  it('type 3: Navy with hip', () => {
    near(run(subjectB({ evaluation_type: 3 })).body_fat.percent, 27.2);
  });
  it('type 1 with breadths', () => {
    const r = run(subjectB({ evaluation_type: 1, diametro_muneca: 5.0, diametro_femur: 8.8 }));
    expect(r.bone_mass!.kg).toBeCloseTo(9.2153, 3);
    expect(r.residual_mass.kg).toBeCloseTo(12.958, 10);
    near(r.muscle_mass.kg, 22.47);
    near(r.metabolic_age!.years, 31.21);
  });
  it('BMI, ideal weight, BMR, energy (low level) and waist indices', () => {
    const r = run(subjectB({ energy_level: 'low' }));
    near(r.bmi.value, 22.77);
    expect(r.bmi.category).toBe('normal');
    expect(r.ideal_weight.kg).toBeCloseTo(59.895, 6); // printed 59.90
    near(r.ideal_weight.min_kg, 50.37);
    near(r.ideal_weight.max_kg, 67.79);
    expect(r.bmr.kcal).toBeCloseTo(1350.25, 10);
    near(r.energy.low.min, 1890.35);
    near(r.energy.low.avg, 2025.38);
    near(r.energy.low.max, 2146.9);
    expect(r.macros.energy_level).toBe('low');
    expect(r.waist_height).toMatchObject({ risk: 'healthy' });
    expect(r.waist_hip.value).toBeCloseTo(0.7347, 4);
    expect(r.waist_hip.risk).toBe('not_increased');
  });
  it('labs: HOMA-IR, non-HDL, Sampson LDL and VAI', () => {
    const r = run(subjectB({ clinical_data: { temperatura: 36.5, exams: [...LABS_B] } }));
    const exam = (id: string) => r.exams.find((e) => e.id === id)!;
    near(exam('homa_ir').value, 1.3);
    expect(exam('non_hdl').value).toBe(125);
    near(exam('ldl').value, 108.65);
    expect(exam('hdl').status).toBe('high');
    expect(r.visceral_fat.indicator).toBe('vai');
    near(r.visceral_fat.value, 1.11);
  });
});

describe('results for subject A in detail', () => {
  const r = run(
    subjectA({
      rockport: { minutes: 14, seconds: 30, bpm: 140 },
      clinical_data: { temperatura: 36.5, exams: [...LABS_A] },
    }),
  );

  it('BMI and ideal weight', () => {
    near(r.bmi.value, 25.25);
    expect(r.bmi.category).toBe('pre_obese');
    expect(r.bmi.z_score).toBeNull();
    near(r.ideal_weight.kg, 69.7);
    expect(r.ideal_weight.alternatives.map((a) => [a.equation.id, +a.kg.toFixed(2)])).toEqual([
      ['ibw_devine', 73.18],
      ['ibw_robinson', 71.15],
      ['ibw_miller', 70.41],
      ['ibw_hamwi', 75.21],
    ]);
  });

  it('BMR and energy levels (§5.2 vectors)', () => {
    expect(r.bmr.kcal).toBeCloseTo(1742.5, 10);
    expect(r.bmr.equation.id).toBe('bmr_mifflin_st_jeor_1990');
    near(r.energy.sedentary.min, 2091);
    expect(r.energy.sedentary.max).toBeCloseTo(2422.075, 6); // printed 2422.08
    near(r.energy.moderate.avg, 3049.38);
    expect(r.energy.moderate.max).toBeCloseTo(3293.325, 6); // printed 3293.33
    near(r.energy.high.max, 4356.25);
  });

  it('macros: exercising 4×/week → moderate, 1.6 g/kg, fat 25 % (§6 vector)', () => {
    expect(r.macros.energy_level).toBe('moderate');
    expect(r.macros.protein.g).toBeCloseTo(128, 10);
    near(r.macros.protein.percent, 16.79);
    near(r.macros.fat.g, 84.7);
    near(r.macros.carbohydrate.g, 443.76);
  });

  it('Rockport and fitness class', () => {
    near(r.rockport!.vo2max, 42.78);
    expect(r.rockport!.category).toBe('good');
  });

  it('waist indices, BP, fever', () => {
    expect(r.waist_height.value).toBeCloseTo(0.5056, 4);
    expect(r.waist_height.risk).toBe('increased');
    expect(r.waist_hip.risk).toBe('substantially_increased');
    expect(r.waist).toMatchObject({ who: 'not_increased', idf_latam: true });
    expect(r.blood_pressure.category).toBe('stage1');
    expect(r.fever).toBe(false);
  });

  it('exams with units, limits and derived values', () => {
    const exam = (id: string) => r.exams.find((e) => e.id === id)!;
    expect(exam('fasting_glucose')).toMatchObject({ value: 95, unit: 'mg/dL', status: 'normal', derived: false });
    expect(exam('fasting_glucose').limit).toContain('100-125');
    expect(exam('fasting_triglycerides').status).toBe('borderline_high');
    expect(exam('hdl').status).toBe('normal');
    expect(exam('total_cholesterol').status).toBe('borderline_high');
    expect(exam('homa_ir')).toMatchObject({
      derived: true,
      status: 'normal',
      equation: { id: 'homa_ir_matthews_1985' },
    });
    near(exam('homa_ir').value, 2.35);
    expect(exam('non_hdl')).toMatchObject({ value: 155, status: 'above_desirable', derived: true });
    near(exam('ldl').value, 128.2);
    expect(exam('ldl').status).toBe('near_optimal');
    for (const e of r.exams) expect(typeof e.unit).toBe('string');
  });

  it('visceral fat: VAI with its age category, METS-VF and LAP side by side', () => {
    expect(r.visceral_fat.indicator).toBe('vai');
    near(r.visceral_fat.value, 1.91);
    expect(r.visceral_fat.category).toBe('none');
    const alt = (id: string) => r.visceral_fat.alternatives.find((a) => a.equation.id === id)!;
    near(alt('mets_vf_2020').value, 6.41);
    expect(alt('mets_vf_2020').category).toBe('not_increased');
    near(alt('lap_kahn_2005').value, 42.34);
  });

  it('risks: MetS count 2/5, lifestyle and anthropometric flags', () => {
    const risk = (id: string) => r.risks.find((x) => x.id === id)!;
    expect(risk('metabolic_syndrome')).toMatchObject({ value: 2, level: 'absent', flagged: false });
    expect(risk('bmi_waist')).toMatchObject({ level: 'increased' });
    expect(risk('waist_hip').flagged).toBe(true);
    expect(risk('smoking').flagged).toBe(false);
    expect(risk('physical_inactivity').flagged).toBe(false);
    expect(risk('exam:fasting_triglycerides').level).toBe('borderline_high');
  });

  it('training level', () => {
    expect(r.training_level).toBe('advanced');
  });

  it('every equation reference has id, name and citation', () => {
    const refs: unknown[] = [];
    JSON.stringify(r, (k, v) => {
      if ((k === 'equation' || k === 'category_equation') && v !== null && typeof v === 'object') refs.push(v);
      return v;
    });
    expect(refs.length).toBeGreaterThan(20);
    for (const ref of refs) {
      expect(ref).toEqual({ id: expect.any(String), name: expect.any(String), citation: expect.any(String) });
    }
  });

  it('is JSON-serialisable as is, with no NaN or Infinity', () => {
    expect(JSON.parse(JSON.stringify(r))).toEqual(r);
    for (const [path, n] of numbersIn(r)) expect(Number.isFinite(n), path).toBe(true);
  });
});

describe('optional extras unlock more equations, side by side', () => {
  it('suprailiac unlocks Jackson-Pollock 4-site; with biceps also Durnin-Womersley and Faulkner', () => {
    const withSi = run(subjectA({ suprailiaco: 18 }));
    expect(ids(withSi)).toContain('jackson_pollock_1985_4site');
    expect(ids(withSi)).toContain('faulkner_1968');
    expect(ids(withSi)).not.toContain('durnin_womersley_1974');
    const both = run(subjectA({ suprailiaco: 18, biceps: 6 }));
    expect(ids(both)).toContain('durnin_womersley_1974');
    const dw = both.comparisons.find((c) => c.equation.id === 'durnin_womersley_1974')!;
    expect(dw.percent).toBeCloseTo(495 / (1.1422 - 0.0544 * Math.log10(6 + 12 + 15 + 18)) - 450, 10);
    expect(dw.within_validity).toBe(true);
  });
  it('every method accepts them, including bioimpedance', () => {
    const r = run(subjectA({ evaluation_type: 1, suprailiaco: 18, biceps: 6 }));
    // Type 1 ignores TR/SB/AB/TH, so only equations that need none of those could run: none do.
    expect(r.comparisons[0]!.primary).toBe(true);
    expect(ids(r)).toContain('deurenberg_1991');
  });
});

describe('clients under 18', () => {
  const teen = (overrides = {}) =>
    subjectB({
      nacimiento: '2010-09-01',
      fecha: '2025-06-01',
      peso: 55,
      estatura: 160,
      triceps: 14,
      subescapular: 12,
      ...overrides,
    });

  it('BMI is classed with WHO 2007 BMI-for-age (z-score and percentile), not adult classes', () => {
    const r = run(teen());
    expect(r.age).toEqual({ years: 14, months: 177, minor: true });
    expect(r.bmi.reference).toBe('who2007_bmi_for_age');
    expect(r.bmi.z_score).not.toBeNull();
    expect(r.bmi.percentile).toBeGreaterThan(0);
    expect(['severe_thinness', 'thinness', 'normal', 'overweight', 'obesity']).toContain(r.bmi.category);
    expect(r.ideal_weight.equation.id).toBe('ibw_who2007_median');
    expect(r.ideal_weight.min_kg).toBeLessThan(r.ideal_weight.kg);
    expect(r.ideal_weight.max_kg).toBeGreaterThan(r.ideal_weight.kg);
  });

  it('skinfolds use Slaughter; adult-only equations are skipped and say so', () => {
    const r = run(teen());
    expect(r.body_fat.equation.id).toBe('slaughter_1988');
    near(r.body_fat.percent, 23.29);
    expect(ids(r)).not.toContain('evans_2005');
    expect(ids(r)).not.toContain('wilmore_behnke_1970_women');
    expect(warned(r, WARNING_KEYS.adultEquationsSkipped)).toBe(true);
  });

  it('Slaughter boys assume the pubertal stage unless given', () => {
    const boy = (m?: 'prepuberal' | 'postpuberal') =>
      run(
        subjectA({
          nacimiento: '2010-01-01',
          evaluation_type: 2,
          triceps: 10,
          subescapular: 8,
          maduracion: m,
          peso: 60,
          estatura: 170,
        }),
      );
    near(boy().body_fat.percent, 15.79);
    expect(warned(boy(), WARNING_KEYS.slaughterMaturityAssumed)).toBe(true);
    near(boy('postpuberal').body_fat.percent, 15.79 - 2.1);
  });

  it('adult-only equations applied anyway carry a warning; metabolic age is not computed', () => {
    const r = run(teen({ evaluation_type: 3 }));
    expect(warned(r, WARNING_KEYS.outsideSampleAge, 'navy_hodgdon_beckett_1984')).toBe(true);
    expect(warned(r, WARNING_KEYS.outsideSampleAge, 'bmr_mifflin_st_jeor_1990')).toBe(true);
    expect(r.body_fat.within_validity).toBe(false);
    expect(r.metabolic_age).toBeNull();
    expect(warned(r, WARNING_KEYS.metabolicAgeAdultsOnly)).toBe(true);
  });

  it('at 18 adult classes apply', () => {
    const r = run(teen({ nacimiento: '2007-06-01' }));
    expect(r.age.years).toBe(18);
    expect(r.bmi.reference).toBe('who2000_adult');
  });
});

describe('rules that are easy to get wrong', () => {
  it('age comes from the birth date at the evaluation date', () => {
    expect(run(subjectA({ nacimiento: '1990-06-02', fecha: '2025-06-01' })).age.years).toBe(34);
    expect(run(subjectA({ nacimiento: '1990-06-01', fecha: '2025-06-01' })).age.years).toBe(35);
  });

  it('temperature 37.9 sets fever, 37.8 does not', () => {
    const at = (t: number) => run(subjectA({ clinical_data: { temperatura: t } }));
    expect(at(37.9).fever).toBe(true);
    expect(warned(at(37.9), WARNING_KEYS.fever)).toBe(true);
    expect(at(37.8).fever).toBe(false);
  });

  it('CRP entered in mg/dL is converted to mg/L and the unit is stated', () => {
    const r = run(
      subjectA({ clinical_data: { temperatura: 36.5, exams: [{ name: 'crp', value: 0.2, unit: 'mg/dL' }] } }),
    );
    expect(r.exams[0]).toMatchObject({
      id: 'crp',
      unit: 'mg/L',
      status: 'average',
      entered: { value: 0.2, unit: 'mg/dL' },
    });
    expect(r.exams[0]!.value).toBeCloseTo(2, 10);
  });

  it('an entered HOMA-IR is not recomputed', () => {
    const r = run(
      subjectA({ clinical_data: { temperatura: 36.5, exams: [...LABS_A, { name: 'homa_ir', value: 3.1 }] } }),
    );
    const homa = r.exams.filter((e) => e.id === 'homa_ir');
    expect(homa).toHaveLength(1);
    expect(homa[0]).toMatchObject({ value: 3.1, derived: false, status: 'insulin_resistance' });
  });

  it('LDL is not calculated above TG 800 mg/dL', () => {
    const exams = [
      { name: 'total_cholesterol', value: 300 },
      { name: 'hdl', value: 40 },
      { name: 'fasting_triglycerides', value: 900 },
    ] as const;
    const r = run(subjectA({ clinical_data: { temperatura: 36.5, exams: [...exams] } }));
    expect(r.exams.some((e) => e.id === 'ldl')).toBe(false);
    expect(warned(r, WARNING_KEYS.ldlNotCalculated)).toBe(true);
  });

  it('exam names and limits follow the locale', () => {
    const exams = [{ name: 'fasting_glucose', value: 95 }] as const;
    expect(
      run(subjectA({ locale: 'pt-BR', clinical_data: { temperatura: 36.5, exams: [...exams] } })).exams[0]!.name,
    ).toBe('Glicemia de jejum');
    expect(
      run(subjectA({ locale: 'en', clinical_data: { temperatura: 36.5, exams: [...exams] } })).exams[0]!.limit,
    ).toContain('diabetes range');
  });

  it('waist cut-offs follow the client country: a 95 cm man is flagged in Chile, not in the US (decision 187)', () => {
    const cl = run(subjectA({ locale: 'es-CL', pcintura: 95 }));
    const us = run(subjectA({ locale: 'en-US', pcintura: 95 }));
    expect(cl.waist.population).toMatchObject({ id: 'south_central_american', cutoff_cm: 90, flagged: true });
    expect(cl.waist.idf_latam).toBe(true);
    expect(us.waist.population).toMatchObject({ id: 'us_canada', cutoff_cm: 102, flagged: false });
    expect(us.waist.idf_latam).toBeNull();
    expect(us.waist.population?.equation.id).toBe('waist_aha_nhlbi_atp3');
  });

  it("food guide by the client's country: Chile ALTO EN, Brazil ALTO EM, US %DV, UK traffic light otherwise", () => {
    expect(run(subjectA({ locale: 'es-CL' })).food_guide.system).toBe('chile_ley_20606');
    expect(run(subjectA({ locale: 'es' })).food_guide.system).toBe('uk_fsa_traffic_light');
    expect(run(subjectA({ locale: 'pt-BR' })).food_guide.system).toBe('brazil_rdc_429');
    expect(run(subjectA({ locale: 'en-US' })).food_guide.system).toBe('us_fda_daily_value');
  });

  it('BMI ≥ 30: protein on ideal weight', () => {
    const r = run(subjectA({ peso: 110 }));
    expect(r.macros.weight_basis_kg).toBeCloseTo(69.7048, 4);
    expect(warned(r, WARNING_KEYS.proteinOnIdealWeight)).toBe(true);
  });

  it('fixed percentage mode', () => {
    const r = run(subjectA({ macro_percentages: { protein: 20, carbohydrate: 50, fat: 30 } }));
    expect(r.macros.mode).toBe('percentages');
    expect(r.macros.protein.g).toBeCloseTo((r.macros.kcal * 0.2) / 4, 10);
    expect(r.macros.fat.percent).toBeCloseTo(30, 10);
  });

  it('a client who does not exercise has no training level (issue 30 item 11c), and a sedentary energy level', () => {
    expect(run(subjectB()).training_level).toBeNull();
    expect(run(subjectB()).macros.energy_level).toBe('sedentary');
  });

  it('hypertensive crisis is warned', () => {
    const r = run(subjectA({ presion_s: 185, presion_d: 100 }));
    expect(r.blood_pressure.category).toBe('crisis');
    expect(warned(r, WARNING_KEYS.hypertensiveCrisis)).toBe(true);
  });

  it('65 and over also get the MINSAL older-adult BMI class', () => {
    const r = run(subjectA({ nacimiento: '1955-01-01' }));
    expect(r.bmi.older_adult).toMatchObject({ category: 'normal' });
    expect(r.bmi.category).toBe('pre_obese');
  });

  it('treated hypertension counts for the MetS blood-pressure component', () => {
    const r = run(
      subjectA({
        presion_s: 118,
        presion_d: 76,
        clinical_data: { temperatura: 36.5, ecnt: [{ name: 'Hipertensión', value: true, tratamiento: true }] },
      }),
    );
    expect(r.risks.find((x) => x.id === 'metabolic_syndrome')!.value).toBe(2); // waist + treated BP
    expect(r.risks.find((x) => x.id === 'condition:Hipertensión')!.level).toBe('treated');
  });
});

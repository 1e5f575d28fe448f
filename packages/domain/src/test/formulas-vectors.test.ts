// formulas.md §16, copied verbatim into formulas-vectors.json: every vector must pass.
import { describe, expect, it } from 'vitest';
import vectors from './formulas-vectors.json' with { type: 'json' };
import { bmi, bmiClassWho } from '../equations/bmi.ts';
import { bpCategoryAccAha, isFever, metabolicSyndromeCount } from '../equations/clinical.ts';
import { brozek, siri } from '../equations/density.ts';
import { bfDeurenberg } from '../equations/deurenberg.ts';
import {
  bmrHarrisBenedict1919,
  bmrKatchMcArdle,
  bmrMifflin,
  bmrRozaShizgal,
  energyRequirement,
  metabolicAge,
} from '../equations/energy.ts';
import type { ActivityLevel } from '../equations/energy.ts';
import { boneMassRocha, muscleMassDeRose, residualMassWurch, smmLee2000Model2 } from '../equations/fractionation.ts';
import { ibwDevine, ibwRobinson, weightAtBmi } from '../equations/ideal-weight.ts';
import {
  ggtStatus,
  glucoseStatus,
  hba1cStatus,
  homaIr,
  hsCrpStatus,
  ldlFriedewald,
  ldlSampson,
  nonHdl,
  vitaminDStatus,
} from '../equations/labs.ts';
import { macrosFromPercent, macrosProteinFirst } from '../equations/macros.ts';
import { bfNavy, bfNavyDensityMetric } from '../equations/navy.ts';
import { vo2Category, vo2maxRockportLb, vo2maxRockport, walkMinutes } from '../equations/rockport.ts';
import type { Sex } from '../equations/sex.ts';
import {
  bfDurninWomersley,
  bfEvans2005,
  bfSlaughter,
  densityJacksonPollock3Men,
  densityKatchMcArdleMen,
  densitySloanMen,
  densityWilmoreBehnkeWomen,
} from '../equations/skinfolds.ts';
import type { Maturity } from '../equations/skinfolds.ts';
import { haceFromId, trainingLevel } from '../equations/training.ts';
import type { HaceId } from '../equations/training.ts';
import { metsVf, vaiAmato } from '../equations/visceral.ts';
import { waistFlags, whrFlag, whr, whtr } from '../equations/waist.ts';
import { EXAM_CATALOGUE } from '../exams.ts';

interface Vector {
  id: string;
  function: string;
  inputs: Record<string, unknown>;
  expected: unknown;
  tolerance: number | null;
  source: string;
}

// Inputs are typed loosely in the JSON; each adapter reads the fields its function needs.
type In = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ADAPTERS: Record<string, (i: In) => unknown> = {
  bmi: (i) => bmi(i.weight_kg, i.height_cm),
  bmi_class_who: (i) => bmiClassWho(i.bmi),
  bf_deurenberg: (i) => bfDeurenberg(i.sex, i.age, i.bmi),
  bf_navy: (i) =>
    bfNavy({ sex: i.sex, heightCm: i.height_cm, waistCm: i.waist_cm, neckCm: i.neck_cm, hipCm: i.hip_cm }),
  bf_navy_density_metric: (i) =>
    bfNavyDensityMetric({ sex: i.sex, heightCm: i.height_cm, waistCm: i.waist_cm, neckCm: i.neck_cm, hipCm: i.hip_cm }),
  bf_durnin_womersley: (i) => bfDurninWomersley(i.sex, i.age, i.sum4_mm),
  siri: (i) => siri(i.density),
  brozek: (i) => brozek(i.density),
  bf_jackson_pollock3_siri: (i) => siri(densityJacksonPollock3Men(i.chest_mm + i.abdominal_mm + i.thigh_mm, i.age)),
  bf_evans2005: (i) => bfEvans2005(i.sex, i.triceps_mm, i.abdominal_mm, i.thigh_mm, i.black),
  bf_katch_mcardle_men_siri: (i) => siri(densityKatchMcArdleMen(i.triceps_mm, i.subscapular_mm, i.abdominal_mm)),
  bf_wilmore_behnke_women_siri: (i) => siri(densityWilmoreBehnkeWomen(i.triceps_mm, i.subscapular_mm, i.thigh_mm)),
  bf_sloan_men_siri: (i) => siri(densitySloanMen(i.thigh_mm, i.subscapular_mm)),
  bf_slaughter: (i) => bfSlaughter(i.sex, i.triceps_mm, i.subscapular_mm, (i.maturity ?? 'pubertal') as Maturity),
  residual_mass_wurch: (i) => residualMassWurch(i.sex, i.weight_kg),
  bone_mass_rocha: (i) => boneMassRocha(i.height_cm, i.wrist_breadth_cm, i.femur_breadth_cm),
  muscle_mass_derose: (i) =>
    muscleMassDeRose(
      i.weight_kg,
      (i.weight_kg * i.fat_pct) / 100,
      boneMassRocha(i.height_cm, i.wrist_breadth_cm, i.femur_breadth_cm),
      residualMassWurch(i.sex, i.weight_kg),
    ),
  smm_lee2000_model2: (i) => smmLee2000Model2(i.sex, i.age, i.weight_kg, i.height_cm, i.race),
  bmr_mifflin: (i) => bmrMifflin(i.sex, i.age, i.weight_kg, i.height_cm),
  bmr_harris_benedict_1919: (i) => bmrHarrisBenedict1919(i.sex, i.age, i.weight_kg, i.height_cm),
  bmr_roza_shizgal: (i) => bmrRozaShizgal(i.sex, i.age, i.weight_kg, i.height_cm),
  bmr_katch_mcardle: (i) => bmrKatchMcArdle(i.ffm_kg),
  energy_requirement: (i) => energyRequirement(i.bmr, i.level as ActivityLevel)[i.point as 'min' | 'avg' | 'max'],
  macros_from_percent: (i) => macrosFromPercent(i.kcal, i.protein_pct, i.carb_pct, i.fat_pct),
  macros_protein_first: (i) => macrosProteinFirst(i.kcal, i.weight_kg, i.protein_g_per_kg, i.fat_pct),
  vo2max_rockport: (i) => {
    const t = walkMinutes(i.time_min, i.time_s);
    return i.weight_lb !== undefined
      ? vo2maxRockportLb(i.sex, i.age, i.weight_lb, t, i.hr_bpm)
      : vo2maxRockport(i.sex, i.age, i.weight_kg, t, i.hr_bpm);
  },
  vo2_category_cooper: (i) => vo2Category(i.sex, i.age, i.vo2max),
  whtr: (i) => whtr(i.waist_cm, i.height_cm),
  whr_who_flag: (i) => whrFlag(i.sex, whr(i.waist_cm, i.hip_cm)),
  waist_flags: (i) => {
    const f = waistFlags(i.sex as Sex, i.waist_cm);
    return { idf_latam: f.idf_latam, who_increased: f.who !== 'not_increased' };
  },
  bp_category_acc_aha: (i) => bpCategoryAccAha(i.sys, i.dia),
  fever_flag: (i) => isFever(i.temp_c),
  homa_ir: (i) => homaIr(i.glucose_mg_dl, i.insulin_uU_ml),
  ldl_friedewald: (i) => ldlFriedewald(i.tc, i.hdl, i.tg),
  ldl_sampson: (i) => ldlSampson(i.tc, i.hdl, i.tg),
  non_hdl: (i) => nonHdl(i.tc, i.hdl),
  vai_amato: (i) => vaiAmato(i.sex, i.waist_cm, i.bmi, i.tg_mg_dl, i.hdl_mg_dl),
  mets_vf: (i) => metsVf(i.sex, i.age, i.waist_cm, i.height_cm, i.bmi, i.glucose_mg_dl, i.tg_mg_dl, i.hdl_mg_dl),
  ibw_devine: (i) => ibwDevine(i.sex, i.height_cm),
  ibw_robinson: (i) => ibwRobinson(i.sex, i.height_cm),
  ibw_bmi: (i) => weightAtBmi(i.target_bmi, i.height_cm),
  metabolic_age: (i) => metabolicAge(i.sex, i.age, i.weight_kg, i.height_cm, i.ffm_kg).years,
  training_level: (i) => trainingLevel(haceFromId(i.duration as HaceId), i.freq_per_week),
  glucose_status: (i) => glucoseStatus(i.glucose_mg_dl),
  hba1c_status: (i) => hba1cStatus(i.hba1c_pct),
  hscrp_status: (i) => hsCrpStatus(EXAM_CATALOGUE.crp.units[i.unit]!(i.crp_value)),
  vitd_status_es2011: (i) => vitaminDStatus(i.ng_ml),
  ggt_status: (i) => ggtStatus(i.sex, i.u_l),
  metabolic_syndrome_count: (i) =>
    metabolicSyndromeCount({
      sex: i.sex,
      waistCm: i.waist_cm,
      tg: i.tg,
      hdl: i.hdl,
      sys: i.sys,
      dia: i.dia,
      glucose: i.glucose,
    }),
};

function expectClose(actual: unknown, expected: unknown, tolerance: number | null, id: string): void {
  if (typeof expected === 'number') {
    expect(typeof actual, id).toBe('number');
    // Tolerance is inclusive; a tiny epsilon absorbs binary representation of values like 0.01.
    expect(Math.abs((actual as number) - expected), `${id}: ${actual} vs ${expected}`).toBeLessThanOrEqual(
      (tolerance ?? 0) + 1e-9,
    );
  } else if (expected !== null && typeof expected === 'object') {
    for (const [k, v] of Object.entries(expected))
      expectClose((actual as Record<string, unknown>)[k], v, tolerance, `${id}.${k}`);
  } else {
    expect(actual, id).toStrictEqual(expected);
  }
}

describe('formulas.md §16 test vectors', () => {
  const all = vectors as Vector[];

  it('has an adapter for every vector function', () => {
    expect(all.length).toBe(75);
    expect(all.filter((v) => !ADAPTERS[v.function]).map((v) => v.function)).toEqual([]);
  });

  it.each(all.map((v) => [v.id, v] as const))('%s', (_id, v) => {
    expectClose(ADAPTERS[v.function]!(v.inputs), v.expected, v.tolerance, v.id);
  });
});

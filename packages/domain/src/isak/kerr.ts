import { defineEquation } from '../equations/equation.ts';
import type { Sex } from '../equations/sex.ts';
import { PHANTOM_STATURE } from './sites.ts';
import type { IsakSite, KerrResult } from './types.ts';

export const KERR = defineEquation({
  id: 'kerr_1988',
  name: 'Five-way fractionation of body mass (Kerr): skin, adipose, muscle, bone, residual',
  citation:
    'Kerr DA. An anthropometric method for fractionation of skin, adipose, bone, muscle and residual tissue masses, in males and females age 6 to 77 years. MSc thesis, Simon Fraser University, 1988; Ross WD, Kerr DA. Fraccionamiento de la masa corporal: un nuevo método para utilizar en nutrición clínica y medicina deportiva. Apunts 1991;28',
  validity:
    'Tested on 6-77-year-olds; predicted mass within about 4 % of measured mass, about 8 % in bodybuilders. Tissue masses are anatomical, not chemical: adipose tissue is not fat mass. Thigh girth 1 cm below the gluteal fold; skin constants (73.074 for women), the > 12 y cut-off and the muscle SD 5.4 are not confirmed in the thesis',
  status: 'check',
  sample: { minAge: 6, maxAge: 77 },
});

/** The full-profile sites Kerr's equations read (final values; skinfolds mm, the rest cm). */
export const KERR_SITES = [
  'triceps',
  'subscapular',
  'supraspinale',
  'abdominal',
  'front_thigh',
  'medial_calf',
  'arm_relaxed',
  'forearm',
  'thigh_1cm_gluteal',
  'calf_girth',
  'chest',
  'head',
  'biacromial',
  'biiliocristal',
  'humerus',
  'femur',
  'sitting_height',
  'transverse_chest',
  'ap_chest',
  'waist',
] as const satisfies readonly IsakSite[];
export type KerrSites = Record<(typeof KERR_SITES)[number], number>;

export interface KerrSubject {
  sex: Sex;
  age: number;
  massKg: number;
  statureCm: number;
}

/** Du Bois form with Kerr's constants: over 12 y by sex, 12 y or younger both sexes. */
const bsaConstant = (sex: Sex, age: number): number => (age > 12 ? (sex === 'M' ? 68.308 : 73.074) : 70.691);
/** Skin thickness, mm. */
const SKIN_THICKNESS: Record<Sex, number> = { M: 2.07, F: 1.96 };

/** Girth corrected for its skinfold: girth [cm] − π × skinfold [mm] / 10. */
const corrected = (girthCm: number, skinfoldMm: number): number => girthCm - (Math.PI * skinfoldMm) / 10;

/** A tissue mass from its Phantom z: (z × s + p) / k³. */
const fromPhantom = (z: number, s: number, p: number, k: number): number => (z * s + p) / k ** 3;

/** Kerr (1988): five tissue masses (kg), their % of measured mass and the sum's difference from it. */
export function kerrFractionation(subject: KerrSubject, v: KerrSites): Omit<KerrResult, 'equation'> {
  const { sex, age, massKg, statureCm } = subject;
  const k = PHANTOM_STATURE.p / statureCm;

  const bsa = (bsaConstant(sex, age) * massKg ** 0.425 * statureCm ** 0.725) / 10000;
  const skin = bsa * SKIN_THICKNESS[sex] * 1.05;

  const sum6 = v.triceps + v.subscapular + v.supraspinale + v.abdominal + v.front_thigh + v.medial_calf;
  const adipose = fromPhantom((sum6 * k - 116.41) / 34.79, 5.85, 25.6, k);

  const muscleSum =
    corrected(v.arm_relaxed, v.triceps) +
    v.forearm +
    corrected(v.thigh_1cm_gluteal, v.front_thigh) +
    corrected(v.calf_girth, v.medial_calf) +
    corrected(v.chest, v.subscapular);
  const muscle = fromPhantom((muscleSum * k - 207.21) / 13.74, 5.4, 24.5, k);

  const headBone = ((v.head - 56.0) / 1.44) * 0.18 + 1.2;
  const boneSum = v.biacromial + v.biiliocristal + 2 * v.humerus + 2 * v.femur;
  const bone = headBone + fromPhantom((boneSum * k - 98.88) / 5.33, 1.34, 6.7, k);

  const kr = 89.92 / v.sitting_height;
  const residualSum = v.ap_chest + v.transverse_chest + corrected(v.waist, v.abdominal);
  const residual = fromPhantom((residualSum * kr - 109.35) / 7.08, 1.24, 6.1, kr);

  const sum = skin + adipose + muscle + bone + residual;
  const pct = (kg: number) => (100 * kg) / massKg;
  return {
    skin_kg: skin,
    adipose_kg: adipose,
    muscle_kg: muscle,
    bone_kg: bone,
    residual_kg: residual,
    sum_five_kg: sum,
    percent: { skin: pct(skin), adipose: pct(adipose), muscle: pct(muscle), bone: pct(bone), residual: pct(residual) },
    difference_kg: sum - massKg,
    difference_pct: pct(sum - massKg),
  };
}

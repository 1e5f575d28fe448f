import { defineEquation } from './equation.ts';
import { maleDummy } from './sex.ts';
import type { Sex } from './sex.ts';

export const RESIDUAL_WURCH = defineEquation({
  id: 'residual_wurch_1974',
  name: 'Residual mass (Würch)',
  citation: 'Würch A. La femme et le sport. Médecine Sportive Française 1974;4(1); used by De Rose & Guimarães 1980',
  validity: 'Adults; fixed fraction of body weight (24.1 % men, 20.9 % women)',
  status: 'solid',
});

export const BONE_ROCHA = defineEquation({
  id: 'bone_rocha_1975',
  name: 'Bone mass (Von Döbeln modified by Rocha), wrist and femur breadths',
  citation:
    'Von Döbeln W 1964; Rocha MSL. Peso ósseo do brasileiro de ambos os sexos de 17 a 25 anos. Arq Anat Antropol 1975;1:445-451',
  validity: 'Brazilian adults 17-25 y; skeletal (wet bone) mass, not the BIA mineral estimate',
  status: 'solid',
  sample: { minAge: 17, maxAge: 25 },
});

export const MUSCLE_DE_ROSE = defineEquation({
  id: 'muscle_de_rose_1980',
  name: 'Muscle mass, four-component model (De Rose & Guimarães): weight - fat - bone - residual',
  citation:
    'De Rose EH, Guimarães ACA. A model for optimization of somatotype in young athletes. In: Ostyn M, Beunen G, Simons J (eds). Kinanthropometry II. Baltimore: University Park Press, 1980:77-80',
  validity: 'Needs wrist and femur breadths; fat from the evaluation method',
  status: 'solid',
});

export const MUSCLE_LEE_2 = defineEquation({
  id: 'smm_lee_2000_model2',
  name: 'Skeletal muscle mass (Lee model 2)',
  citation: 'Lee RC, Wang Z, Heo M, Ross R, Janssen I, Heymsfield SB. Am J Clin Nutr 2000;72:796-803',
  validity: 'Non-obese adults 20-81 y (BMI < 30), MRI criterion; SEE 2.8 kg; race term 0 (white/Hispanic)',
  status: 'solid',
  sample: { minAge: 20, maxAge: 81, bmiBelow: 30 },
});

/** Würch factors 0.241 / 0.209, not the rounded 0.24 / 0.21 (§15.7). */
const WURCH_FACTOR: Record<Sex, number> = { M: 0.241, F: 0.209 };

export const residualMassWurch = (sex: Sex, weightKg: number): number => weightKg * WURCH_FACTOR[sex];

/**
 * 3.02 × (H² × R × F × 400)^0.712 with H, R (wrist, bistyloid) and F (femur, bicondylar) in metres.
 * Wrist, never humerus breadth (§15.4).
 */
export function boneMassRocha(heightCm: number, wristBreadthCm: number, femurBreadthCm: number): number {
  const h = heightCm / 100;
  return 3.02 * Math.pow(h * h * (wristBreadthCm / 100) * (femurBreadthCm / 100) * 400, 0.712);
}

export const muscleMassDeRose = (weightKg: number, fatKg: number, boneKg: number, residualKg: number): number =>
  weightKg - fatKg - boneKg - residualKg;

export type LeeRace = 'asian' | 'african_american' | 'other';
const LEE2_RACE: Record<LeeRace, number> = { asian: -1.2, african_american: 1.4, other: 0 };

/** 0.244 W + 7.80 Hm - 0.098 A + 6.6 sex + race - 3.3 (kg). */
export function smmLee2000Model2(
  sex: Sex,
  age: number,
  weightKg: number,
  heightCm: number,
  race: LeeRace = 'other',
): number {
  return 0.244 * weightKg + 7.8 * (heightCm / 100) - 0.098 * age + 6.6 * maleDummy(sex) + LEE2_RACE[race] - 3.3;
}

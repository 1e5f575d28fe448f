import { shown } from '../display.ts';
import { defineEquation } from './equation.ts';
import { maleDummy } from './sex.ts';
import type { Sex } from './sex.ts';

export const ROCKPORT = defineEquation({
  id: 'rockport_kline_1987',
  name: 'Rockport 1-mile walk test, relative VO2max',
  citation: 'Kline GM et al. Med Sci Sports Exerc 1987;19:253-259',
  validity: 'Healthy adults 30-69 y; heart rate in beats per minute at the end of the walk',
  status: 'solid',
  sample: { minAge: 30, maxAge: 69 },
});

export const COOPER_NORMS = defineEquation({
  id: 'vo2_cooper_heyward_1998',
  name: 'Cardiorespiratory fitness categories (Cooper Institute)',
  citation:
    'Cooper Institute, Physical Fitness Specialist Manual 1997, as printed in Heyward VH, Advanced Fitness Assessment and Exercise Prescription, 3rd ed., 1998',
  validity:
    'Ages 20 and over; under 20 no class (the norms have no younger rows and no youth reference with its figures is cited, decision 194); CHECK (secondary reproduction)',
  status: 'check',
});

const LB_PER_KG = 2.20462;

/** Minutes + seconds as decimal minutes (15:12 = 15.2, never 15.12). */
export const walkMinutes = (minutes: number, seconds: number): number => minutes + seconds / 60;

/** 132.853 - 0.0769 W_lb - 0.3877 A + 6.315 sex - 3.2649 T - 0.1565 HR (ml/kg/min). HR in bpm. */
export function vo2maxRockportLb(sex: Sex, age: number, weightLb: number, timeMin: number, hrBpm: number): number {
  return 132.853 - 0.0769 * weightLb - 0.3877 * age + 6.315 * maleDummy(sex) - 3.2649 * timeMin - 0.1565 * hrBpm;
}

/** Kilogram form with the exact 0.0769 × 2.20462 weight coefficient (not 0.1692). */
export const vo2maxRockport = (sex: Sex, age: number, weightKg: number, timeMin: number, hrBpm: number): number =>
  vo2maxRockportLb(sex, age, weightKg * LB_PER_KG, timeMin, hrBpm);

export type FitnessCategory = 'very_poor' | 'poor' | 'fair' | 'good' | 'excellent' | 'superior';

// Lower bounds of poor, fair, good, excellent; superior is strictly above the excellent upper value.
type Row = readonly [
  minAge: number,
  poor: number,
  fair: number,
  good: number,
  excellent: number,
  superiorAbove: number,
];
const WOMEN: readonly Row[] = [
  [60, 17.5, 20.2, 24.5, 30.3, 31.4],
  [50, 20.2, 22.8, 27.0, 31.5, 35.7],
  [40, 21.0, 24.5, 29.0, 32.9, 36.9],
  [30, 22.8, 27.0, 31.5, 35.7, 40.0],
  [20, 23.6, 29.0, 33.0, 37.0, 41.0],
];
const MEN: readonly Row[] = [
  [60, 20.5, 26.1, 32.3, 36.5, 44.2],
  [50, 26.1, 31.0, 35.8, 41.0, 45.3],
  [40, 30.2, 33.6, 39.0, 43.8, 48.0],
  [30, 31.5, 35.5, 41.0, 45.0, 49.4],
  [20, 33.0, 36.5, 42.5, 46.5, 52.4],
];

/** The Cooper norms' youngest row is 20-29 y: under 20 there is no class (decision 194). */
export const FITNESS_NORMS_MIN_AGE = 20;

export function vo2Category(sex: Sex, age: number, vo2: number): FitnessCategory | null {
  if (age < FITNESS_NORMS_MIN_AGE) return null;
  const vo2max = shown(vo2, 'vo2max');
  const [, poor, fair, good, excellent, superiorAbove] = (sex === 'M' ? MEN : WOMEN).find(([minAge]) => age >= minAge)!;
  if (vo2max > superiorAbove) return 'superior';
  if (vo2max >= excellent) return 'excellent';
  if (vo2max >= good) return 'good';
  if (vo2max >= fair) return 'fair';
  if (vo2max >= poor) return 'poor';
  return 'very_poor';
}

import { shown } from '../display.ts';
import { defineEquation } from './equation.ts';
import type { Sex } from './sex.ts';

export const GALLAGHER = defineEquation({
  id: 'fat_categories_gallagher_2000',
  name: 'Healthy body-fat ranges by sex and age',
  citation: 'Gallagher D et al. Am J Clin Nutr 2000;72:694-701',
  validity: 'White adults 20-79 y; CHECK against Table 4 of the paper',
  status: 'check',
});

export type FatCategory = 'under' | 'healthy' | 'overweight' | 'obese';

// [min age, healthy from, overweight from, obese from]
const WOMEN = [
  [60, 24, 36, 42],
  [40, 23, 35, 40],
  [20, 21, 33, 39],
] as const;
const MEN = [
  [60, 13, 25, 30],
  [40, 11, 22, 28],
  [20, 8, 20, 25],
] as const;

/** [healthy from, overweight from, obese from] for the sex and age; null outside 20-79 y. */
export function fatCategoryCutoffs(sex: Sex, age: number): [number, number, number] | null {
  if (age < 20 || age > 79) return null;
  const [, healthy, over, obese] = (sex === 'M' ? MEN : WOMEN).find(([min]) => age >= min)!;
  return [healthy, over, obese];
}

/** null outside 20-79 y, where the table has no row. */
export function fatCategory(sex: Sex, age: number, fatPercent: number): FatCategory | null {
  const cutoffs = fatCategoryCutoffs(sex, age);
  if (!cutoffs) return null;
  const percent = shown(fatPercent, 'fatPercent');
  const [healthy, over, obese] = cutoffs;
  if (percent < healthy) return 'under';
  if (percent < over) return 'healthy';
  if (percent < obese) return 'overweight';
  return 'obese';
}

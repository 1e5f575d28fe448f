import { BMI_WHO_CUTOFFS } from './equations/bmi.ts';
import { SYSTOLIC_CUTOFFS } from './equations/clinical.ts';
import { fatCategoryCutoffs } from './equations/fat-categories.ts';
import { WHTR_CUTOFFS } from './equations/waist.ts';
import { DISPLAY_DECIMALS } from './display.ts';
import type { EvaluationResult } from './result.ts';

/** Where a value sits: below, inside or above its normal range (the band colours of a result sheet). */
export type BandLevel = 'low' | 'normal' | 'raised' | 'high';

/** One key result on a scale: the value, its unit, the axis and the bands cut at the engine's cut-offs. */
export interface KeyResultScale {
  id: 'weight' | 'bmi' | 'body_fat' | 'waist_height' | 'systolic';
  value: number;
  decimals: number;
  unit: string;
  axis: { min: number; max: number };
  /** Contiguous bands from axis.min to axis.max; `to` of one band is `from` of the next. */
  bands: Array<{ from: number; to: number; level: BandLevel }>;
}

const bands = (min: number, cuts: readonly number[], max: number, levels: BandLevel[]) =>
  levels.map((level, i) => ({ from: i === 0 ? min : cuts[i - 1]!, to: i === cuts.length ? max : cuts[i]!, level }));

/** The axis widened when a value falls outside it, so the marker stays on the bar. */
const axis = (min: number, max: number, value: number) => ({
  min: Math.min(min, value),
  max: Math.max(max, value),
});

/**
 * The key results of an evaluation as bars against their normal range (the first page of the report):
 * weight against the healthy-weight range, adult BMI, body fat (Gallagher, 20–79 y), waist-to-height and
 * systolic pressure. Adult cut-offs are not drawn for minors (decision 037): their BMI bar is left out.
 */
export function keyResultScales(r: EvaluationResult, weightKg: number): KeyResultScale[] {
  const out: KeyResultScale[] = [];
  const w = r.ideal_weight;
  const wAxis = axis(Math.floor(w.min_kg * 0.75), Math.ceil(w.max_kg * 1.4), weightKg);
  out.push({
    id: 'weight',
    value: weightKg,
    decimals: 1,
    unit: 'kg',
    axis: wAxis,
    bands: bands(wAxis.min, [w.min_kg, w.max_kg], wAxis.max, ['low', 'normal', 'raised']),
  });
  if (!r.age.minor) {
    const a = axis(15, 40, r.bmi.value);
    out.push({
      id: 'bmi',
      value: r.bmi.value,
      decimals: DISPLAY_DECIMALS.bmi,
      unit: 'kg/m²',
      axis: a,
      bands: bands(a.min, BMI_WHO_CUTOFFS, a.max, ['low', 'normal', 'raised', 'high']),
    });
  }
  const fat = fatCategoryCutoffs(r.sex, r.age.years);
  if (fat) {
    const a = axis(0, 50, r.body_fat.percent);
    out.push({
      id: 'body_fat',
      value: r.body_fat.percent,
      decimals: DISPLAY_DECIMALS.fatPercent,
      unit: '%',
      axis: a,
      bands: bands(a.min, fat, a.max, ['low', 'normal', 'raised', 'high']),
    });
  }
  const wh = axis(0.3, 0.8, r.waist_height.value);
  out.push({
    id: 'waist_height',
    value: r.waist_height.value,
    decimals: DISPLAY_DECIMALS.ratio,
    unit: '',
    axis: wh,
    bands: bands(wh.min, WHTR_CUTOFFS, wh.max, ['low', 'normal', 'raised', 'high']),
  });
  const sys = axis(90, 180, r.blood_pressure.systolic);
  out.push({
    id: 'systolic',
    value: r.blood_pressure.systolic,
    decimals: 0,
    unit: 'mmHg',
    axis: sys,
    bands: bands(sys.min, SYSTOLIC_CUTOFFS, sys.max, ['normal', 'raised', 'high', 'high']),
  });
  return out;
}

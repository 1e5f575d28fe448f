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

/** A value on an axis from `min` to `max` (widened to hold the value), cut into bands at `cuts`. */
function scale(
  id: KeyResultScale['id'],
  value: number,
  look: { decimals: number; unit: string },
  range: [number, number],
  cuts: readonly number[],
  levels: BandLevel[],
): KeyResultScale {
  // The axis widens when a value falls outside it, so the marker stays on the bar.
  const min = Math.min(range[0], value);
  const max = Math.max(range[1], value);
  const bands = levels.map((level, i) => ({
    // One level more than cuts: the first band starts at the axis minimum, the last ends at its maximum.
    from: cuts[i - 1] ?? min,
    to: cuts[i] ?? max,
    level,
  }));
  return { id, value, ...look, axis: { min, max }, bands };
}

const UP = ['low', 'normal', 'raised', 'high'] satisfies BandLevel[];

/**
 * The key results of an evaluation as bars against their normal range (the first page of the report):
 * weight against the healthy-weight range, adult BMI, body fat (Gallagher, 20–79 y), waist-to-height and
 * systolic pressure. Adult cut-offs are not drawn for minors (decision 037): their BMI bar is left out.
 */
export function keyResultScales(r: EvaluationResult, weightKg: number): KeyResultScale[] {
  const w = r.ideal_weight;
  const out = [
    scale(
      'weight',
      weightKg,
      { decimals: 1, unit: 'kg' },
      [Math.floor(w.min_kg * 0.75), Math.ceil(w.max_kg * 1.4)],
      [w.min_kg, w.max_kg],
      ['low', 'normal', 'raised'],
    ),
  ];
  if (!r.age.minor)
    out.push(
      scale('bmi', r.bmi.value, { decimals: DISPLAY_DECIMALS.bmi, unit: 'kg/m²' }, [15, 40], BMI_WHO_CUTOFFS, UP),
    );
  const fat = fatCategoryCutoffs(r.sex, r.age.years);
  if (fat)
    out.push(
      scale('body_fat', r.body_fat.percent, { decimals: DISPLAY_DECIMALS.fatPercent, unit: '%' }, [0, 50], fat, UP),
    );
  out.push(
    scale(
      'waist_height',
      r.waist_height.value,
      { decimals: DISPLAY_DECIMALS.ratio, unit: '' },
      [0.3, 0.8],
      WHTR_CUTOFFS,
      UP,
    ),
    scale('systolic', r.blood_pressure.systolic, { decimals: 0, unit: 'mmHg' }, [90, 180], SYSTOLIC_CUTOFFS, [
      'normal',
      'raised',
      'high',
      'high',
    ]),
  );
  return out;
}

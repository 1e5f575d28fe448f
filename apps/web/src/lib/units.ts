import type { UnitSystem } from '@medida/contracts';

/**
 * Imperial units at the edge (issue 15): a user who chose imperial types and reads pounds and inches;
 * everything sent to and stored by the server is in kilograms and centimetres.
 */
const KG_PER_LB = 0.45359237;
const CM_PER_IN = 2.54;

const FACTOR: Record<string, { unit: string; factor: number }> = {
  kg: { unit: 'lb', factor: KG_PER_LB },
  cm: { unit: 'in', factor: CM_PER_IN },
};

/** The unit shown for a metric unit: lb for kg and in for cm in imperial, else the same. */
export function displayUnit(metricUnit: string, units: UnitSystem): string {
  return units === 'imperial' ? (FACTOR[metricUnit]?.unit ?? metricUnit) : metricUnit;
}

/** A typed value (in the display unit) in the metric unit the server takes. */
export function toMetric(value: number, metricUnit: string, units: UnitSystem): number {
  const factor = units === 'imperial' ? FACTOR[metricUnit]?.factor : undefined;
  return factor ? Math.round(value * factor * 1000) / 1000 : value;
}

/** A metric value in the reader's unit, unrounded: what a screen formats (rounding once, when it is shown). */
export function inUnits(value: number, metricUnit: string, units: UnitSystem): number {
  const factor = units === 'imperial' ? FACTOR[metricUnit]?.factor : undefined;
  return factor ? value / factor : value;
}

/** A stored metric value in the display unit, to one decimal. */
export function fromMetric(value: number, metricUnit: string, units: UnitSystem): number {
  const factor = units === 'imperial' ? FACTOR[metricUnit]?.factor : undefined;
  return factor ? Math.round((value / factor) * 10) / 10 : value;
}

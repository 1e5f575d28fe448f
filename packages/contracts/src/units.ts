import type { UnitSystem } from './people.ts';

/**
 * Imperial units at the edges (issue 30, decision 183): values are stored and computed in kilograms and
 * centimetres; a reader who chose imperial reads and types pounds and inches. Skinfolds stay in millimetres
 * (the professional norm, calipers read mm), as do every other unit.
 */
const KG_PER_LB = 0.45359237;
const CM_PER_IN = 2.54;

const IMPERIAL: Readonly<Record<string, { unit: string; factor: number }>> = {
  kg: { unit: 'lb', factor: KG_PER_LB },
  cm: { unit: 'in', factor: CM_PER_IN },
};

/** The unit a reader reads for a metric unit: lb for kg and in for cm in imperial, else the same. */
export function readerUnit(metricUnit: string, units: UnitSystem): string {
  return units === 'imperial' ? (IMPERIAL[metricUnit]?.unit ?? metricUnit) : metricUnit;
}

/** How many metric units one reader unit is (0.4536 kg per lb), or null when the unit is not converted. */
export function readerFactor(metricUnit: string, units: UnitSystem): number | null {
  return units === 'imperial' ? (IMPERIAL[metricUnit]?.factor ?? null) : null;
}

/** A metric value in the reader's unit, unrounded: a screen or a report rounds once, when it shows it. */
export function inReaderUnit(value: number, metricUnit: string, units: UnitSystem): number {
  const factor = readerFactor(metricUnit, units);
  return factor ? value / factor : value;
}

/** A height in inches as feet and inches (65.1 → 5 ft 5.1 in), the way a US reader says it. */
export function feetAndInches(inches: number): { feet: number; inches: number } {
  const tenths = Math.round(inches * 10);
  return { feet: Math.floor(tenths / 120), inches: (tenths % 120) / 10 };
}

import { feetAndInches, inReaderUnit, readerFactor, readerUnit, type UnitSystem } from '@medida/contracts';

/**
 * Imperial units at the edge (issue 15, decision 183): a user who chose imperial types and reads pounds and
 * inches; everything sent to and stored by the server is in kilograms and centimetres. The factors live in
 * `@medida/contracts` (units.ts), shared with the server's report and e-mails.
 */

/** The unit shown for a metric unit: lb for kg and in for cm in imperial, else the same. */
export const displayUnit = readerUnit;

/** A metric value in the reader's unit, unrounded: what a screen formats (rounding once, when it is shown). */
export const inUnits = inReaderUnit;

/** A typed value (in the display unit) in the metric unit the server takes. */
export function toMetric(value: number, metricUnit: string, units: UnitSystem): number {
  const factor = readerFactor(metricUnit, units);
  return factor ? Math.round(value * factor * 1000) / 1000 : value;
}

/** A height in inches as feet and inches (65.1 → 5 ft 5.1 in), the way a US reader says it. */
export { feetAndInches };

/** A stored metric value in the display unit, to one decimal. */
export function fromMetric(value: number, metricUnit: string, units: UnitSystem): number {
  const factor = readerFactor(metricUnit, units);
  return factor ? Math.round((value / factor) * 10) / 10 : value;
}

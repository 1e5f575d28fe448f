import type { UnitSystem } from '@medida/contracts';
import { fromMetric, toMetric } from '../../../lib/units.ts';
import { rangeOfPath } from './input-hints.ts';
import type { NumberValue, WizardValues } from './wizard-form.ts';

type Convert = (value: number, metricUnit: string, units: UnitSystem) => number;

function convertNumbers<T extends Record<string, NumberValue>>(
  group: T,
  pathPrefix: string,
  units: UnitSystem,
  convert: Convert,
): T {
  const out: Record<string, NumberValue> = { ...group };
  for (const [field, value] of Object.entries(group)) {
    const unit = rangeOfPath(`${pathPrefix}${field}`)?.unit;
    if (unit && typeof value === 'number') out[field] = convert(value, unit, units);
  }
  return out as T;
}

function convertValues(values: WizardValues, units: UnitSystem, convert: Convert): WizardValues {
  if (units === 'metric') return values;
  return {
    ...values,
    measurements: convertNumbers(values.measurements, 'measurements.', units, convert),
    extras: { ...values.extras, device: convertNumbers(values.extras.device, 'extras.device.', units, convert) },
  };
}

/** The form as typed (lb, in for an imperial user) in the kg and cm that the engine and the server take. */
export const toMetricValues = (values: WizardValues, units: UnitSystem) => convertValues(values, units, toMetric);

/** Stored (metric) values as an imperial user reads and edits them. */
export const fromMetricValues = (values: WizardValues, units: UnitSystem) => convertValues(values, units, fromMetric);

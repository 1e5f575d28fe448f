import type { UnitSystem } from '@medida/contracts';
import { fromMetric, toMetric } from '../../../lib/units.ts';
import { rangeOfPath } from './input-hints.ts';
import type { NumberValue, WizardValues } from './wizard-form.ts';

type Convert = (value: number, metricUnit: string, units: UnitSystem) => number;

/**
 * An edit's starting point: the stored metric values and what the form first showed of them. A field still
 * showing its first value is sent as stored, not converted back: 70 kg shown as 154.3 lb would return as
 * 69.989 kg, a change nobody made (issue 30, decision 183).
 */
export interface UnitBaseline {
  shown: WizardValues;
  metric: WizardValues;
}

type Group = Record<string, NumberValue>;

function convertNumbers<T extends Group>(
  group: T,
  pathPrefix: string,
  units: UnitSystem,
  convert: Convert,
  kept?: { shown: Group; metric: Group },
): T {
  const out: Group = { ...group };
  for (const [field, value] of Object.entries(group)) {
    const unit = rangeOfPath(`${pathPrefix}${field}`)?.unit;
    if (!unit || typeof value !== 'number') continue;
    const stored = kept?.metric[field];
    out[field] = kept?.shown[field] === value && typeof stored === 'number' ? stored : convert(value, unit, units);
  }
  return out as T;
}

function convertValues(
  values: WizardValues,
  units: UnitSystem,
  convert: Convert,
  baseline?: UnitBaseline,
): WizardValues {
  if (units === 'metric') return values;
  return {
    ...values,
    measurements: convertNumbers(
      values.measurements,
      'measurements.',
      units,
      convert,
      baseline && { shown: baseline.shown.measurements, metric: baseline.metric.measurements },
    ),
    extras: {
      ...values.extras,
      device: convertNumbers(
        values.extras.device,
        'extras.device.',
        units,
        convert,
        baseline && { shown: baseline.shown.extras.device, metric: baseline.metric.extras.device },
      ),
    },
  };
}

/**
 * The form as typed (lb, in for an imperial user) in the kg and cm that the engine and the server take; with an
 * edit's baseline, the fields left as they were keep their stored value exactly.
 */
export const toMetricValues = (values: WizardValues, units: UnitSystem, baseline?: UnitBaseline) =>
  convertValues(values, units, toMetric, baseline);

/** Stored (metric) values as an imperial user reads and edits them. */
export const fromMetricValues = (values: WizardValues, units: UnitSystem) => convertValues(values, units, fromMetric);

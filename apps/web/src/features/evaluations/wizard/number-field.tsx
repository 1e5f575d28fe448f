import { Anchor, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '@medida/domain';
import { DecimalInput } from '../../../components/decimal-input.tsx';
import { useMeasurementUnits } from '../../../lib/own-profile.ts';
import { displayUnit, feetAndInches } from '../../../lib/units.ts';
import { centimetresSuggestion, rangeOfPath } from './input-hints.ts';
import { sameBesideForm } from './section-memo.ts';
import type { NumberValue, WizardValues } from './wizard-form.ts';

interface NumberFieldProps {
  form: UseFormReturnType<WizardValues>;
  /** Form path, e.g. `measurements.peso` or `rockport.bpm`. */
  path: string;
  label: string;
  unit: string;
  required?: boolean;
  decimals?: number;
  disabled?: boolean;
  testId: string;
  description?: string;
}

/** The value at a dotted form path (`measurements.peso`) in one render's values. */
const valueAt = (values: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], values);

/**
 * A measurement input with its unit inside the field, so the number and the unit read together. Memoised on its own
 * value and error (a controlled form's `values` and `errors` are each render's): a key typed in one field renders
 * that field, not the forty others of the step (decision 235).
 */
export const NumberField = memo(
  NumberFieldView,
  ({ form: a, ...before }, { form: b, ...after }) =>
    sameBesideForm(before, after) &&
    valueAt(a.values, before.path) === valueAt(b.values, after.path) &&
    a.errors[before.path] === b.errors[after.path],
);

function NumberFieldView({
  form,
  path,
  label,
  unit,
  required = false,
  decimals = 1,
  disabled,
  testId,
  description,
}: NumberFieldProps) {
  const { t, i18n } = useTranslation();
  const input = form.getInputProps(path);
  const units = useMeasurementUnits();
  const shownUnit = displayUnit(unit, units);
  const range = rangeOfPath(path);
  // Metres typed into a centimetre field; an imperial user types inches, where the rule does not apply.
  const centimetres = range && units === 'metric' ? centimetresSuggestion(range, input.value as NumberValue) : null;
  // An imperial height is typed in inches (one field, one number) and read back in feet and inches beside it.
  const height =
    units === 'imperial' && path === 'measurements.estatura' && typeof input.value === 'number'
      ? feetAndInches(input.value)
      : null;
  const number = numberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (
    <DecimalInput
      {...input}
      label={label}
      description={
        centimetres !== null ? (
          <Text component="span" size="xs" c="orange" data-testid={`${testId}-metres-hint`}>
            {t('evaluations.wizard.metresHint')}{' '}
            <Anchor
              component="button"
              type="button"
              size="xs"
              onClick={() => form.setFieldValue(path, centimetres)}
              data-testid={`${testId}-use-cm`}
            >
              {t('evaluations.wizard.useCentimetres', {
                value: number.format(centimetres),
              })}
            </Anchor>
          </Text>
        ) : height ? (
          <Text component="span" size="xs" c="dimmed" data-testid={`${testId}-feet`}>
            {t('evaluations.wizard.feetInches', { feet: height.feet, inches: number.format(height.inches) })}
          </Text>
        ) : (
          description
        )
      }
      withAsterisk={required}
      // The asterisk is only seen: a screen reader hears "required" (Save names the empty ones, so no `required`).
      aria-required={required || undefined}
      disabled={disabled}
      // Centimetre fields take two decimals so that a height typed in metres ("1.65") arrives whole for the hint.
      decimalScale={range?.unit === 'cm' ? Math.max(decimals, 2) : decimals}
      allowNegative={false}
      hideControls
      inputMode="decimal"
      rightSection={
        shownUnit ? (
          <Text size="xs" c="dimmed" pr={6}>
            {shownUnit}
          </Text>
        ) : null
      }
      rightSectionWidth={shownUnit.length > 3 ? 56 : 44}
      rightSectionPointerEvents="none"
      placeholder={required ? undefined : t('evaluations.wizard.optional')}
      data-testid={testId}
    />
  );
}

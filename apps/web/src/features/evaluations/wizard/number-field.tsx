import { NumberInput, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { WizardValues } from './wizard-form.ts';

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

/** A measurement input with its unit inside the field, so the number and the unit read together. */
export function NumberField({
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
  const { t } = useTranslation();
  return (
    <NumberInput
      {...form.getInputProps(path)}
      label={label}
      description={description}
      withAsterisk={required}
      disabled={disabled}
      decimalScale={decimals}
      allowNegative={false}
      hideControls
      inputMode="decimal"
      rightSection={
        unit ? (
          <Text size="xs" c="dimmed" pr={6}>
            {unit}
          </Text>
        ) : null
      }
      rightSectionWidth={unit.length > 3 ? 56 : 44}
      rightSectionPointerEvents="none"
      placeholder={required ? undefined : t('evaluations.wizard.optional')}
      data-testid={testId}
    />
  );
}

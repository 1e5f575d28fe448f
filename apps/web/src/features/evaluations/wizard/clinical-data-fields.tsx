import { Alert, Checkbox, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconTemperature } from '@tabler/icons-react';
import { CONDITION_NAME_MAX } from '@medida/domain';
import { useTranslation } from 'react-i18next';
import { NumberField } from './number-field.tsx';
import { memoOnShown } from './section-memo.ts';
import { WizardSection as Section } from './wizard-section.tsx';
import { hasFever, rangeOf, type WizardValues } from './wizard-form.ts';
import layout from './wizard-layout.module.css';

type ListName = 'ecnt' | 'autoinmune';

/** Stored names are the spec's Spanish ones; the label is translated when we know the condition. */
function useConditionLabel() {
  const { t, i18n } = useTranslation();
  return (name: string) => {
    const key = `evaluations.conditions.${name}`;
    return i18n.exists(key) ? t(key) : name;
  };
}

/**
 * One condition list: a tick per disease and a treatment tick that is enabled only when the disease
 * is ticked (spec §4), plus an 'other' entry that reveals a free-text name.
 */
function ConditionList({
  form,
  list,
  legend,
}: {
  form: UseFormReturnType<WizardValues>;
  list: ListName;
  legend: string;
}) {
  const { t } = useTranslation();
  const label = useConditionLabel();
  const data = form.getValues().clinical_data;
  const items = data[list];
  const otherPath = `clinical_data.${list}Other` as const;
  const other = data[`${list}Other`];
  return (
    // Named by its legend: the two lists' "Other" rows are told apart by the table they are in.
    <Table
      withRowBorders={false}
      verticalSpacing={4}
      horizontalSpacing={0}
      aria-label={legend}
      data-testid={`wizard-${list}`}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>
            <Text size="sm" fw={600}>
              {legend}
            </Text>
          </Table.Th>
          <Table.Th w={110} ta="center">
            <Text size="xs" c="dimmed" fw={500}>
              {t('evaluations.wizard.treatment')}
            </Text>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item, i) => (
          <Table.Tr key={item.name}>
            <Table.Td>
              <Checkbox
                label={label(item.name)}
                checked={item.value}
                onChange={(e) => {
                  const checked = e.currentTarget.checked;
                  form.setFieldValue(`clinical_data.${list}.${i}.value`, checked);
                  // An unticked disease cannot be under treatment.
                  if (!checked) form.setFieldValue(`clinical_data.${list}.${i}.tratamiento`, false);
                }}
                data-testid={`condition-${list}-${i}`}
              />
            </Table.Td>
            <Table.Td ta="center">
              <Checkbox
                display="inline-block"
                aria-label={t('evaluations.wizard.treatmentFor', { name: label(item.name) })}
                checked={item.tratamiento}
                disabled={!item.value}
                onChange={(e) => form.setFieldValue(`clinical_data.${list}.${i}.tratamiento`, e.currentTarget.checked)}
                data-testid={`treatment-${list}-${i}`}
              />
            </Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Td>
            <Stack gap={6}>
              <Checkbox
                label={t('evaluations.wizard.other')}
                checked={other.showInput}
                onChange={(e) => {
                  const checked = e.currentTarget.checked;
                  form.setFieldValue(`${otherPath}.showInput`, checked);
                  if (!checked) form.setFieldValue(otherPath, { showInput: false, name: '', tratamiento: false });
                }}
                data-testid={`condition-${list}-other`}
              />
              {other.showInput && (
                <TextInput
                  {...form.getInputProps(`${otherPath}.name`)}
                  size="xs"
                  maw={260}
                  placeholder={t('evaluations.wizard.otherPlaceholder')}
                  aria-label={t('evaluations.wizard.otherPlaceholder')}
                  maxLength={CONDITION_NAME_MAX}
                  data-testid={`condition-${list}-other-name`}
                />
              )}
            </Stack>
          </Table.Td>
          <Table.Td ta="center" style={{ verticalAlign: 'top' }}>
            <Checkbox
              display="inline-block"
              aria-label={t('evaluations.wizard.treatmentFor', { name: t('evaluations.wizard.other') })}
              checked={other.tratamiento}
              disabled={!other.showInput}
              onChange={(e) => form.setFieldValue(`${otherPath}.tratamiento`, e.currentTarget.checked)}
              data-testid={`treatment-${list}-other`}
            />
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/** Clinical data (spec §3): temperature (required, fever warning), breathing difficulty, condition lists. */
function ClinicalDataFieldsView({ form }: { form: UseFormReturnType<WizardValues> }) {
  const { t } = useTranslation();
  const { temperatura, dif_respirar } = form.getValues().clinical_data;
  return (
    <Section legend={t('evaluations.wizard.clinical')} testId="wizard-clinical">
      <Stack gap="md">
        <Group align="flex-end" gap="lg" wrap="wrap">
          <div style={{ width: 180 }}>
            <NumberField
              form={form}
              path="clinical_data.temperatura"
              label={t('evaluations.fields.temperatura')}
              unit={rangeOf('clinical_data.temperatura').unit}
              required
              testId="field-temperatura"
            />
          </div>
          <Checkbox
            mb={8}
            label={t('evaluations.fields.dif_respirar')}
            checked={dif_respirar}
            onChange={(e) => form.setFieldValue('clinical_data.dif_respirar', e.currentTarget.checked)}
            data-testid="field-dif_respirar"
          />
        </Group>
        {hasFever(temperatura) && (
          <Alert color="orange" variant="light" icon={<IconTemperature />} py="xs" data-testid="fever-warning">
            {t('messages.feverWarning')}
          </Alert>
        )}
        <div className={`${layout.cols} ${layout.twoFromSm} ${layout.wideGap}`}>
          <ConditionList form={form} list="ecnt" legend={t('evaluations.wizard.ecnt')} />
          <ConditionList form={form} list="autoinmune" legend={t('evaluations.wizard.autoinmune')} />
        </div>
      </Stack>
    </Section>
  );
}

export const ClinicalDataFields = memoOnShown(ClinicalDataFieldsView, {
  values: ({ clinical_data: { exams: _exams, ...shown } }) => shown,
  errorsUnder: ['clinical_data.'],
});

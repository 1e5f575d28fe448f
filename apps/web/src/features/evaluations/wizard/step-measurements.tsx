import { Box, Input, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { FRECUENCIA, HACE_OPTIONS } from '@medida/domain';
import { BmrField } from './bmr-field.tsx';
import { ClinicalDataFields } from './clinical-data-fields.tsx';
import { ExamFields } from './exam-fields.tsx';
import classes from './field-grid.module.css';
import { IsakFields } from './isak-fields.tsx';
import { NumberField } from './number-field.tsx';
import { memoOnShown } from './section-memo.ts';
import { WizardSection as Section } from './wizard-section.tsx';
import {
  DEVICE_FIELDS,
  measurementsFor,
  protocolChoices,
  rangeOf,
  type MeasurementField,
  type WizardValues,
  parseStopwatch,
  type YesNo,
} from './wizard-form.ts';
import layout from './wizard-layout.module.css';

/** Whole numbers for pressures; one decimal for the rest (skinfolds to 0.5 mm, tape to 0.1 cm). */
const DECIMALS: Partial<Record<MeasurementField, number>> = { presion_s: 0, presion_d: 0 };

function MeasurementFields({ form }: { form: UseFormReturnType<WizardValues> }) {
  const { t } = useTranslation();
  const method = form.getValues().evaluation_type;
  const { required, optional } = measurementsFor(method);
  const field = (name: MeasurementField, isRequired: boolean) => (
    <NumberField
      key={name}
      form={form}
      path={`measurements.${name}`}
      label={t(`evaluations.fields.${name}`)}
      unit={rangeOf(name).unit}
      required={isRequired}
      decimals={DECIMALS[name] ?? 1}
      testId={`field-${name}`}
    />
  );
  return (
    <Stack gap="md">
      <Section
        legend={t('evaluations.wizard.measurements', { method: t(`evaluations.types.${method}`) })}
        testId="wizard-measurements"
      >
        <div className={classes.grid}>{required.map((name) => field(name, true))}</div>
      </Section>
      {optional.length > 0 && (
        <Section
          legend={t('evaluations.wizard.optionalMeasurements')}
          hint={t('evaluations.wizard.optionalMeasurementsHint')}
        >
          <div className={classes.grid}>{optional.map((name) => field(name, false))}</div>
        </Section>
      )}
      {method === 5 ? <IsakFields form={form} /> : null}
      {method === 2 || method === 4 || method === 5 ? <ProtocolField form={form} /> : null}
      {method === 1 ? <DeviceFields form={form} /> : null}
      <BmrField form={form} />
    </Stack>
  );
}

/** Skinfold methods: the professional may choose the primary equation among those the sites allow (decision 036). */
function ProtocolFieldView({ form }: { form: UseFormReturnType<WizardValues> }) {
  const { t } = useTranslation();
  const choices = protocolChoices(form.getValues());
  return (
    <Section legend={t('evaluations.wizard.protocol')} hint={t('evaluations.wizard.protocolHint')}>
      <Select
        {...form.getInputProps('extras.body_fat_equation')}
        aria-label={t('evaluations.wizard.protocol')}
        data={[
          { value: '', label: t('evaluations.wizard.protocolDefault') },
          ...choices.map((c) => ({ value: c.id, label: c.name })),
        ]}
        value={form.getValues().extras.body_fat_equation ?? ''}
        onChange={(v) => form.setFieldValue('extras.body_fat_equation', v ? v : null)}
        allowDeselect={false}
        comboboxProps={{ zIndex: 400 }}
        data-testid="field-body_fat_equation"
      />
    </Section>
  );
}

/** Bioimpedance: the device's other readings, optional, shown beside the computed values as "device". */
function DeviceFields({ form }: { form: UseFormReturnType<WizardValues> }) {
  const { t } = useTranslation();
  return (
    <Section legend={t('evaluations.wizard.device')} hint={t('evaluations.wizard.deviceHint')}>
      <div className={`${classes.grid} ${classes.five}`}>
        {DEVICE_FIELDS.map((f) => (
          <NumberField
            key={f}
            form={form}
            path={`extras.device.${f}`}
            label={t(`evaluations.fields.device.${f}`)}
            unit={rangeOf(`device.${f}`).unit}
            decimals={f === 'visceral_level' || f === 'bmr_kcal' ? 0 : 1}
            testId={`field-device-${f}`}
          />
        ))}
      </div>
    </Section>
  );
}

function YesNoField({
  form,
  path,
  label,
}: {
  form: UseFormReturnType<WizardValues>;
  path: 'fuma' | 'alcohol' | 'ejercita';
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <Input.Wrapper label={label}>
      <SegmentedControl
        fullWidth
        data={[
          { value: 'Si', label: t('evaluations.yes') },
          { value: 'No', label: t('evaluations.no') },
        ]}
        value={form.getValues()[path]}
        onChange={(v) => form.setFieldValue(path, v as YesNo)}
        // The radio group is named by its question ("Smokes?"), not only by "Yes" and "No".
        aria-label={label}
        data-testid={`field-${path}`}
        mt={4}
      />
    </Input.Wrapper>
  );
}

function LifestyleFieldsView({ form }: { form: UseFormReturnType<WizardValues> }) {
  const { t } = useTranslation();
  const exercises = form.getValues().ejercita === 'Si';
  const frequencies = Array.from({ length: FRECUENCIA.max - FRECUENCIA.min + 1 }, (_, i) => String(FRECUENCIA.min + i));
  return (
    <Section legend={t('evaluations.wizard.lifestyle')} testId="wizard-lifestyle">
      <div className={`${layout.cols} ${layout.threeFromXs}`}>
        <YesNoField form={form} path="fuma" label={t('evaluations.fields.fuma')} />
        <YesNoField form={form} path="alcohol" label={t('evaluations.fields.alcohol')} />
        <YesNoField form={form} path="ejercita" label={t('evaluations.fields.ejercita')} />
      </div>
      {/* Spec §4: when the client does not exercise, frequency (and duration) are hidden and not required. */}
      {exercises && (
        <Box className={`${layout.cols} ${layout.twoFromXs}`} mt="sm">
          <Select
            {...form.getInputProps('hace')}
            label={t('evaluations.fields.hace')}
            withAsterisk
            data={HACE_OPTIONS.map((o) => ({ value: String(o.value), label: t(`evaluations.hace.${o.value}`) }))}
            allowDeselect={false}
            comboboxProps={{ zIndex: 400 }}
            data-testid="field-hace"
          />
          <Select
            {...form.getInputProps('frecentrena')}
            label={t('evaluations.fields.frecentrena')}
            withAsterisk
            data={frequencies.map((n) => ({ value: n, label: t('evaluations.perWeek', { count: Number(n) }) }))}
            allowDeselect={false}
            comboboxProps={{ zIndex: 400 }}
            data-testid="field-frecentrena"
          />
          <NumberField
            form={form}
            path="extras.training_volume"
            label={t('evaluations.fields.training_volume')}
            unit={form.getValues().extras.training_volume_unit === 'percent' ? '%' : 'min'}
            decimals={0}
            testId="field-training_volume"
          />
          <Input.Wrapper label={t('evaluations.fields.training_volume_unit')}>
            <SegmentedControl
              fullWidth
              mt={4}
              data={[
                { value: 'minutes', label: t('evaluations.wizard.minutesPerWeek') },
                { value: 'percent', label: '%' },
              ]}
              value={form.getValues().extras.training_volume_unit}
              onChange={(v) => form.setFieldValue('extras.training_volume_unit', v as 'percent' | 'minutes')}
              aria-label={t('evaluations.fields.training_volume_unit')}
            />
          </Input.Wrapper>
        </Box>
      )}
    </Section>
  );
}

/**
 * The walk time as a stopwatch shows it, "mm:ss" (issue 15), kept in the form as the spec's minutes and
 * seconds. Until the text reads as a time both stay empty, so Save names the Rockport fields.
 */
function RockportTimeField({ form }: { form: UseFormReturnType<WizardValues> }) {
  const { t } = useTranslation();
  const { minutes, seconds } = form.getValues().rockport;
  const [text, setText] = useState(() => (minutes === '' ? '' : `${minutes}:${String(seconds).padStart(2, '0')}`));
  const readable = text.trim() === '' || parseStopwatch(text) !== null;
  const error = form.errors['rockport.minutes'] ?? form.errors['rockport.seconds'];
  return (
    <TextInput
      label={t('evaluations.fields.walkTime')}
      placeholder="mm:ss"
      value={text}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setText(next);
        const time = parseStopwatch(next);
        form.setFieldValue('rockport.minutes', time?.minutes ?? '');
        form.setFieldValue('rockport.seconds', time?.seconds ?? '');
        form.clearFieldError('rockport.minutes');
        form.clearFieldError('rockport.seconds');
      }}
      error={error ?? (readable ? undefined : t('evaluations.wizard.walkTimeFormat'))}
      inputMode="numeric"
      autoComplete="off"
      data-testid="field-rockport-time"
    />
  );
}

function RockportFieldsView({ form }: { form: UseFormReturnType<WizardValues> }) {
  const { t } = useTranslation();
  return (
    <Section
      legend={t('evaluations.wizard.rockport')}
      hint={t('evaluations.wizard.rockportHint')}
      testId="wizard-rockport"
    >
      <div className={`${layout.cols} ${layout.two}`}>
        <RockportTimeField form={form} />
        <NumberField
          form={form}
          path="rockport.bpm"
          label={t('evaluations.fields.bpm')}
          unit="bpm"
          decimals={0}
          testId="field-rockport-bpm"
        />
      </div>
      <Box className={`${layout.cols} ${layout.threeFromXs}`} mt="sm">
        <NumberField
          form={form}
          path="extras.vo2max_measured"
          label={t('evaluations.fields.vo2max_measured')}
          description={t('evaluations.wizard.vo2maxMeasuredHint')}
          unit="ml/kg/min"
          decimals={1}
          testId="field-vo2max_measured"
        />
      </Box>
    </Section>
  );
}

const ProtocolField = memoOnShown(ProtocolFieldView, {
  values: (v) => [v.extras.body_fat_equation, protocolChoices(v).map((choice) => choice.id)],
  errorsUnder: ['extras.body_fat_equation'],
});

const LifestyleFields = memoOnShown(LifestyleFieldsView, {
  values: (v) => [
    v.fuma,
    v.alcohol,
    v.ejercita,
    v.hace,
    v.frecentrena,
    v.extras.training_volume,
    v.extras.training_volume_unit,
  ],
  errorsUnder: ['fuma', 'alcohol', 'ejercita', 'hace', 'frecentrena', 'extras.training_volume'],
});

const RockportFields = memoOnShown(RockportFieldsView, {
  values: (v) => [v.rockport, v.extras.vo2max_measured],
  errorsUnder: ['rockport.', 'extras.vo2max_measured'],
});

/** Step 2: the chosen method's measurements, lifestyle, Rockport, clinical data and exams (spec §4, §5). */
export function StepMeasurements({ form }: { form: UseFormReturnType<WizardValues> }) {
  return (
    <Stack gap="md">
      <MeasurementFields form={form} />
      <LifestyleFields form={form} />
      <RockportFields form={form} />
      <ClinicalDataFields form={form} />
      <ExamFields form={form} />
    </Stack>
  );
}

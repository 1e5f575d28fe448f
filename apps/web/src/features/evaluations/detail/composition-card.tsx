import { useTranslation } from 'react-i18next';
import { DISPLAY_DECIMALS } from '@medida/domain';
import type { EvaluationInput, EvaluationResult } from '@medida/domain';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useMeasurementUnits } from '../../../lib/own-profile.ts';
import { displayUnit, feetAndInches, inUnits } from '../../../lib/units.ts';
import { ClassificationNote } from './classification-note.tsx';
import { formatNumber } from './format.ts';
import { MassRow, MetricRow, PlainRows, ResultCard } from './result-parts.tsx';

/** Body composition: weight, BMI, ideal weight, fat, lean, muscle, residual and bone mass, visceral fat, metabolic age. */
export function CompositionCard({ result: r, inputs }: { result: EvaluationResult; inputs: EvaluationInput }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const n = (v: number, d = 1) => formatNumber(v, d, lang);
  const units = useMeasurementUnits();
  const weight = (kg: number) => n(inUnits(kg, 'kg', units));
  // An imperial height reads in inches and, beside it, in feet and inches as a US reader says it.
  const feet = units === 'imperial' ? feetAndInches(inUnits(inputs.estatura, 'cm', units)) : null;
  return (
    <ResultCard
      title={t('evaluations.detail.composition')}
      description={t(`evaluations.types.${r.evaluation_type}`)}
      testId="card-composition"
    >
      <PlainRows rows={[[t('evaluations.fields.peso'), inputs.peso, 1, 'kg', 'metric-weight']]} />
      <MetricRow
        label={t('evaluations.fields.estatura')}
        hint={feet ? t('evaluations.wizard.feetInches', { feet: feet.feet, inches: n(feet.inches) }) : undefined}
        value={inputs.estatura}
        decimals={1}
        unit="cm"
        testId="metric-height"
      />
      <MetricRow
        label={t('evaluations.results.bmi')}
        hint={
          r.bmi.z_score !== null
            ? t('evaluations.results.bmiZ', { z: n(r.bmi.z_score, 2), p: n(r.bmi.percentile ?? 0, 0) })
            : undefined
        }
        value={r.bmi.value}
        decimals={DISPLAY_DECIMALS.bmi}
        unit="kg/m²"
        level={r.bmi.category}
        scale="bmi"
        equation={r.bmi.equation}
        testId="metric-bmi"
      />
      <MetricRow
        label={t('evaluations.results.idealWeight')}
        hint={t('evaluations.results.healthyRange', {
          min: weight(r.ideal_weight.min_kg),
          max: weight(r.ideal_weight.max_kg),
          unit: displayUnit('kg', units),
        })}
        value={r.ideal_weight.kg}
        decimals={1}
        unit="kg"
        equation={r.ideal_weight.equation}
        testId="metric-ideal-weight"
      />
      <MassRow
        label={t('evaluations.results.bodyFat')}
        hint={bodyFatHint(r.body_fat, t)}
        mass={r.body_fat}
        level={r.body_fat.category?.value}
        scale="fat"
        testId="metric-fat"
      />
      {r.skinfold_sum && (
        <MetricRow
          label={t('evaluations.results.skinfoldSum', { count: r.skinfold_sum.sites.length })}
          value={r.skinfold_sum.mm}
          decimals={1}
          unit="mm"
          testId="metric-skinfold-sum"
        />
      )}
      <MassRow label={t('evaluations.results.leanMass')} mass={r.lean_mass} testId="metric-lean" />
      <MassRow
        label={t(
          r.muscle_mass.kind === 'skeletal_muscle_mass'
            ? 'evaluations.results.skeletalMuscle'
            : 'evaluations.results.muscleMass',
        )}
        mass={r.muscle_mass}
        testId="metric-muscle"
      />
      <MassRow label={t('evaluations.results.residualMass')} mass={r.residual_mass} testId="metric-residual" />
      {r.bone_mass && <MassRow label={t('evaluations.results.boneMass')} mass={r.bone_mass} testId="metric-bone" />}
      {/* Without lipids the engine's visceral figure is the waist-to-height ratio itself: the risks card shows it
          under its own name, once (issue 30 item 11b). */}
      {r.visceral_fat.indicator === 'vai' && (
        <MetricRow
          label={t('evaluations.results.visceralVai')}
          value={r.visceral_fat.value}
          decimals={2}
          level={r.visceral_fat.category}
          scale="vai"
          equation={r.visceral_fat.equation}
          testId="metric-visceral"
        />
      )}
      {r.metabolic_age && (
        <MetricRow
          label={t('evaluations.results.metabolicAge')}
          hint={`${t('evaluations.results.estimate')} · ${t('evaluations.results.realAge', { count: r.age.years })}`}
          value={r.metabolic_age.years}
          decimals={0}
          unit={t('evaluations.results.years')}
          equation={r.metabolic_age.equation}
          testId="metric-metabolic-age"
        />
      )}
      {r.device && <DeviceRows device={r.device} />}
      <ClassificationNote testId="classification-note-composition" />
    </ResultCard>
  );
}

/** Estimate, outside the equation's sample, and whether the professional chose the equation (decision 036). */
function bodyFatHint(fat: EvaluationResult['body_fat'], t: (key: string) => string): string | undefined {
  const parts = [
    fat.chosen ? t('evaluations.results.chosenProtocol') : '',
    fat.estimate ? t('evaluations.results.estimate') : '',
    fat.within_validity === false ? t('evaluations.results.outsideSample') : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

const DEVICE_ROWS = [
  ['muscle_kg', 1, 'kg'],
  ['visceral_level', 0, ''],
  ['water_pct', 1, '%'],
  ['phase_angle', 1, '°'],
  ['bmr_kcal', 0, 'kcal'],
] as const;

/** The bioimpedance device's own readings, labelled with "device" as their source. */
function DeviceRows({ device }: { device: NonNullable<EvaluationResult['device']> }) {
  const { t } = useTranslation();
  return DEVICE_ROWS.map(([key, decimals, unit]) => {
    const value = device[key];
    return value === null ? null : (
      <MetricRow
        key={key}
        label={t(`evaluations.fields.device.${key}`)}
        hint={t('evaluations.results.deviceSource')}
        value={value}
        decimals={decimals}
        unit={unit}
        testId={`metric-device-${key}`}
      />
    );
  });
}

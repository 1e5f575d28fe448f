import { Group, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { EXAM_CATALOGUE } from '@medida/domain';
import type { EvaluationInput, EvaluationResult, RiskItem } from '@medida/domain';
import type { UnitSystem } from '@medida/contracts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useMeasurementUnits } from '../../../lib/own-profile.ts';
import { displayUnit, inUnits } from '../../../lib/units.ts';
import { EquationSource } from './equation-source.tsx';
import { formatNumber, type Scale } from './format.ts';
import { LevelBadge, MetricRow, RatioRow, ResultCard } from './result-parts.tsx';

/** Risks shown as their own rows above; the list below adds the rest. */
const SHOWN_ABOVE = new Set([
  'waist_height',
  'waist_hip',
  'waist_circumference',
  'blood_pressure',
  'fever',
  'cardiorespiratory_fitness',
  'visceral_adiposity',
]);

const SCALE_OF: Record<string, Scale> = {
  bmi_waist: 'nhlbi',
  metabolic_syndrome: 'metabolic_syndrome',
  smoking: 'lifestyle',
  alcohol: 'lifestyle',
  physical_inactivity: 'lifestyle',
};

function useRiskLabel(result: EvaluationResult) {
  const { t } = useTranslation();
  return (risk: RiskItem) => {
    if (risk.id.startsWith('exam:')) {
      // The catalogue's name in the viewer's language (the stored result keeps the evaluation's).
      const exam = result.exams.find((e) => `exam:${e.id}` === risk.id);
      return exam ? EXAM_CATALOGUE[exam.id].name[currentLanguage()] : risk.id.slice(5);
    }
    if (risk.id.startsWith('condition:')) return t('evaluations.risks.condition', { name: risk.id.slice(10) });
    return t(`evaluations.risks.${risk.id}`);
  };
}

/**
 * The abdominal-obesity cut-off of the client's country when the waist reaches it (decision 187); results stored
 * before carry only the Central/South American flag.
 */
function waistHint(waist: EvaluationResult['waist'], t: TFunction, units: UnitSystem): string | undefined {
  const p = waist.population;
  if (p)
    return p.flagged
      ? t('evaluations.results.abdominalCutoff', {
          population: t(`evaluations.results.populations.${p.id}`),
          // The cut-off in the reader's units and format, like the waist beside it (decision 183).
          cm: `${formatNumber(inUnits(p.cutoff_cm, 'cm', units), units === 'metric' ? 0 : 1, currentLanguage())} ${displayUnit('cm', units)}`,
        })
      : undefined;
  return waist.idf_latam ? t('evaluations.results.idfLatam') : undefined;
}

/** Waist indices, blood pressure, temperature, and every other risk the engine flagged. */
export function RisksCard({ result: r, inputs }: { result: EvaluationResult; inputs: EvaluationInput }) {
  const { t } = useTranslation();
  const units = useMeasurementUnits();
  const label = useRiskLabel(r);
  const others = r.risks.filter((risk) => !SHOWN_ABOVE.has(risk.id) && !risk.id.startsWith('exam:'));
  return (
    <ResultCard title={t('evaluations.detail.risks')} testId="card-risks">
      <RatioRow label={t('evaluations.results.whtr')} ratio={r.waist_height} scale="whtr" testId="metric-whtr" />
      <RatioRow label={t('evaluations.results.whr')} ratio={r.waist_hip} scale="whr" testId="metric-whr" />
      <MetricRow
        label={t('evaluations.fields.pcintura')}
        hint={waistHint(r.waist, t, units)}
        value={r.waist.cm}
        decimals={1}
        unit="cm"
        level={r.waist.who}
        scale="waist"
        equation={r.waist.equation}
        testId="metric-waist"
      />
      <MetricRow
        label={t('evaluations.results.bloodPressure')}
        value={null}
        decimals={0}
        display={`${r.blood_pressure.systolic}/${r.blood_pressure.diastolic}`}
        unit="mmHg"
        level={r.blood_pressure.category}
        scale="bp"
        equation={r.blood_pressure.equation}
        testId="metric-bp"
      />
      <MetricRow
        label={t('evaluations.fields.temperatura')}
        value={inputs.clinical_data.temperatura}
        decimals={1}
        unit="°C"
        level={r.fever ? 'fever' : 'normal'}
        scale="clinical"
        testId="metric-temperature"
      />
      {others.length > 0 && (
        <Stack gap={0} mt="md" data-testid="risk-list">
          <Text size="sm" fw={600} mb={4}>
            {t('evaluations.results.otherRisks')}
          </Text>
          {others.map((risk) => (
            <Group
              key={risk.id}
              justify="space-between"
              wrap="nowrap"
              py={6}
              style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
              data-testid="risk-item"
              data-risk={risk.id}
            >
              <Text size="sm" miw={0}>
                {label(risk)}
                {risk.equation && <EquationSource equation={risk.equation} />}
              </Text>
              <LevelBadge
                level={risk.level}
                scale={SCALE_OF[risk.id] ?? (risk.dimension === 'clinical' ? 'clinical' : undefined)}
              />
            </Group>
          ))}
        </Stack>
      )}
    </ResultCard>
  );
}

import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EvaluationInput, EvaluationResult } from '@medida/domain';
import { EquationSource } from './equation-source.tsx';
import { MetricRow, PlainRows, ResultCard } from './result-parts.tsx';
import { formatMinutesSeconds } from './format.ts';

/** Rockport VO2max and fitness class, plus the training level from duration and frequency. */
export function FitnessCard({ result: r, inputs }: { result: EvaluationResult; inputs: EvaluationInput }) {
  const { t } = useTranslation();
  const rp = r.rockport;
  return (
    <ResultCard title={t('evaluations.detail.fitness')} testId="card-fitness">
      {rp ? (
        <>
          <MetricRow
            label={t('evaluations.results.vo2max')}
            hint={
              <Group gap={4} component="span">
                {t('evaluations.results.fitnessClass')}
                <EquationSource equation={rp.category_equation} />
              </Group>
            }
            value={rp.vo2max}
            decimals={1}
            unit="mL/kg/min"
            level={rp.category}
            scale="fitness"
            equation={rp.equation}
            testId="metric-vo2max"
          />
          <MetricRow
            label={t('evaluations.results.walkTime')}
            value={rp.time_min}
            decimals={2}
            display={formatMinutesSeconds(rp.time_min)}
            unit="mm:ss"
            testId="metric-walk-time"
          />
          <PlainRows rows={[[t('evaluations.fields.bpm'), rp.bpm, 0, 'bpm', 'metric-walk-bpm']]} />
        </>
      ) : null}
      {r.fitness?.source === 'measured' ? (
        <MetricRow
          label={t('evaluations.fields.vo2max_measured')}
          hint={
            <Group gap={4} component="span">
              {t('evaluations.results.measuredVo2Note')}
              <EquationSource equation={r.fitness.category_equation} />
            </Group>
          }
          value={r.fitness.vo2max}
          decimals={1}
          unit="mL/kg/min"
          level={r.fitness.category}
          scale="fitness"
          testId="metric-vo2max-measured"
        />
      ) : null}
      {r.training_volume ? (
        <MetricRow
          label={t('evaluations.fields.training_volume')}
          value={r.training_volume.percent ?? r.training_volume.minutes_per_week ?? 0}
          decimals={0}
          unit={r.training_volume.percent !== null ? '%' : t('evaluations.wizard.minutesPerWeek')}
          testId="metric-training-volume"
        />
      ) : null}
      {!rp && !r.fitness ? (
        <Text size="sm" c="dimmed" py="xs" data-testid="no-rockport">
          {t('evaluations.results.noRockport')}
        </Text>
      ) : null}
      <Group justify="space-between" py={8}>
        <Text size="sm">{t('evaluations.results.trainingLevel')}</Text>
        {/* Results stored before issue 30 say 'basic' for a non-exerciser: the inputs decide. */}
        {r.training_level && inputs.ejercita === 'Si' ? (
          <Badge variant="light" color="medida" tt="none" data-testid="training-level">
            {t(`evaluations.levels.${r.training_level}`)}
          </Badge>
        ) : (
          <Text size="sm" c="dimmed">
            {t('evaluations.results.notTraining')}
          </Text>
        )}
      </Group>
      {inputs.ejercita === 'Si' && inputs.hace && inputs.frecentrena && (
        <Text size="xs" c="dimmed">
          {t('evaluations.results.trainingDetail', {
            hace: t(`evaluations.hace.${inputs.hace}`),
            count: inputs.frecentrena,
          })}
        </Text>
      )}
      <Text size="xs" c="dimmed" mt={4}>
        {t('evaluations.results.lifestyle', {
          fuma: t(inputs.fuma === 'Si' ? 'evaluations.yes' : 'evaluations.no'),
          alcohol: t(inputs.alcohol === 'Si' ? 'evaluations.yes' : 'evaluations.no'),
        })}
      </Text>
    </ResultCard>
  );
}

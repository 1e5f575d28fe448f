import { Alert, Group, Skeleton, Text } from '@mantine/core';
import { IconAlertTriangle, IconCoins } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { canAffordEvaluation, useCreditsSummary } from './credits-summary.ts';

/**
 * One sentence on what a credit is and where more come from (dashboard's credits tile). The dashboard page
 * reads the summary before it shows its cards (decision 164), so this line does not ask again.
 */
export function CreditsExplanation() {
  const { t } = useTranslation();
  const summary = useCreditsSummary(true, false).data;
  if (!summary) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="credits-explanation">
      {summary.evaluation_cost === 0 ? t('credits.free') : t('credits.whatIs', { count: summary.evaluation_cost })}
    </Text>
  );
}

/**
 * The wizard's first step: the balance and the cost, and a refusal (with the reason and what to do)
 * when the balance is below the cost (the wizard then keeps "Next" disabled, see canAffordEvaluation).
 */
export function WizardCredits() {
  const { t } = useTranslation();
  const query = useCreditsSummary();
  const summary = query.data;
  if (!summary) return query.isPending ? <Skeleton h={22} w={280} /> : null;
  if (!canAffordEvaluation(summary)) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle />}
        title={t('credits.cannotStartTitle')}
        data-testid="wizard-no-credits"
      >
        {t('credits.cannotStart', { balance: summary.creditos, cost: summary.evaluation_cost })}
      </Alert>
    );
  }
  return (
    <Group gap="xs" data-testid="wizard-credits" data-balance={summary.creditos} data-cost={summary.evaluation_cost}>
      <IconCoins size={18} aria-hidden="true" />
      <Text size="sm">
        {t('credits.balance', { count: summary.creditos })}
        {' · '}
        {summary.evaluation_cost === 0 ? t('credits.free') : t('credits.cost', { count: summary.evaluation_cost })}
      </Text>
    </Group>
  );
}

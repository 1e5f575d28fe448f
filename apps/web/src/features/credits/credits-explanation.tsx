import { Alert, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCoins } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CreditsSummary } from '@medida/contracts';
import { CreditRequestsSection } from './credit-requests-section.tsx';
import { canAffordEvaluation, useCreditsSummary } from './credits-summary.ts';

/**
 * Whom to ask for more credits (decision 186): the parent account by name and e-mail; a top-level account asks the
 * Medida team from here (issue 36, `withRequests`) and sees its requests.
 */
export function AskForCredits({ ask, withRequests = false }: { ask: CreditsSummary['ask']; withRequests?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Text size="sm" data-testid="credits-ask" data-ask={ask.kind}>
        {ask.kind === 'parent'
          ? t('credits.askParent', { name: ask.name, email: ask.email })
          : t('credits.askOperator', { email: ask.email })}
      </Text>
      {withRequests && ask.kind === 'operator' && <CreditRequestsSection />}
    </>
  );
}

/**
 * One sentence on what a credit is, and whom to ask for more (dashboard's credits tile). The dashboard page
 * reads the summary before it shows its cards (decision 164), so this line does not ask again.
 */
export function CreditsExplanation() {
  const { t } = useTranslation();
  const summary = useCreditsSummary(true, false).data;
  if (!summary) return null;
  return (
    <>
      <Text size="sm" c="dimmed" data-testid="credits-explanation">
        {summary.evaluation_cost === 0 ? t('credits.free') : t('credits.whatIs', { count: summary.evaluation_cost })}
      </Text>
      {summary.evaluation_cost > 0 && <AskForCredits ask={summary.ask} withRequests />}
    </>
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
        <Stack gap={4}>
          <Text size="sm">
            {t('credits.cannotStart', { balance: summary.creditos, cost: summary.evaluation_cost })}
          </Text>
          <AskForCredits ask={summary.ask} withRequests />
        </Stack>
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

import { useState } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CreditRequest } from '@medida/contracts';
import { lazyWithTimeout } from '../../components/lazy-with-timeout.tsx';
import { creditRequestsKey, fetchOwnCreditRequests } from './credit-requests-api.ts';
import { CreditRequestState, formatMoment, formatPrice } from './credit-request-texts.tsx';

/** The dialog's code (a modal, a form, the decimal input) comes when it is opened, not with the dashboard (issue 33 item 8). */
const AskCreditsModal = lazyWithTimeout(() => import('./ask-credits-modal.tsx').then((m) => m.AskCreditsModal), {
  fallback: null,
});

/** How many of the account's requests the dashboard and the wizard list (the newest). */
const SHOWN = 3;

function RequestRow({ request }: { request: CreditRequest }) {
  const { t, i18n } = useTranslation();
  const price = formatPrice(request.price, request.currency, i18n.language);
  return (
    <Paper withBorder radius="sm" px="sm" py={6} component="li" data-request-state={request.state}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {t('creditRequests.credits', { count: request.credits })}
          {price ? ` · ${price}` : ''}
        </Text>
        <CreditRequestState state={request.state} />
      </Group>
      <Text size="xs" c="dimmed">
        {t('creditRequests.askedOn', { date: formatMoment(request.created_at, i18n.language) })}
        {request.decided_at
          ? ` · ${t('creditRequests.decidedOn', { date: formatMoment(request.decided_at, i18n.language) })}`
          : ''}
      </Text>
      {request.decision_note && <Text size="xs">{t('creditRequests.teamNote', { note: request.decision_note })}</Text>}
    </Paper>
  );
}

/** The account's newest requests to the Medida team and their state. */
function OwnCreditRequests() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: creditRequestsKey, queryFn: ({ signal }) => fetchOwnCreditRequests(signal) });
  const requests = query.data?.requests.slice(0, SHOWN) ?? [];
  if (requests.length === 0) return null;
  return (
    <Stack gap={4} component="section" aria-label={t('creditRequests.mine')}>
      <Text size="sm" fw={600}>
        {t('creditRequests.mine')}
      </Text>
      <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {requests.map((request) => (
          <RequestRow key={request.id} request={request} />
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * "Ask for credits" and the account's requests (issue 36), for the top of an account only: the server refuses the
 * others, who ask the account above them (the caller shows them whom, decision 186).
 */
export function CreditRequestsSection() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconCoins size={16} aria-hidden="true" />}
          onClick={() => setOpened(true)}
        >
          {t('creditRequests.ask')}
        </Button>
      </Group>
      <OwnCreditRequests />
      {/* Mounted only while open: the dashboard paints with signed-in.css alone, which has no modal styles (decision 171). */}
      {opened && <AskCreditsModal opened onClose={() => setOpened(false)} />}
    </Stack>
  );
}

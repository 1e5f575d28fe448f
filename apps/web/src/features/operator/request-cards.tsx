import { useState } from 'react';
import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OperatorRequest } from '@medida/contracts';
import { paths } from '../../config/paths.ts';
import { CreditRequestState, formatMoment, formatPrice } from '../credits/index.ts';
import { DecisionModal, type Decision } from './decision-modal.tsx';

function RequestCard({
  request,
  withAccount,
  onDecide,
}: {
  request: OperatorRequest;
  withAccount: boolean;
  onDecide: (decision: Decision) => void;
}) {
  const { t, i18n } = useTranslation();
  const price = formatPrice(request.price, request.currency, i18n.language) ?? t('operator.requests.toQuote');
  const name = `${request.account.nombre} ${request.account.apellido}`.trim() || request.account.email;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="article"
      aria-label={t('operator.requests.cardLabel', { count: request.credits, name })}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700}>
            {t('creditRequests.credits', { count: request.credits })} · {price}
          </Text>
          <CreditRequestState state={request.state} />
        </Group>
        {withAccount && (
          <Text size="sm">
            <Anchor component={Link} to={paths.operatorAccount(request.account.id)}>
              {name}
            </Anchor>{' '}
            · {request.requester_email}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {t('creditRequests.askedOn', { date: formatMoment(request.created_at, i18n.language) })}
          {request.decided_at
            ? ` · ${t('creditRequests.decidedOn', { date: formatMoment(request.decided_at, i18n.language) })}`
            : ''}
        </Text>
        {request.note && <Text size="sm">{t('operator.requests.note', { note: request.note })}</Text>}
        {request.decision_note && (
          <Text size="sm">{t('operator.requests.decisionNote', { note: request.decision_note })}</Text>
        )}
        {request.state === 'requested' && (
          <Group gap="xs" justify="flex-end">
            <Button
              size="xs"
              variant="default"
              color="red"
              leftSection={<IconX size={14} />}
              onClick={() => onDecide('decline')}
            >
              {t('operator.decision.decline')}
            </Button>
            <Button size="xs" color="teal" leftSection={<IconCheck size={14} />} onClick={() => onDecide('grant')}>
              {t('operator.decision.grant')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** Credit requests as cards, the waiting ones with Grant and Decline. */
export function RequestCards({ requests, withAccount }: { requests: OperatorRequest[]; withAccount: boolean }) {
  const [deciding, setDeciding] = useState<{ request: OperatorRequest; decision: Decision } | null>(null);
  return (
    <>
      <Stack gap="sm">
        {requests.map((request) => (
          <RequestCard
            key={request.id}
            request={request}
            withAccount={withAccount}
            onDecide={(decision) => setDeciding({ request, decision })}
          />
        ))}
      </Stack>
      <DecisionModal
        request={deciding?.request ?? null}
        decision={deciding?.decision ?? 'grant'}
        onClose={() => setDeciding(null)}
      />
    </>
  );
}

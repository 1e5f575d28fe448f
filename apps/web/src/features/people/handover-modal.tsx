import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { acceptsReceiver } from '@medida/contracts';
import { firstFieldErrors, isApiError } from '../../lib/api-error.ts';
import { apiErrorMessage, notifyApiError, notifySuccess } from '../../lib/notify.ts';
import { fetchHandoverReceivers, handOver } from './people-api.ts';
import { peopleKeys, useRefreshPeople } from './people-queries.ts';

/** What to hand over: everyone under the user, or the chosen clients / network professionals. */
export type HandoverChoice = { all: true } | { client_ids: number[] } | { network_ids: number[] };

interface HandoverModalProps {
  /** Null: closed. */
  choice: HandoverChoice | null;
  onClose: () => void;
  /** After the people moved (lists are refreshed already). */
  onDone?: () => void;
}

/**
 * Hand-over (decision 117): pick a professional of the account (parent, next to you, your network) and
 * confirm. The server moves everything or nothing; its field errors show under the receiver.
 */
export function HandoverModal({ choice, onClose, onDone }: HandoverModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={choice !== null} onClose={onClose} title={t('handover.title')} centered>
      {choice && <HandoverForm choice={choice} onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}

function summaryOf(choice: HandoverChoice, t: ReturnType<typeof useTranslation>['t']) {
  if ('all' in choice) return t('handover.summaryAll');
  if ('client_ids' in choice) return t('handover.summaryClients', { count: choice.client_ids.length });
  return t('handover.summaryNetwork', { count: choice.network_ids.length });
}

function HandoverForm({ choice, onClose, onDone }: { choice: HandoverChoice } & Omit<HandoverModalProps, 'choice'>) {
  const { t } = useTranslation();
  const refresh = useRefreshPeople();
  const [receiver, setReceiver] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const receivers = useQuery({
    queryKey: [...peopleKeys.all, 'handover-receivers'],
    queryFn: ({ signal }) => fetchHandoverReceivers(signal),
  });
  const mutation = useMutation({
    mutationFn: () => handOver({ receiver_id: Number(receiver), ...choice }),
    onSuccess: async ({ message }) => {
      notifySuccess(t('handover.doneTitle'), message);
      await refresh();
      onDone?.();
      onClose();
    },
    onError: (err) => {
      const fields = isApiError(err) ? firstFieldErrors(err.fieldErrors) : {};
      const first = Object.values(fields)[0];
      if (first) setError(first);
      else notifyApiError(err);
    },
  });

  if (receivers.isError) return <Alert color="red">{apiErrorMessage(receivers.error)}</Alert>;
  // Only whom the server accepts for this choice (the same rule): never someone who moves with it (decision 184).
  const options = (receivers.data?.receivers ?? [])
    .filter((r) => acceptsReceiver(r, choice))
    .map((r) => ({
      value: String(r.id),
      label: `${r.nombre} ${r.apellido} · ${t(`handover.relation.${r.relation}`)}`,
    }));
  const none = receivers.isSuccess && options.length === 0;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!receiver) setError(t('handover.receiverRequired'));
        else mutation.mutate();
      }}
    >
      <Stack>
        <Text size="sm">{summaryOf(choice, t)}</Text>
        <Text size="sm" c="dimmed">
          {t('handover.whatStays')}
        </Text>
        {none ? (
          <Alert color="orange" data-testid="handover-no-receivers">
            {t('handover.noReceivers')}
          </Alert>
        ) : (
          <Select
            label={t('handover.receiverLabel')}
            placeholder={t('handover.receiverPlaceholder')}
            data={options}
            value={receiver}
            onChange={(value) => {
              setReceiver(value);
              setError(null);
            }}
            searchable
            nothingFoundMessage={t('handover.noMatch')}
            disabled={receivers.isPending}
            error={error}
            comboboxProps={{ withinPortal: true }}
            data-testid="handover-receiver"
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            leftSection={<IconArrowsExchange size={18} />}
            loading={mutation.isPending}
            disabled={none}
            data-testid="handover-submit"
          >
            {t('handover.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

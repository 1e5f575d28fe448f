import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OperatorRequest } from '@medida/contracts';
import { apiErrorMessage, notifySuccess } from '../../lib/notify.ts';
import { decideRequest, operatorKeys } from './operator-api.ts';

export type Decision = 'grant' | 'decline';

/** Grant or decline one waiting request, with a note the requester reads in its e-mail. */
export function DecisionModal({
  request,
  decision,
  onClose,
}: {
  request: OperatorRequest | null;
  decision: Decision;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setNote('');
    setError(null);
    onClose();
  };
  const mutation = useMutation({
    mutationFn: decideRequest,
    onSuccess: async ({ request: decided }) => {
      notifySuccess(
        t(`operator.decision.${decision}DoneTitle`),
        t(`operator.decision.${decision}DoneText`, { count: decided.credits, email: decided.requester_email }),
      );
      await queryClient.invalidateQueries({ queryKey: operatorKeys.all });
      close();
    },
    onError: (failure) => setError(apiErrorMessage(failure)),
  });
  const who = request ? `${request.account.nombre} ${request.account.apellido}`.trim() || request.account.email : '';
  return (
    <Modal opened={request !== null} onClose={close} title={t(`operator.decision.${decision}Title`)} centered>
      {request && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            mutation.mutate({ id: request.id, decision, note: note.trim() });
          }}
          noValidate
        >
          <Stack>
            <Text size="sm">{t(`operator.decision.${decision}Text`, { count: request.credits, name: who })}</Text>
            <Textarea
              label={t('operator.decision.note')}
              description={t('operator.decision.noteHint')}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              maxLength={500}
              autosize
              minRows={2}
              error={error}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" color={decision === 'grant' ? 'teal' : 'red'} loading={mutation.isPending}>
                {t(`operator.decision.${decision}`)}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

import { useState } from 'react';
import { Button, Group, Modal, Radio, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_GRANT } from '@medida/contracts';
import { DecimalInput } from '../../components/decimal-input.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { apiErrorMessage, notifySuccess } from '../../lib/notify.ts';
import { askForCredits, creditRequestsKey, fetchOwnCreditRequests } from './credit-requests-api.ts';
import { formatPrice } from './credit-request-texts.tsx';

const OTHER = 'other';
const NOTE_MAX = 500;

/** The packs (`20`, `50`, …) or "another number": the number of credits asked for, or a reason it is not one yet. */
function chosenCredits(choice: string | null, other: number | string): number | 'validation.required' | 'tooMany' {
  if (choice !== OTHER) return choice ? Number(choice) : 'validation.required';
  if (typeof other !== 'number' || !Number.isInteger(other) || other < 1) return 'validation.required';
  return other > MAX_GRANT ? 'tooMany' : other;
}

function AskCreditsForm({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: creditRequestsKey, queryFn: ({ signal }) => fetchOwnCreditRequests(signal) });
  const packs = query.data?.packs ?? [];
  const [choice, setChoice] = useState<string | null>(null);
  const [other, setOther] = useState<number | string>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: askForCredits,
    onSuccess: async ({ request }) => {
      notifySuccess(t('creditRequests.sentTitle'), t('creditRequests.sentText', { count: request.credits }));
      await queryClient.invalidateQueries({ queryKey: creditRequestsKey });
      onClose();
    },
    onError: (failure) =>
      setError(
        isApiError(failure)
          ? (failure.fieldErrors?.credits?.[0] ?? apiErrorMessage(failure))
          : apiErrorMessage(failure),
      ),
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const credits = chosenCredits(choice, other);
    if (credits === 'validation.required') return setError(t('creditRequests.chooseAmount'));
    if (credits === 'tooMany') return setError(t('creditRequests.tooMany', { max: MAX_GRANT }));
    mutation.mutate({ credits, ...(note.trim() ? { note: note.trim() } : {}) });
  };

  if (query.isPending) return <Skeleton h={220} />;
  if (query.isError) return <LoadError message={apiErrorMessage(query.error)} onRetry={() => void query.refetch()} />;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">{t('creditRequests.intro')}</Text>
        <Radio.Group
          label={t('creditRequests.amount')}
          value={choice}
          onChange={(value) => {
            setChoice(value);
            setError(null);
          }}
          error={choice === OTHER ? undefined : error}
          required
        >
          <Stack gap="xs" mt="xs">
            {packs.map((pack) => (
              <Radio
                key={pack.credits}
                value={String(pack.credits)}
                label={t('creditRequests.pack', {
                  count: pack.credits,
                  price: formatPrice(pack.price, pack.currency, i18n.language),
                })}
              />
            ))}
            <Radio value={OTHER} label={t('creditRequests.other')} />
          </Stack>
        </Radio.Group>
        {choice === OTHER && (
          <DecimalInput
            label={t('creditRequests.otherCredits')}
            description={t('creditRequests.otherHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            min={1}
            max={MAX_GRANT}
            allowDecimal={false}
            clampBehavior="none"
            value={other}
            onChange={(next) => {
              setOther(next);
              setError(null);
            }}
            error={error}
            required
            data-autofocus
          />
        )}
        <Textarea
          label={t('creditRequests.note')}
          description={t('creditRequests.noteHint')}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          maxLength={NOTE_MAX}
          autosize
          minRows={2}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {t('creditRequests.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Ask for credits" (issue 36): a pack at the team's price or another number, with a note for the team. */
export function AskCreditsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('creditRequests.title')} size="md" centered>
      {opened && <AskCreditsForm onClose={onClose} />}
    </Modal>
  );
}

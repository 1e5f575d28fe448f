import { useState } from 'react';
import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_CREDITS, type ManagedUser } from '@medida/contracts';
import { DecimalInput } from '../../components/decimal-input.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { apiErrorMessage, notifyError, notifySuccess } from '../../lib/notify.ts';
import {
  PersonModal,
  peopleModals,
  personName,
  useActingUser,
  useManagedUser,
  useModalOf,
  useRefreshPeople,
} from '../people/index.ts';
import { changeCredits } from './credits-api.ts';
import { creditsProblem } from './credits-rules.ts';
import { AskForCredits } from './credits-explanation.tsx';
import { useCreditsSummary } from './credits-summary.ts';

function Balance({ label, value, testId }: { label: string; value: number | undefined; testId: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton h={28} w={60} mt={4} />
      ) : (
        <Text fz={26} fw={700} data-testid={testId}>
          {value}
        </Text>
      )}
    </Paper>
  );
}

function CreditsForm({ user, parentBalance }: { user: ManagedUser; parentBalance: number | undefined }) {
  const { t } = useTranslation();
  const acting = useActingUser();
  const refresh = useRefreshPeople();
  const [value, setValue] = useState<number | string>(user.creditos);
  const [error, setError] = useState<string | null>(null);
  // Where the balance runs out, whom to ask for more (decision 186).
  const [outOfCredits, setOutOfCredits] = useState(false);
  const ask = useCreditsSummary(true, false).data?.ask;
  const target = typeof value === 'number' ? value : Number.NaN;
  const available = parentBalance ?? 0;

  const mutation = useMutation({
    mutationFn: (creditos: number) => changeCredits({ user_id: user.id_usuario, id_usuario: acting.id ?? 0, creditos }),
    onSuccess: async () => {
      notifySuccess(t('messages.okCreditsTitle'), t('messages.okCreditsText'));
      peopleModals.close();
      await refresh();
    },
    onError: (failure) => {
      notifyError(t('messages.errorMessage'));
      if (isApiError(failure) && failure.status !== 0)
        setError(failure.fieldErrors?.creditos?.[0] ?? apiErrorMessage(failure));
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    // Spec §5: the change is sent only if the value differs from the current one.
    if (target === user.creditos) return peopleModals.close();
    const problem = creditsProblem(target, user.creditos, available);
    setOutOfCredits(problem === 'credits.notEnough');
    if (problem) return setError(t(problem, { max: user.creditos + available }));
    mutation.mutate(target);
  };

  const after = Number.isFinite(target) ? available - (target - user.creditos) : available;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">{t('credits.explanation', { name: personName(user) })}</Text>
        <SimpleGrid cols={2}>
          <Balance label={t('credits.current')} value={user.creditos} testId="credits-current" />
          <Balance label={t('credits.parent')} value={parentBalance} testId="credits-parent" />
        </SimpleGrid>
        <DecimalInput
          label={t('credits.newBalance')}
          description={t('credits.after', { count: after })}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          min={0}
          max={Math.min(MAX_CREDITS, user.creditos + available)}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          value={value}
          onChange={(next) => {
            setValue(next);
            setError(null);
            setOutOfCredits(false);
          }}
          error={error}
          required
          data-autofocus
          data-testid="credits-input"
        />
        {outOfCredits && ask && <AskForCredits ask={ask} withRequests />}
        <Group justify="flex-end">
          <Button variant="default" onClick={peopleModals.close}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            loading={mutation.isPending}
            disabled={target === user.creditos}
            data-testid="credits-submit"
          >
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Credits modal (spec §6): the user's balance and the parent's; raising it takes from the parent. */
export function CreditsModal() {
  const { t } = useTranslation();
  const { opened, modal } = useModalOf('credits');
  const user = useManagedUser(modal?.userId ?? null);
  const acting = useActingUser();
  return (
    <PersonModal opened={opened} title={t('credits.title')} testId="credits-modal" size="md">
      {modal && user.data ? (
        <CreditsForm key={modal.userId} user={user.data} parentBalance={acting.creditos} />
      ) : (
        <Skeleton h={220} />
      )}
    </PersonModal>
  );
}

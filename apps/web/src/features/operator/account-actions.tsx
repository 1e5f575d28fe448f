import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconCoins, IconLock, IconLockOpen } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_GRANT, type OperatorAccount } from '@medida/contracts';
import { DecimalInput } from '../../components/decimal-input.tsx';
import { apiErrorMessage, notifySuccess } from '../../lib/notify.ts';
import { grantCredits, operatorKeys, setSuspended } from './operator-api.ts';

const nameOf = (account: OperatorAccount) => `${account.nombre} ${account.apellido}`.trim() || account.email;

/** A grant without a request: a whole number of credits and a note that says why (both required). */
function GrantModal({ account, opened, onClose }: { account: OperatorAccount; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [credits, setCredits] = useState<number | string>('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ credits?: string; note?: string }>({});
  const close = () => {
    setCredits('');
    setNote('');
    setErrors({});
    onClose();
  };
  const mutation = useMutation({
    mutationFn: grantCredits,
    onSuccess: async (_, sent) => {
      notifySuccess(t('operator.grant.doneTitle'), t('operator.grant.doneText', { count: sent.credits }));
      await queryClient.invalidateQueries({ queryKey: operatorKeys.all });
      close();
    },
    onError: (failure) => setErrors({ note: apiErrorMessage(failure) }),
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (typeof credits !== 'number' || !Number.isInteger(credits) || credits < 1 || credits > MAX_GRANT)
      next.credits = t('operator.grant.creditsError', { max: MAX_GRANT });
    if (!note.trim()) next.note = t('operator.grant.noteRequired');
    setErrors(next);
    if (Object.keys(next).length === 0 && typeof credits === 'number')
      mutation.mutate({ accountId: account.id, credits, note: note.trim() });
  };
  return (
    <Modal opened={opened} onClose={close} title={t('operator.grant.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">{t('operator.grant.intro', { name: nameOf(account), balance: account.creditos })}</Text>
          <DecimalInput
            label={t('operator.grant.credits')}
            min={1}
            max={MAX_GRANT}
            allowDecimal={false}
            clampBehavior="none"
            value={credits}
            onChange={setCredits}
            error={errors.credits}
            required
            data-autofocus
          />
          <Textarea
            label={t('operator.grant.note')}
            description={t('operator.grant.noteHint')}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
            error={errors.note}
            required
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="teal" loading={mutation.isPending}>
              {t('operator.grant.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Suspending (its users signed out and refused) or reactivating an account, after a confirmation. */
function SuspendModal({
  account,
  opened,
  onClose,
}: {
  account: OperatorAccount;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const suspend = account.suspended_at === null;
  const which = suspend ? 'suspend' : 'reactivate';
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: setSuspended,
    onSuccess: async () => {
      notifySuccess(t(`operator.${which}.doneTitle`), t(`operator.${which}.doneText`, { name: nameOf(account) }));
      await queryClient.invalidateQueries({ queryKey: operatorKeys.all });
      onClose();
    },
    onError: (failure) => setError(apiErrorMessage(failure)),
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t(`operator.${which}.title`)} centered>
      <Stack>
        <Text size="sm">{t(`operator.${which}.text`, { name: nameOf(account) })}</Text>
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            color={suspend ? 'red' : 'teal'}
            loading={mutation.isPending}
            onClick={() => mutation.mutate({ accountId: account.id, suspended: suspend })}
          >
            {t(`operator.${which}.confirm`)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The account page's actions: grant credits, suspend or reactivate. */
export function AccountActions({ account }: { account: OperatorAccount }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'grant' | 'suspend' | null>(null);
  const suspended = account.suspended_at !== null;
  return (
    <Group gap="xs">
      <Button leftSection={<IconCoins size={16} />} color="teal" onClick={() => setOpen('grant')}>
        {t('operator.grant.open')}
      </Button>
      <Button
        variant="light"
        color={suspended ? 'teal' : 'red'}
        leftSection={suspended ? <IconLockOpen size={16} /> : <IconLock size={16} />}
        onClick={() => setOpen('suspend')}
      >
        {t(suspended ? 'operator.reactivate.open' : 'operator.suspend.open')}
      </Button>
      <GrantModal account={account} opened={open === 'grant'} onClose={() => setOpen(null)} />
      <SuspendModal account={account} opened={open === 'suspend'} onClose={() => setOpen(null)} />
    </Group>
  );
}

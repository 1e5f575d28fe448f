import { useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Card, Group, Modal, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconFingerprint, IconKey, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Passkey } from '@medida/contracts/passkeys';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { PasswordField } from '../../components/password-field.tsx';
import { firstFieldErrors, isApiError } from '../../lib/api-error.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { passkeyErrorMessage } from '../../lib/passkey-error.ts';
import { addPasskey, deletePasskey, fetchPasskeys, passkeyKeys, renamePasskey } from './passkeys-api.ts';

type Dialog = { kind: 'add' } | { kind: 'rename'; passkey: Passkey } | { kind: 'delete'; passkey: Passkey } | null;

/**
 * The profile's Passkeys part (decision 209): the user's passkeys, each with its kind and dates, and the dialogs to
 * add one (a name, then the browser's own dialog), rename one, and delete one with the password again (R03).
 */
export function PasskeysPanel() {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const { data, isPending } = useQuery({ queryKey: passkeyKeys.all, queryFn: ({ signal }) => fetchPasskeys(signal) });
  const supported = browserSupportsWebAuthn();
  const passkeys = data?.passkeys ?? [];
  const close = () => setDialog(null);
  return (
    <Stack gap="sm" component="section" aria-labelledby="passkeys-title" data-testid="passkeys-panel">
      <Group gap="xs">
        <IconKey size={20} aria-hidden="true" />
        <Title order={3} size="h4" id="passkeys-title">
          {t('passkeys.title')}
        </Title>
      </Group>
      <Text size="sm" c="dimmed">
        {t('passkeys.intro')}
      </Text>
      {!isPending && passkeys.length === 0 && (
        <Text size="sm" data-testid="passkeys-empty">
          {t('passkeys.empty')}
        </Text>
      )}
      {passkeys.length > 0 && (
        <Stack
          gap="xs"
          component="ul"
          aria-label={t('passkeys.listLabel')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {passkeys.map((passkey) => (
            <PasskeyRow
              key={passkey.id}
              passkey={passkey}
              onRename={() => setDialog({ kind: 'rename', passkey })}
              onDelete={() => setDialog({ kind: 'delete', passkey })}
            />
          ))}
        </Stack>
      )}
      {supported ? (
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => setDialog({ kind: 'add' })}
            data-testid="passkey-add"
          >
            {t('passkeys.add')}
          </Button>
        </Group>
      ) : (
        <Alert color="gray" variant="light">
          {t('passkeys.unsupported')}
        </Alert>
      )}
      <AddPasskeyModal opened={dialog?.kind === 'add'} onClose={close} />
      <RenamePasskeyModal passkey={dialog?.kind === 'rename' ? dialog.passkey : null} onClose={close} />
      <DeletePasskeyModal passkey={dialog?.kind === 'delete' ? dialog.passkey : null} onClose={close} />
    </Stack>
  );
}

function PasskeyRow({ passkey, onRename, onDelete }: { passkey: Passkey; onRename: () => void; onDelete: () => void }) {
  const { t, i18n } = useTranslation();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <Card component="li" withBorder padding="sm" data-testid="passkey-row" aria-label={passkey.name}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group wrap="nowrap" gap="sm" style={{ minWidth: 0 }}>
          <ThemeIcon variant="light" size={36} radius="md" aria-hidden="true">
            <IconFingerprint size={20} />
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap={8}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="passkey-name">
                {passkey.name}
              </Text>
              <Badge variant="light" color={passkey.device_type === 'multiDevice' ? 'teal' : 'gray'}>
                {t(passkey.device_type === 'multiDevice' ? 'passkeys.synced' : 'passkeys.singleDevice')}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {t('passkeys.created', { date: when.format(new Date(passkey.created_at)) })} ·{' '}
              {passkey.last_used_at
                ? t('passkeys.lastUsed', { date: when.format(new Date(passkey.last_used_at)) })
                : t('passkeys.neverUsed')}
            </Text>
          </Stack>
        </Group>
        <Group gap="xs" role="group" aria-label={t('passkeys.actions', { name: passkey.name })}>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPencil size={14} />}
            onClick={onRename}
            data-testid="passkey-rename"
          >
            {t('passkeys.rename')}
          </Button>
          <Button
            variant="default"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} />}
            onClick={onDelete}
            data-testid="passkey-delete"
          >
            {t('passkeys.delete')}
          </Button>
        </Group>
      </Group>
    </Card>
  );
}

/** The name field's rules, as the server's (1 to 60 characters once trimmed). */
function useNameForm(initial: string) {
  const { t } = useTranslation();
  return useForm({
    mode: 'controlled',
    initialValues: { name: initial },
    validate: {
      name: (v) =>
        v.trim() === '' ? t('validation.required') : v.trim().length > 60 ? t('passkeys.nameTooLong') : null,
    },
  });
}

/** A failed call: the field's own error on the form, anything else as the alert's text. */
function useFailure(setErrors: (errors: Record<string, string>) => void) {
  const [message, setMessage] = useState<string | null>(null);
  const onError = (error: unknown) => {
    const fields = isApiError(error) ? firstFieldErrors(error.fieldErrors) : {};
    if (fields.name || fields.password) setErrors(fields);
    else setMessage(passkeyErrorMessage(error));
  };
  return { message, setMessage, onError };
}

function DialogShell({
  opened,
  onClose,
  title,
  testId,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      zIndex={300}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      attributes={{ content: { 'data-testid': testId } }}
    >
      {children}
    </Modal>
  );
}

function FormButtons({
  onCancel,
  submit,
  loading,
  danger,
}: {
  onCancel: () => void;
  submit: string;
  loading: boolean;
  danger?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" color={danger ? 'red' : undefined} loading={loading} data-testid="passkey-dialog-submit">
        {submit}
      </Button>
    </Group>
  );
}

function AddPasskeyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useNameForm('');
  const failure = useFailure(form.setErrors);
  const close = () => {
    form.reset();
    failure.setMessage(null);
    onClose();
  };
  const mutation = useMutation({
    mutationFn: (name: string) => addPasskey(name),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: passkeyKeys.all });
      notifySuccess(t('passkeys.title'), t('passkeys.added'));
      close();
    },
    onError: failure.onError,
  });
  return (
    <DialogShell opened={opened} onClose={close} title={t('passkeys.addTitle')} testId="passkey-add-modal">
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          failure.setMessage(null);
          mutation.mutate(values.name.trim());
        })}
      >
        <Stack>
          <Text size="sm">{t('passkeys.addIntro')}</Text>
          {failure.message && (
            <Alert color="red" variant="light" role="alert" data-testid="passkey-error">
              {failure.message}
            </Alert>
          )}
          <TextInput
            label={t('passkeys.nameLabel')}
            description={t('passkeys.nameHint')}
            maxLength={60}
            required
            data-autofocus
            data-testid="passkey-name-input"
            {...form.getInputProps('name')}
          />
          <FormButtons onCancel={close} submit={t('passkeys.continue')} loading={mutation.isPending} />
        </Stack>
      </form>
    </DialogShell>
  );
}

/** A new form for each passkey opened: its name is the starting value. */
function RenamePasskeyModal({ passkey, onClose }: { passkey: Passkey | null; onClose: () => void }) {
  return passkey ? <RenameForm key={passkey.id} passkey={passkey} onClose={onClose} /> : null;
}

function RenameForm({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useNameForm(passkey.name);
  const failure = useFailure(form.setErrors);
  const mutation = useMutation({
    mutationFn: (name: string) => renamePasskey(passkey.id, name),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: passkeyKeys.all });
      notifySuccess(t('passkeys.title'), t('passkeys.renamed'));
      onClose();
    },
    onError: failure.onError,
  });
  return (
    <DialogShell opened onClose={onClose} title={t('passkeys.renameTitle')} testId="passkey-rename-modal">
      <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values.name.trim()))}>
        <Stack>
          {failure.message && (
            <Alert color="red" variant="light" role="alert" data-testid="passkey-error">
              {failure.message}
            </Alert>
          )}
          <TextInput
            label={t('passkeys.nameLabel')}
            maxLength={60}
            required
            data-autofocus
            data-testid="passkey-name-input"
            {...form.getInputProps('name')}
          />
          <FormButtons onCancel={onClose} submit={t('common.save')} loading={mutation.isPending} />
        </Stack>
      </form>
    </DialogShell>
  );
}

function DeletePasskeyModal({ passkey, onClose }: { passkey: Passkey | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '' },
    validate: { password: (v) => (v === '' ? t('validation.required') : null) },
  });
  const failure = useFailure(form.setErrors);
  const close = () => {
    form.reset();
    failure.setMessage(null);
    onClose();
  };
  const mutation = useMutation({
    mutationFn: (password: string) => deletePasskey(passkey!.id, password),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: passkeyKeys.all });
      notifySuccess(t('passkeys.title'), t('passkeys.deleted'));
      close();
    },
    onError: failure.onError,
  });
  return (
    <DialogShell
      opened={passkey !== null}
      onClose={close}
      title={t('passkeys.deleteTitle')}
      testId="passkey-delete-modal"
    >
      <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values.password))}>
        <Stack>
          <Text size="sm">{t('passkeys.deleteIntro', { name: passkey?.name ?? '' })}</Text>
          {failure.message && (
            <Alert color="red" variant="light" role="alert" data-testid="passkey-error">
              {failure.message}
            </Alert>
          )}
          <PasswordField
            label={t('passkeys.passwordLabel')}
            autoComplete="current-password"
            data-autofocus
            data-testid="passkey-password"
            {...form.getInputProps('password')}
          />
          <FormButtons onCancel={close} submit={t('passkeys.delete')} loading={mutation.isPending} danger />
        </Stack>
      </form>
    </DialogShell>
  );
}

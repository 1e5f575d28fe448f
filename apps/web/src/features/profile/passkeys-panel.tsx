import { useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Card, Group, Modal, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { IconFingerprint, IconKey, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Passkey } from '@medida/contracts/passkeys';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { dateTimeFormat } from '@medida/domain';
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
  const when = dateTimeFormat(i18n.language, { dateStyle: 'medium' });
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

/**
 * One dialog of the panel: its form, a failure above the fields (a field's own error on the field), Cancel and the
 * submit button. Success refreshes the list, shows `done` as a toast and closes.
 */
function PasskeyDialog<V extends Record<string, string>>({
  opened,
  onClose,
  title,
  testId,
  intro,
  form,
  run,
  done,
  submit,
  danger,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  testId: string;
  intro?: string;
  form: UseFormReturnType<V>;
  run: (values: V) => Promise<unknown>;
  done: string;
  submit: string;
  danger?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const close = () => {
    form.reset();
    setMessage(null);
    onClose();
  };
  const mutation = useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: passkeyKeys.all });
      notifySuccess(t('passkeys.title'), done);
      close();
    },
    onError: (error) => {
      const fields = isApiError(error) ? firstFieldErrors(error.fieldErrors) : {};
      if (Object.keys(form.values).some((name) => fields[name])) form.setErrors(fields);
      else setMessage(passkeyErrorMessage(error));
    },
  });
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      zIndex={300}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      attributes={{ content: { 'data-testid': testId } }}
    >
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setMessage(null);
          mutation.mutate(values);
        })}
      >
        <Stack>
          {intro && <Text size="sm">{intro}</Text>}
          {message && (
            <Alert color="red" variant="light" role="alert" data-testid="passkey-error">
              {message}
            </Alert>
          )}
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              color={danger ? 'red' : undefined}
              loading={mutation.isPending}
              data-testid="passkey-dialog-submit"
            >
              {submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function AddPasskeyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useNameForm('');
  return (
    <PasskeyDialog
      opened={opened}
      onClose={onClose}
      title={t('passkeys.addTitle')}
      testId="passkey-add-modal"
      intro={t('passkeys.addIntro')}
      form={form}
      run={(values) => addPasskey(values.name.trim())}
      done={t('passkeys.added')}
      submit={t('passkeys.continue')}
    >
      <NameInput form={form} description={t('passkeys.nameHint')} />
    </PasskeyDialog>
  );
}

/** The passkey's name (1 to 60 characters). */
function NameInput({ form, description }: { form: ReturnType<typeof useNameForm>; description?: string }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('passkeys.nameLabel')}
      description={description}
      maxLength={60}
      required
      data-autofocus
      data-testid="passkey-name-input"
      {...form.getInputProps('name')}
    />
  );
}

/** A new form for each passkey opened: its name is the starting value. */
function RenamePasskeyModal({ passkey, onClose }: { passkey: Passkey | null; onClose: () => void }) {
  return passkey ? <RenameForm key={passkey.id} passkey={passkey} onClose={onClose} /> : null;
}

function RenameForm({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useNameForm(passkey.name);
  return (
    <PasskeyDialog
      opened
      onClose={onClose}
      title={t('passkeys.renameTitle')}
      testId="passkey-rename-modal"
      form={form}
      run={(values) => renamePasskey(passkey.id, values.name.trim())}
      done={t('passkeys.renamed')}
      submit={t('common.save')}
    >
      <NameInput form={form} />
    </PasskeyDialog>
  );
}

function DeletePasskeyModal({ passkey, onClose }: { passkey: Passkey | null; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '' },
    validate: { password: (v) => (v === '' ? t('validation.required') : null) },
  });
  return (
    <PasskeyDialog
      opened={passkey !== null}
      onClose={onClose}
      title={t('passkeys.deleteTitle')}
      testId="passkey-delete-modal"
      intro={t('passkeys.deleteIntro', { name: passkey?.name ?? '' })}
      form={form}
      run={(values) => deletePasskey(passkey!.id, values.password)}
      done={t('passkeys.deleted')}
      submit={t('passkeys.delete')}
      danger
    >
      <PasswordField
        label={t('passkeys.passwordLabel')}
        autoComplete="current-password"
        data-autofocus
        data-testid="passkey-password"
        {...form.getInputProps('password')}
      />
    </PasskeyDialog>
  );
}

import { useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  List,
  Modal,
  Stack,
  Text,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCopy, IconDownload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TotpSetup } from '@medida/contracts';
import { PasswordField } from '../../components/password-field.tsx';
import { firstFieldErrors, isApiError } from '../../lib/api-error.ts';
import { apiErrorMessage, notifySuccess } from '../../lib/notify.ts';
import { sessionKeys } from '../../lib/session.ts';
import { confirmTotp, disableTotp, renewRecoveryCodes, secondFactorKeys, startTotpSetup } from './second-factor-api.ts';

const CODE_PATTERN = /^\d{3}\s?\d{3}$/;

/** A failed call: each field's error on the form, anything else as the alert's text. */
function useFailure(setErrors: (errors: Record<string, string>) => void) {
  const [message, setMessage] = useState<string | null>(null);
  const onError = (error: unknown) => {
    const fields = isApiError(error) ? firstFieldErrors(error.fieldErrors) : {};
    if (Object.keys(fields).length > 0) setErrors(fields);
    else setMessage(apiErrorMessage(error));
  };
  return { message, setMessage, onError };
}

/** The authenticator app's 6 digits. */
function CodeField(props: TextInputProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('secondFactor.codeLabel')}
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={7}
      required
      data-testid="totp-code"
      {...props}
    />
  );
}

function ErrorAlert({ message }: { message: string | null }) {
  return message ? (
    <Alert color="red" variant="light" role="alert" data-testid="totp-error">
      {message}
    </Alert>
  ) : null;
}

function Dialog(props: { opened: boolean; onClose: () => void; title: string; testId: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      zIndex={300}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      attributes={{ content: { 'data-testid': props.testId } }}
    >
      {props.children}
    </Modal>
  );
}

/** The ten recovery codes, shown once: copy them or download them as a text file, then say they are kept. */
function RecoveryCodesView({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(
      new Blob([`${t('secondFactor.codesFileHeader')}\n\n${text}\n`], { type: 'text/plain' }),
    );
    const link = document.createElement('a');
    link.href = url;
    link.download = 'medida-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack data-testid="recovery-codes">
      <Alert color="yellow" variant="light">
        {t('secondFactor.codesIntro')}
      </Alert>
      <List
        spacing={4}
        listStyleType="none"
        styles={{ root: { columns: 2, fontFamily: 'var(--mantine-font-family-monospace)' } }}
        aria-label={t('secondFactor.codesLabel')}
      >
        {codes.map((code) => (
          <List.Item key={code} data-testid="recovery-code">
            {code}
          </List.Item>
        ))}
      </List>
      <Group>
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="default" leftSection={<IconCopy size={16} />} onClick={copy}>
              {copied ? t('secondFactor.copied') : t('secondFactor.copy')}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={download}>
          {t('secondFactor.download')}
        </Button>
      </Group>
      <Group justify="flex-end">
        <Button onClick={onDone} data-testid="recovery-codes-done">
          {t('secondFactor.codesDone')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Setting up an authenticator app (decision 207): the password again, then the QR code and the key to type by hand
 * with a field for the app's first code, then the recovery codes. Used by the profile's dialog and by the enrolment
 * an account may require (decision 208).
 */
export function TotpSetupFlow({ onCancel, onDone }: { onCancel?: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { current_password: '', code: '' },
    validate: {
      current_password: (v) => (setup === null && v === '' ? t('validation.required') : null),
      code: (v) => (setup !== null && !CODE_PATTERN.test(v.trim()) ? t('auth.secondStep.codeInvalid') : null),
    },
  });
  const failure = useFailure(form.setErrors);
  const start = useMutation({ mutationFn: startTotpSetup, onSuccess: setSetup, onError: failure.onError });
  const confirm = useMutation({
    mutationFn: confirmTotp,
    onSuccess: async ({ recovery_codes }) => {
      setCodes(recovery_codes);
      await queryClient.invalidateQueries({ queryKey: secondFactorKeys.all });
      notifySuccess(t('secondFactor.title'), t('secondFactor.enabled'));
    },
    onError: failure.onError,
  });
  const finish = () => {
    void queryClient.invalidateQueries({ queryKey: sessionKeys.users() });
    onDone();
  };

  if (codes) return <RecoveryCodesView codes={codes} onDone={finish} />;
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        failure.setMessage(null);
        if (setup) confirm.mutate(values.code.replace(/\s/g, ''));
        else start.mutate(values.current_password);
      })}
    >
      <Stack>
        <ErrorAlert message={failure.message} />
        {setup === null ? (
          <>
            <Text size="sm">{t('secondFactor.setupIntro')}</Text>
            <PasswordField
              label={t('secondFactor.currentPassword')}
              autoComplete="current-password"
              required
              data-autofocus
              data-testid="totp-password"
              {...form.getInputProps('current_password')}
            />
          </>
        ) : (
          <>
            <Text size="sm">{t('secondFactor.scan')}</Text>
            <Image src={setup.qr_svg} alt={t('secondFactor.qrAlt')} w={200} h={200} mx="auto" data-testid="totp-qr" />
            <Stack gap={4}>
              <Text size="sm">{t('secondFactor.manual')}</Text>
              <Group gap="xs" wrap="nowrap">
                <Code data-testid="totp-manual-key" style={{ wordBreak: 'break-all' }}>
                  {setup.manual_key.replace(/(.{4})/g, '$1 ').trim()}
                </Code>
                <CopyButton value={setup.manual_key}>
                  {({ copied, copy }) => (
                    <Button size="xs" variant="default" onClick={copy}>
                      {copied ? t('secondFactor.copied') : t('secondFactor.copy')}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </Stack>
            <CodeField {...form.getInputProps('code')} />
          </>
        )}
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          )}
          <Button type="submit" loading={start.isPending || confirm.isPending} data-testid="totp-submit">
            {setup ? t('secondFactor.confirm') : t('secondFactor.continue')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function TotpSetupModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog opened={opened} onClose={onClose} title={t('secondFactor.setupTitle')} testId="totp-setup-modal">
      {opened && <TotpSetupFlow onCancel={onClose} onDone={onClose} />}
    </Dialog>
  );
}

/** Turning the authenticator off, or new recovery codes: the password and a current code (R03). */
export function TotpReauthModal({ kind, onClose }: { kind: 'disable' | 'codes' | null; onClose: () => void }) {
  const { t } = useTranslation();
  const title = kind === 'disable' ? t('secondFactor.disableTitle') : t('secondFactor.renewTitle');
  return (
    <Dialog opened={kind !== null} onClose={onClose} title={title} testId="totp-reauth-modal">
      {kind && <ReauthForm key={kind} kind={kind} onClose={onClose} />}
    </Dialog>
  );
}

function ReauthForm({ kind, onClose }: { kind: 'disable' | 'codes'; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [codes, setCodes] = useState<string[] | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { current_password: '', code: '' },
    validate: {
      current_password: (v) => (v === '' ? t('validation.required') : null),
      code: (v) => (CODE_PATTERN.test(v.trim()) ? null : t('auth.secondStep.codeInvalid')),
    },
  });
  const failure = useFailure(form.setErrors);
  const mutation = useMutation({
    mutationFn: async (body: { current_password: string; code: string }) =>
      kind === 'disable' ? (await disableTotp(body), null) : (await renewRecoveryCodes(body)).recovery_codes,
    onSuccess: async (fresh) => {
      await queryClient.invalidateQueries({ queryKey: secondFactorKeys.all });
      if (fresh) setCodes(fresh);
      else {
        notifySuccess(t('secondFactor.title'), t('secondFactor.disabled'));
        onClose();
      }
    },
    onError: failure.onError,
  });
  if (codes) return <RecoveryCodesView codes={codes} onDone={onClose} />;
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        failure.setMessage(null);
        mutation.mutate({ current_password: values.current_password, code: values.code.replace(/\s/g, '') });
      })}
    >
      <Stack>
        <Text size="sm">{kind === 'disable' ? t('secondFactor.disableIntro') : t('secondFactor.renewIntro')}</Text>
        <ErrorAlert message={failure.message} />
        <PasswordField
          label={t('secondFactor.currentPassword')}
          autoComplete="current-password"
          required
          data-autofocus
          data-testid="totp-password"
          {...form.getInputProps('current_password')}
        />
        <CodeField {...form.getInputProps('code')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            color={kind === 'disable' ? 'red' : undefined}
            loading={mutation.isPending}
            data-testid="totp-submit"
          >
            {kind === 'disable' ? t('secondFactor.disable') : t('secondFactor.renew')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

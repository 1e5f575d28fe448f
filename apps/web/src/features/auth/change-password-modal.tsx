import { Button, Modal, Stack, Text } from '@mantine/core';
import { PasswordField } from '../../components/password-field.tsx';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { firstFieldErrors, isApiError } from '../../lib/api-error.ts';
import { apiErrorMessage, notifyApiError, notifySuccess } from '../../lib/notify.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { changePassword } from './auth-api.ts';
import { NewPasswordFields, newPasswordValidation } from './new-password-fields.tsx';
import { sessionKeys, useSessionUser } from '../../lib/session.ts';

interface ChangePasswordModalProps {
  opened: boolean;
  /** cambia_pass = 1: no close button, no Escape, no outside click until the password is changed. */
  forced: boolean;
  onClose: () => void;
}

interface Values {
  current_password: string;
  password: string;
  confirmation: string;
}

export function ChangePasswordModal({ opened, forced, onClose }: ChangePasswordModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = useSessionUser().data;
  const form = useForm<Values>({
    initialValues: { current_password: '', password: '', confirmation: '' },
    validate: {
      // The forced change does not ask again for the temporary password this session was opened with.
      current_password: (value) => (forced || value ? null : t('validation.required')),
      ...newPasswordValidation(t),
    },
  });

  const close = () => {
    form.reset(); // spec §4: modals reset their fields on close
    onClose();
  };

  const mutation = useMutation({
    mutationFn: (values: Values) =>
      changePassword({
        id_usuario: user?.id ?? 0,
        current_password: forced ? undefined : values.current_password,
        password: values.password,
      }),
    onSuccess: async () => {
      notifySuccess(t('messages.okChangePassTitle'), t('messages.okChangePassText'));
      // The server has cleared cambia_pass; reload the session user so the forced modal lets go.
      await queryClient.invalidateQueries({ queryKey: sessionKeys.users() });
      close();
    },
    onError: (error) => {
      if (!isApiError(error)) return notifyApiError(error);
      if (error.status === 401 && error.code === 'unauthenticated') {
        sessionStore.signOut();
        queryClient.clear();
        return;
      }
      if (error.fieldErrors) return form.setErrors(firstFieldErrors(error.fieldErrors));
      if (error.status === 400 || error.status === 403 || error.code === 'invalid_credentials') {
        return form.setFieldError('current_password', apiErrorMessage(error));
      }
      notifyApiError(error);
    },
  });

  return (
    <Modal
      opened={opened}
      onClose={forced ? () => undefined : close}
      withCloseButton={!forced}
      closeOnEscape={!forced}
      closeOnClickOutside={!forced}
      title={t('changePassword.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      attributes={{ content: { 'data-testid': 'change-password-modal' } }}
    >
      <form onSubmit={form.onSubmit((values) => mutation.mutate(values))} noValidate>
        <Stack>
          {forced && <Text size="sm">{t('changePassword.forcedExplanation')}</Text>}
          {!forced && (
            <PasswordField
              label={t('changePassword.current')}
              autoComplete="current-password"
              required
              data-autofocus
              data-testid="change-password-current"
              {...form.getInputProps('current_password')}
            />
          )}
          <NewPasswordFields form={form} testId="change-password" />
          <Button type="submit" loading={mutation.isPending} data-testid="change-password-submit">
            {t('changePassword.submit')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}

import {} from '@mantine/core';
import { PasswordField } from '../../components/password-field.tsx';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { confirmationError, newPasswordError } from './password-rules.ts';

interface NewPasswordValues {
  password: string;
  confirmation: string;
}

/** useForm `validate` entries for a new password and its confirmation (register, reset, change). */
export function newPasswordValidation(t: TFunction) {
  return {
    password: (value: string) => {
      const key = newPasswordError(value);
      return key ? t(key) : null;
    },
    confirmation: (value: string, values: NewPasswordValues) => {
      const key = confirmationError(values.password, value);
      return key ? t(key) : null;
    },
  };
}

interface NewPasswordFieldsProps {
  form: { getInputProps: (path: keyof NewPasswordValues) => GetInputPropsReturnType };
  /** Prefix of the inputs' test ids: `<testId>-new`, `<testId>-confirm`. */
  testId: string;
}

/** The new password (with the policy hint) and its confirmation, as the reset page and the change-password modal ask them. */
export function NewPasswordFields({ form, testId }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={t('changePassword.new')}
        description={t('auth.passwordHint')}
        autoComplete="new-password"
        required
        data-testid={`${testId}-new`}
        {...form.getInputProps('password')}
      />
      <PasswordField
        label={t('changePassword.confirm')}
        autoComplete="new-password"
        required
        data-testid={`${testId}-confirm`}
        {...form.getInputProps('confirmation')}
      />
    </>
  );
}

import { useEffect, useMemo } from 'react';
import { Anchor, Button, Checkbox, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { MemoSelect } from '../../components/memo-select.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { useMutation } from '@tanstack/react-query';
import { dayjs } from '../../lib/dates-locale.ts';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ESPECIALIDADES, emailSchema, type CreaCuentaBody, type RegistrationVariant } from '@medida/contracts';
import { firstFieldErrors, isApiError } from '../../lib/api-error.ts';
import { ESPECIALIDAD_KEYS } from '../../lib/especialidades.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { countryFromNavigator } from '../../lib/language.ts';
import { apiErrorMessage, notifyApiError, notifyError } from '../../lib/notify.ts';
import { countryOptions as localizedCountryOptions, useCountries } from '../../lib/countries.ts';
import { register } from './auth-api.ts';
import { checkBirthDate } from '../../lib/birth-date.ts';
import { labelledField } from '../../lib/form-field.ts';
import { BirthDateInput, SexoSelect } from '../../components/person-inputs.tsx';
import { newPasswordValidation } from './new-password-fields.tsx';
import { paths } from '../../config/paths.ts';

interface Values {
  nombre: string;
  apellido: string;
  email: string;
  password: string;
  confirmation: string;
  nacimiento: string | null;
  sexo: string | null;
  telefono: string;
  pais_id: string | null;
  especialidad: string | null;
  terms_accepted: boolean;
}

const required = (message: string) => (value: unknown) =>
  (typeof value === 'string' ? value.trim() : value) ? null : message;

/** What the page shows after sending: the server's "check your inbox" and, in development, the outbox. */
export interface Registered {
  message: string;
  outbox?: string | undefined;
}

export function RegisterForm({
  variant,
  onRegistered,
}: {
  variant: RegistrationVariant;
  onRegistered: (result: Registered) => void;
}) {
  const { t, i18n } = useTranslation();
  const countries = useCountries();
  const today = dayjs().format('YYYY-MM-DD');

  const form = useForm<Values>({
    initialValues: {
      nombre: '',
      apellido: '',
      email: '',
      password: '',
      confirmation: '',
      nacimiento: null,
      sexo: null,
      telefono: '',
      pais_id: null,
      especialidad: variant.especialidad,
      terms_accepted: false,
    },
    validate: {
      nombre: required(t('validation.required')),
      apellido: required(t('validation.required')),
      email: (value) => (emailSchema.safeParse(value).success ? null : t('validation.email')),
      ...newPasswordValidation(t),
      nacimiento: (value) => {
        const check = checkBirthDate(value, today);
        if (check === 'missing') return t('validation.required');
        if (check === 'tooYoung') return t('messages.minAge13');
        if (check === 'tooOld') return t('validation.birthDateRange');
        return null;
      },
      sexo: required(t('validation.required')),
      terms_accepted: (value) => (value ? null : t('validation.termsRequired')),
    },
  });

  // Preselect the variant's country, else the browser locale's (es-CL → Chile), once the list has
  // arrived and only if the visitor has not chosen one.
  const presetCountry = useMemo(() => {
    const iso2 = variant.countryIso2 ?? countryFromNavigator(navigator.languages ?? [navigator.language]);
    return iso2 ? countries.data?.countries.find((c) => c.iso2.toUpperCase() === iso2)?.id : undefined;
  }, [countries.data, variant.countryIso2]);
  const { setFieldValue, getValues } = form;
  useEffect(() => {
    if (presetCountry !== undefined && getValues().pais_id === null) setFieldValue('pais_id', String(presetCountry));
  }, [presetCountry, setFieldValue, getValues]);

  const mutation = useMutation({
    mutationFn: register,
    // The same answer for a new and a taken e-mail (decision 017): the mailed link signs in.
    onSuccess: onRegistered,
    onError: (error) => {
      if (!isApiError(error)) return notifyApiError(error);
      if (error.fieldErrors) {
        const errors = firstFieldErrors(error.fieldErrors);
        form.setErrors(errors);
        // Fields the form does not show (lang, variant) still deserve a message.
        const hidden = Object.keys(errors).filter((field) => !(field in form.getValues()));
        if (hidden.length > 0) notifyError(hidden.map((field) => errors[field]).join(' '));
        return;
      }
      if (error.code === 'conflict') return form.setFieldError('email', apiErrorMessage(error));
      notifyError(apiErrorMessage(error));
    },
  });

  const submit = (values: Values) => {
    const body: CreaCuentaBody = {
      nombre: values.nombre.trim(),
      apellido: values.apellido.trim(),
      email: values.email.trim(),
      password: values.password,
      nacimiento: values.nacimiento ?? '',
      sexo: values.sexo as CreaCuentaBody['sexo'],
      telefono: values.telefono.trim() || undefined,
      pais_id: values.pais_id ? Number(values.pais_id) : undefined,
      especialidad: values.especialidad ?? undefined,
      lang: currentLanguage(),
      variant: variant.slug,
      terms_accepted: true,
    };
    if (checkBirthDate(values.nacimiento, today) !== 'confirmThirteen') return mutation.mutate(body);
    // Spec §5: at exactly 13 the user confirms the birth date before the form is sent.
    modals.openConfirmModal({
      title: t('auth.register.confirmAgeTitle'),
      children: <Text size="sm">{t('messages.ageConfirm13')}</Text>,
      labels: { confirm: t('common.confirm'), cancel: t('common.cancel') },
      confirmProps: { 'data-testid': 'confirm-age' } as Record<string, string>,
      onConfirm: () => mutation.mutate(body),
    });
  };

  const countryOptions = localizedCountryOptions(countries.data?.countries ?? [], i18n.language);
  const especialidadOptions = ESPECIALIDADES.map((value) => ({
    value,
    label: t(`especialidades.${ESPECIALIDAD_KEYS[value]}`),
  }));
  const field = labelledField(form, 'register', t);

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate data-testid="register-form">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...field('nombre')} autoComplete="given-name" required />
          <TextInput {...field('apellido')} autoComplete="family-name" required />
        </SimpleGrid>
        <TextInput {...field('email')} type="email" autoComplete="email" required />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <PasswordField
            {...field('password')}
            description={t('auth.passwordHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            autoComplete="new-password"
            required
          />
          <PasswordField {...field('confirmation', 'passwordConfirmation')} autoComplete="new-password" required />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <BirthDateInput {...field('nacimiento')} clearable />
          <SexoSelect {...field('sexo')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <MemoSelect
            label={t('fields.pais')}
            data={countryOptions}
            searchable
            clearable
            nothingFoundMessage={t('common.nothingFound')}
            placeholder={countries.isLoading ? t('common.loading') : undefined}
            data-testid="register-pais"
            {...form.getInputProps('pais_id')}
          />
          <TextInput
            label={t('fields.telefonoOptional')}
            type="tel"
            autoComplete="tel"
            data-testid="register-telefono"
            {...form.getInputProps('telefono')}
          />
        </SimpleGrid>
        <Select
          label={t('fields.especialidad')}
          data={especialidadOptions}
          searchable
          clearable
          nothingFoundMessage={t('common.nothingFound')}
          data-testid="register-especialidad"
          {...form.getInputProps('especialidad')}
        />
        <Checkbox
          label={
            <Trans
              i18nKey="auth.register.terms"
              components={{
                policy: <Anchor component={Link} to={paths.politicas} target="_blank" rel="noopener" inherit />,
              }}
            />
          }
          data-testid="register-terms"
          {...form.getInputProps('terms_accepted', { type: 'checkbox' })}
        />
        <Button type="submit" size="md" loading={mutation.isPending} data-testid="register-submit">
          {t('auth.register.submit')}
        </Button>
        <Group justify="center" gap={6}>
          <Text size="sm">{t('auth.register.haveAccount')}</Text>
          <Anchor component={Link} to={paths.login} size="sm">
            {t('auth.register.login')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}

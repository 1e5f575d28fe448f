import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { BirthDateInput, SexoSelect } from '../../components/person-inputs.tsx';
import { labelledField } from '../../lib/form-field.ts';
import { LocationFields } from './location-fields.tsx';
import type { PersonFormValues } from './person-form.ts';

/** The personal fields clients and network professionals share (spec §3), all required (spec §5). */
export function PersonFields({
  form,
  emailReadOnly = false,
}: {
  form: UseFormReturnType<PersonFormValues>;
  /** The profile: one's own e-mail changes through its own confirmation flow, not here. */
  emailReadOnly?: boolean;
}) {
  const { t } = useTranslation();
  const field = labelledField(form, 'person', t);

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput {...field('nombre')} required data-autofocus />
        <TextInput {...field('apellido')} required />
        <TextInput {...field('email')} type="email" required={!emailReadOnly} readOnly={emailReadOnly} />
        <TextInput {...field('telefono')} type="tel" required />
        <BirthDateInput {...field('nacimiento')} />
        <SexoSelect {...field('sexo')} />
        <TextInput
          {...field('rut')}
          description={t('people.form.rutHint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          placeholder="11111111K"
          required
          autoComplete="off"
        />
        <TextInput {...field('direccion')} required autoComplete="street-address" />
      </SimpleGrid>
      <LocationFields form={form} />
    </Stack>
  );
}

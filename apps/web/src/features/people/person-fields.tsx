import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { nationalIdKind, type NationalIdKind } from '@medida/contracts';
import { useTranslation } from 'react-i18next';
import { useCountries } from '../../lib/countries.ts';
import { BirthDateInput, SexoSelect } from '../../components/person-inputs.tsx';
import { labelledField } from '../../lib/form-field.ts';
import { LocationFields } from './location-fields.tsx';
import type { PersonFormValues } from './person-form.ts';

/** The shape of each country's id, as an example (issue 15: RUT and CPF as people write them). */
const NATIONAL_ID_PLACEHOLDER: Record<NationalIdKind, string> = {
  rut: '11.111.111-1',
  cpf: '123.456.789-09',
  other: '',
};

/** Which national id the chosen country asks for. */
function useNationalIdKind(paisId: string | null): NationalIdKind {
  const countries = useCountries();
  return nationalIdKind(countries.data?.countries.find((c) => String(c.id) === paisId)?.iso2);
}

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
  const idKind = useNationalIdKind(form.getValues().pais_id);

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
          label={t(`people.form.nationalId.${idKind}.label`)}
          description={t(`people.form.nationalId.${idKind}.hint`)}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          placeholder={NATIONAL_ID_PLACEHOLDER[idKind]}
          required
          autoComplete="off"
        />
        <TextInput {...field('direccion')} required autoComplete="street-address" />
      </SimpleGrid>
      <LocationFields form={form} />
    </Stack>
  );
}

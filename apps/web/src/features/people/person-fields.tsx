import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { isPersonFieldRequired, nationalIdKind, type NationalIdKind, type PersonField } from '@medida/contracts';
import { useTranslation } from 'react-i18next';
import { useCountries } from '../../lib/countries.ts';
import { BirthDateInput, SexoSelect } from '../../components/person-inputs.tsx';
import { labelledField } from '../../lib/form-field.ts';
import { LocationFields } from './location-fields.tsx';
import { OwnerOnlyEmailField, type EmailOwner } from './owner-only-email.tsx';
import type { PersonFormValues, PersonKind } from './person-form.ts';

/** The shape of each country's id, as an example (issue 15: RUT and CPF as people write them). */
const NATIONAL_ID_PLACEHOLDER: Record<NationalIdKind, string> = {
  rut: '11.111.111-1',
  cpf: '123.456.789-09',
  other: '',
};

/** The chosen country's ISO code, which decides the national id and what is required (decision 185). */
function useCountryIso2(paisId: string | null): string | undefined {
  const countries = useCountries();
  return countries.data?.countries.find((c) => String(c.id) === paisId)?.iso2;
}

/**
 * The personal fields clients, network professionals and one's own profile share (spec §3), marked
 * required by the same rule the server applies (isPersonFieldRequired: the record's kind and country).
 */
export function PersonFields({
  form,
  kind = 'client',
  emailReadOnly = false,
  emailOwner,
}: {
  form: UseFormReturnType<PersonFormValues>;
  kind?: PersonKind;
  /** The profile: one's own e-mail changes through its own confirmation flow, not here. */
  emailReadOnly?: boolean;
  /** A managed person who chose its own password: only it changes its e-mail; here one may ask it to (decision 202). */
  emailOwner?: EmailOwner | undefined;
}) {
  const { t } = useTranslation();
  const field = labelledField(form, 'person', t);
  const iso2 = useCountryIso2(form.getValues().pais_id);
  const idKind: NationalIdKind = nationalIdKind(iso2);
  const required = (name: PersonField) => isPersonFieldRequired(name, kind, iso2);

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput {...field('nombre')} required data-autofocus />
        <TextInput {...field('apellido')} required />
        {emailOwner ? (
          <OwnerOnlyEmailField {...field('email')} owner={emailOwner} />
        ) : (
          <TextInput {...field('email')} type="email" required={!emailReadOnly} readOnly={emailReadOnly} />
        )}
        <TextInput {...field('telefono')} type="tel" required={required('telefono')} />
        <BirthDateInput {...field('nacimiento')} />
        <SexoSelect {...field('sexo')} />
        <TextInput
          {...field('rut')}
          label={t(`people.form.nationalId.${idKind}.label`)}
          description={t(`people.form.nationalId.${idKind}.hint`)}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          placeholder={NATIONAL_ID_PLACEHOLDER[idKind]}
          required={required('rut')}
          autoComplete="off"
        />
        <TextInput {...field('direccion')} required={required('direccion')} autoComplete="street-address" />
      </SimpleGrid>
      <LocationFields form={form} required={required} />
    </Stack>
  );
}

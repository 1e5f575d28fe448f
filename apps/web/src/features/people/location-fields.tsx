import { SimpleGrid } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { PersonField } from '@medida/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MemoSelect } from '../../components/memo-select.tsx';
import { applyLocationChange, type PersonFormValues } from './person-form.ts';
import { countryOptions, useCountries } from '../../lib/countries.ts';
import { useCities, useStates } from './people-queries.ts';

const toId = (value: string | null) => (value ? Number(value) : null);

/** Country → region → comuna. Each pick clears what hangs below it and loads the next list (spec §4). */
export function LocationFields({
  form,
  required,
}: {
  form: UseFormReturnType<PersonFormValues>;
  /** Whether a field must be filled, by the record's kind and country (decision 185). */
  required: (field: PersonField) => boolean;
}) {
  const { t, i18n } = useTranslation();
  const values = form.getValues();
  const countries = useCountries();
  const states = useStates(toId(values.pais_id));
  const cities = useCities(toId(values.region_id));
  const stateOptions = useMemo(
    () => (states.data?.states ?? []).map((s) => ({ value: String(s.id), label: s.name })),
    [states.data],
  );
  const cityOptions = useMemo(
    () => (cities.data?.cities ?? []).map((c) => ({ value: String(c.id), label: c.name })),
    [cities.data],
  );

  const pick = (field: 'pais_id' | 'region_id' | 'comuna_id') => (value: string | null) => {
    const next = applyLocationChange(form.getValues(), field, value);
    form.setValues(next);
    form.clearFieldError(field);
  };
  const selectProps = (field: 'pais_id' | 'region_id' | 'comuna_id', loading: boolean) => ({
    ...form.getInputProps(field),
    onChange: pick(field),
    searchable: true,
    required: required(field),
    allowDeselect: false,
    nothingFoundMessage: t('common.nothingFound'),
    placeholder: loading ? t('common.loading') : t('people.form.pick'),
    // Mantine renders every option; a long comuna list stays usable through search.
    limit: 400,
  });

  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <MemoSelect
        label={t('fields.pais')}
        data={countryOptions(countries.data?.countries ?? [], i18n.language)}
        data-testid="person-pais"
        {...selectProps('pais_id', countries.isLoading)}
      />
      <MemoSelect
        label={t('fields.region')}
        data={stateOptions}
        disabled={!values.pais_id}
        data-testid="person-region"
        {...selectProps('region_id', states.isFetching)}
      />
      <MemoSelect
        label={t('fields.comuna')}
        data={cityOptions}
        disabled={!values.region_id}
        data-testid="person-comuna"
        {...selectProps('comuna_id', cities.isFetching)}
      />
    </SimpleGrid>
  );
}

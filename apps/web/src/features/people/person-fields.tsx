import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { SEXES } from '@medida/contracts';
import { birthDateBounds } from '../../lib/birth-date.ts';
import { LocationFields } from './location-fields.tsx';
import type { PersonFormValues } from './person-form.ts';

/** The personal fields clients and network professionals share (spec §3), all required (spec §5). */
export function PersonFields({ form }: { form: UseFormReturnType<PersonFormValues> }) {
  const { t } = useTranslation();
  const today = dayjs().format('YYYY-MM-DD');
  const { minDate, maxDate } = birthDateBounds(today);
  const sexoOptions = SEXES.map((value) => ({ value, label: t(`sexo.${value}`) }));

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('fields.nombre')}
          required
          data-autofocus
          data-testid="person-nombre"
          {...form.getInputProps('nombre')}
        />
        <TextInput
          label={t('fields.apellido')}
          required
          data-testid="person-apellido"
          {...form.getInputProps('apellido')}
        />
        <TextInput
          label={t('fields.email')}
          type="email"
          required
          data-testid="person-email"
          {...form.getInputProps('email')}
        />
        <TextInput
          label={t('fields.telefono')}
          type="tel"
          required
          data-testid="person-telefono"
          {...form.getInputProps('telefono')}
        />
        <DatePickerInput
          label={t('fields.nacimiento')}
          placeholder={t('auth.register.birthPlaceholder')}
          leftSection={<IconCalendar size={18} aria-hidden="true" />}
          minDate={minDate}
          maxDate={maxDate}
          defaultDate={dayjs(maxDate).subtract(17, 'year').format('YYYY-MM-DD')}
          defaultLevel="decade"
          valueFormat="D MMMM YYYY"
          required
          data-testid="person-nacimiento"
          {...form.getInputProps('nacimiento')}
        />
        <Select
          label={t('fields.sexo')}
          data={sexoOptions}
          required
          allowDeselect={false}
          data-testid="person-sexo"
          {...form.getInputProps('sexo')}
        />
        <TextInput
          label={t('fields.rut')}
          description={t('people.form.rutHint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          placeholder="11111111K"
          required
          autoComplete="off"
          data-testid="person-rut"
          {...form.getInputProps('rut')}
        />
        <TextInput
          label={t('fields.direccion')}
          required
          autoComplete="street-address"
          data-testid="person-direccion"
          {...form.getInputProps('direccion')}
        />
      </SimpleGrid>
      <LocationFields form={form} />
    </Stack>
  );
}

import { Select, type SelectProps } from '@mantine/core';
import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { dayjs } from '../lib/dates-locale.ts';
import { useTranslation } from 'react-i18next';
import { SEXES } from '@medida/contracts';
import { birthDateBounds } from '../lib/birth-date.ts';

/** The birth-date picker of every person form: 13 to 100 years ago (spec §5), opening on the decades around 30. */
export function BirthDateInput(props: DatePickerInputProps) {
  const { t } = useTranslation();
  const { minDate, maxDate } = birthDateBounds(dayjs().format('YYYY-MM-DD'));
  return (
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
      {...props}
    />
  );
}

/** The sex of a person form (the spec's two values, translated), required. */
export function SexoSelect(props: Omit<SelectProps, 'data'>) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('fields.sexo')}
      data={SEXES.map((value) => ({ value, label: t(`sexo.${value}`) }))}
      required
      allowDeselect={false}
      {...props}
    />
  );
}

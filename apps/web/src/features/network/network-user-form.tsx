import { Button, Group, Radio, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ESPECIALIDADES, TRABAJO } from '@medida/contracts';
import { ESPECIALIDAD_KEYS } from '../../lib/especialidades.ts';
import { PersonFields, peopleModals, type EmailOwner, type PersonFormValues } from '../people/index.ts';

interface NetworkUserFormProps {
  form: UseFormReturnType<PersonFormValues>;
  onSubmit: () => void;
  saving: boolean;
  submitLabel: string;
  /** Edit: the person chose its own password, so only it changes its e-mail (decision 202). */
  emailOwner?: EmailOwner | undefined;
}

/** New- and edit-network-user form: person fields plus especialidad, trabajo and (Dependiente) empresa. */
export function NetworkUserForm({ form, onSubmit, saving, submitLabel, emailOwner }: NetworkUserFormProps) {
  const { t } = useTranslation();
  const especialidadOptions = ESPECIALIDADES.map((value) => ({
    value,
    label: t(`especialidades.${ESPECIALIDAD_KEYS[value]}`),
  }));
  const dependiente = form.getValues().trabajo === 'Dependiente';
  const trabajo = form.getInputProps('trabajo');
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      data-testid="network-user-form"
    >
      <Stack>
        <PersonFields form={form} emailOwner={emailOwner} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('fields.especialidad')}
            data={especialidadOptions}
            searchable
            required
            allowDeselect={false}
            nothingFoundMessage={t('common.nothingFound')}
            data-testid="person-especialidad"
            {...form.getInputProps('especialidad')}
          />
          <Radio.Group
            label={t('fields.trabajo')}
            required
            {...trabajo}
            value={form.getValues().trabajo ?? ''}
            onChange={(value) => {
              form.setFieldValue('trabajo', value);
              // Spec §4: the company field exists only for Dependiente; leaving it forgets the company.
              if (value !== 'Dependiente') form.setFieldValue('empresa', '');
              form.clearFieldError('trabajo');
            }}
          >
            <Group mt={8} gap="lg">
              {TRABAJO.map((value) => (
                <Radio
                  key={value}
                  value={value}
                  label={t(`trabajo.${value}`)}
                  data-testid={`person-trabajo-${value.toLowerCase()}`}
                />
              ))}
            </Group>
          </Radio.Group>
        </SimpleGrid>
        {dependiente && (
          <TextInput
            label={t('fields.empresa')}
            required
            data-testid="person-empresa"
            {...form.getInputProps('empresa')}
          />
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={peopleModals.close}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving} data-testid="network-user-submit">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

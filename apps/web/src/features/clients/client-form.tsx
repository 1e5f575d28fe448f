import type { ReactNode } from 'react';
import { Button, Divider, Group, Select, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { PersonFields, peopleModals, useCompanies, type EmailOwner, type PersonFormValues } from '../people/index.ts';
import { AttachmentsPicker } from './attachments-picker.tsx';

interface ClientFormProps {
  form: UseFormReturnType<PersonFormValues>;
  onSubmit: () => void;
  saving: boolean;
  submitLabel: string;
  /** Edit modal: the saved documents, with their delete marks. */
  savedAttachments?: ReactNode;
  /** New-client modal: the consent section, just above the buttons. */
  consent?: ReactNode;
  /** Edit modal: the client's company, kept as a choice even when archived since (decision 112). */
  currentCompany?: { id: number; name: string } | null | undefined;
  /** Edit modal: the client chose its own portal password, so only it changes its e-mail (decision 202). */
  emailOwner?: EmailOwner | undefined;
}

/** The new- and edit-client form: person fields, the optional company, and documents. */
export function ClientForm({
  form,
  onSubmit,
  saving,
  submitLabel,
  savedAttachments,
  consent,
  currentCompany,
  emailOwner,
}: ClientFormProps) {
  const { t } = useTranslation();
  const companies = useCompanies();
  const offered = companies.data?.companies ?? [];
  const choices =
    currentCompany && !offered.some((c) => c.id === currentCompany.id) ? [...offered, currentCompany] : offered;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      data-testid="client-form"
    >
      <Stack>
        <PersonFields form={form} emailOwner={emailOwner} />
        <Select
          label={t('fields.company')}
          description={t('people.form.companyHint')}
          data={choices.map((c) => ({ value: String(c.id), label: c.name }))}
          clearable
          searchable
          nothingFoundMessage={t('common.nothingFound')}
          data-testid="person-company"
          {...form.getInputProps('company_id')}
        />
        <Divider label={t('attachments.heading')} labelPosition="left" />
        {savedAttachments}
        <Text size="sm" c="dimmed">
          {t('attachments.optional')}
        </Text>
        <AttachmentsPicker form={form} />
        {consent}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={peopleModals.close}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving} data-testid="client-submit">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

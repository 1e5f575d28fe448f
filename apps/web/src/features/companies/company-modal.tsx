import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ManagedCompany } from '@medida/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { firstFieldErrors, isApiError } from '../../lib/api-error.ts';
import { notifyApiError, notifySuccess } from '../../lib/notify.ts';
import { createCompany, updateCompany } from './companies-api.ts';

interface CompanyModalProps {
  /** null: a new company; otherwise the one being renamed. */
  company: ManagedCompany | null;
  opened: boolean;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}

/** Create or rename a company: name (required, unique in the account) and an optional tax id. */
export function CompanyModal({ company, opened, onClose, onSaved }: CompanyModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={company ? t('companies.editTitle') : t('companies.newTitle')}>
      {/* key: a fresh form for each company opened */}
      <CompanyForm key={company?.id ?? 'new'} company={company} onClose={onClose} onSaved={onSaved} />
    </Modal>
  );
}

function CompanyForm({ company, onClose, onSaved }: Omit<CompanyModalProps, 'opened'>) {
  const { t } = useTranslation();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: company?.name ?? '', tax_id: company?.tax_id ?? '' },
    validate: {
      name: (v) =>
        v.trim() === ''
          ? t('validation.required')
          : v.trim().length > 120
            ? t('validation.tooLong', { max: 120 })
            : null,
      tax_id: (v) => (v.trim().length > 40 ? t('validation.tooLong', { max: 40 }) : null),
    },
  });
  const mutation = useMutation({
    mutationFn: (values: { name: string; tax_id: string }) =>
      company ? updateCompany(company.id, values) : createCompany(values),
    onSuccess: async () => {
      notifySuccess(t('companies.savedTitle'), t('companies.saved'));
      onClose();
      await onSaved();
    },
    onError: (error) => {
      const fields = isApiError(error) ? firstFieldErrors(error.fieldErrors) : {};
      if (Object.keys(fields).length > 0) form.setErrors(fields);
      else notifyApiError(error);
    },
  });
  return (
    <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values))} data-testid="company-form">
      <Stack>
        <TextInput
          label={t('companies.name')}
          required
          data-autofocus
          data-testid="company-name"
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('companies.taxId')}
          description={t('companies.taxIdHint')}
          data-testid="company-tax-id"
          {...form.getInputProps('tax_id')}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending} data-testid="company-submit">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

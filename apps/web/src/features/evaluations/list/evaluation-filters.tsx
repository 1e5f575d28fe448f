import { useState } from 'react';
import { Button, Collapse, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFilter, IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCompanies } from '../../people/index.ts';
import type { EvaluationListFilters } from '../evaluations-api.ts';

export const NO_FILTERS: EvaluationListFilters = { nombre: '', apellido: '', email: '', rut: '', company: '' };

interface EvaluationFiltersProps {
  applied: EvaluationListFilters;
  /** While a page is loading the form cannot send another request (spec §4). */
  busy: boolean;
  onApply: (filters: EvaluationListFilters) => void;
}

/** The five filters of spec §2 (name, last name, e-mail, rut, company), applied with one search. */
export function EvaluationFilters({ applied, busy, onApply }: EvaluationFiltersProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(applied);
  const companies = useCompanies();
  const text = (field: Exclude<keyof EvaluationListFilters, 'company'>, label: string) => (
    <TextInput
      label={label}
      value={draft[field]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setDraft((d) => ({ ...d, [field]: value }));
      }}
      data-testid={`filter-${field}`}
    />
  );
  const dirty = JSON.stringify(draft) !== JSON.stringify(applied);
  const any = Object.values(applied).some(Boolean);
  // On a phone five stacked filters would push the list off screen: they fold behind one button.
  const isPhone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const [unfolded, setUnfolded] = useState(false);
  const activeCount = Object.values(applied).filter(Boolean).length;
  const form = (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy) onApply(draft);
      }}
      data-testid="evaluation-filters"
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
        {text('nombre', t('fields.nombre'))}
        {text('apellido', t('fields.apellido'))}
        {text('email', t('fields.email'))}
        {text('rut', t('fields.rut'))}
        <Select
          label={t('fields.company')}
          data={(companies.data?.companies ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          value={draft.company || null}
          onChange={(v) => setDraft((d) => ({ ...d, company: v ?? '' }))}
          clearable
          searchable
          placeholder={t('evaluations.list.anyCompany')}
          nothingFoundMessage={t('common.nothingFound')}
          data-testid="filter-company"
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="sm" gap="xs">
        {any && (
          <Button
            variant="subtle"
            leftSection={<IconFilterOff size={16} />}
            disabled={busy}
            onClick={() => {
              setDraft(NO_FILTERS);
              onApply(NO_FILTERS);
            }}
            data-testid="filter-clear"
          >
            {t('evaluations.list.clearFilters')}
          </Button>
        )}
        <Button
          type="submit"
          variant={dirty ? 'filled' : 'light'}
          leftSection={<IconSearch size={16} />}
          loading={busy}
          data-testid="filter-apply"
        >
          {t('evaluations.list.search')}
        </Button>
      </Group>
    </form>
  );
  if (!isPhone) return form;
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconFilter size={16} />}
        onClick={() => setUnfolded((u) => !u)}
        aria-expanded={unfolded}
        data-testid="filters-toggle"
      >
        {activeCount > 0 ? t('evaluations.list.filtersCount', { count: activeCount }) : t('evaluations.list.filters')}
      </Button>
      <Collapse expanded={unfolded}>{form}</Collapse>
    </>
  );
}

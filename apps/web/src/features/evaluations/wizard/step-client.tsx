import { formatNationalId } from '@medida/contracts';
import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Avatar,
  Badge,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  Radio,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { DatePickerInput } from '@mantine/dates';
import { IconAlertTriangle, IconCalendar, IconPencil, IconSearch, IconX } from '@tabler/icons-react';
import { dayjs } from '../../../lib/dates-locale.ts';
import { useTranslation } from 'react-i18next';
import { ageInYears } from '@medida/domain';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/constants.ts';
import { longDate } from '../../../lib/long-date.ts';
import { peopleModals, usePeopleModals } from '../../people/index.ts';
import { searchEvaluationClients } from '../evaluations-api.ts';
import { useClientSearch } from '../evaluation-queries.ts';
import type { WizardClient } from '../wizard-store.ts';
import type { ClientBlock, Method, WizardValues } from './wizard-form.ts';
import layout from './wizard-layout.module.css';

const METHODS: Method[] = [1, 2, 3, 4, 5];

function clientName(c: WizardClient) {
  return `${c.nombre} ${c.apellido}`.trim();
}

function ClientSummary({ client, onClear }: { client: WizardClient; onClear?: () => void }) {
  const { t } = useTranslation();
  const today = dayjs().format('YYYY-MM-DD');
  return (
    <Paper withBorder radius="md" p="sm" data-testid="wizard-chosen-client">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Avatar radius="xl" color="medida">
            {(client.nombre[0] ?? '') + (client.apellido[0] ?? '')}
          </Avatar>
          <Stack gap={2} miw={0}>
            <Text fw={600} truncate="end">
              {clientName(client)}
            </Text>
            <Text size="xs" c="dimmed" truncate="end">
              {client.email}
            </Text>
            <Group gap={6}>
              {client.nacimiento && (
                <Badge variant="light" data-testid="wizard-client-age">
                  {t('evaluations.wizard.age', { count: ageInYears(client.nacimiento, today) })}
                </Badge>
              )}
              {client.sexo && (
                <Badge variant="light" color="gray">
                  {t(`sexo.${client.sexo}`)}
                </Badge>
              )}
              {client.rut && (
                <Badge variant="outline" color="gray">
                  {formatNationalId(client.rut)}
                </Badge>
              )}
            </Group>
          </Stack>
        </Group>
        {onClear && (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconX size={14} />}
            onClick={onClear}
            data-testid="wizard-change-client"
          >
            {t('evaluations.wizard.changeClient')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

function ClientSearch({ onPick }: { onPick: (c: WizardClient) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  // Spec §7/§9: the client search waits 800 ms after the last key.
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const query = useClientSearch(debounced, true);
  const results = query.data ?? [];
  return (
    <Stack gap="xs">
      <TextInput
        label={t('evaluations.wizard.client')}
        placeholder={t('evaluations.wizard.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        rightSection={query.isFetching ? <Loader size={16} aria-label={t('common.loading')} /> : null}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        data-testid="wizard-client-search"
        data-autofocus
      />
      <ScrollArea.Autosize mah={260} type="auto">
        <Stack gap={4} data-testid="wizard-client-results" aria-busy={query.isFetching}>
          {results.map((c) => (
            <UnstyledButton
              key={c.id_usuario}
              onClick={() => onPick(c)}
              p="xs"
              style={{
                borderRadius: 'var(--mantine-radius-md)',
                border: '1px solid var(--mantine-color-default-border)',
              }}
              data-testid="wizard-client-option"
              data-email={c.email}
            >
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={0} miw={0}>
                  <Text size="sm" fw={600} truncate="end">
                    {clientName(c)}
                  </Text>
                  <Text size="xs" c="dimmed" truncate="end">
                    {c.email}
                    {c.rut ? ` · ${formatNationalId(c.rut)}` : ''}
                  </Text>
                </Stack>
                {c.age !== null && (
                  <Badge variant="light" color={c.age < 13 ? 'red' : 'gray'} style={{ flexShrink: 0 }}>
                    {t('evaluations.wizard.age', { count: c.age })}
                  </Badge>
                )}
              </Group>
            </UnstyledButton>
          ))}
          {query.isSuccess && results.length === 0 && (
            <Text size="sm" c="dimmed" ta="center" py="md" data-testid="wizard-client-none">
              {t('evaluations.wizard.noClients')}
            </Text>
          )}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}

/**
 * After the edit-user modal closes, the chosen client is read again, so a corrected birth date or
 * sex unblocks Next without starting over.
 */
function useRefreshAfterEdit(
  client: WizardClient | null,
  evaluatorId: number | undefined,
  onFresh: (c: WizardClient) => void,
) {
  const { modal, open } = usePeopleModals();
  const editing = useRef(false);
  useEffect(() => {
    const isEditingThis = open && modal?.kind === 'editClient' && modal.userId === client?.id_usuario;
    if (isEditingThis) editing.current = true;
    else if (editing.current && !open && client && evaluatorId) {
      editing.current = false;
      void searchEvaluationClients(evaluatorId, client.email).then((list) => {
        const fresh = list.find((c) => c.id_usuario === client.id_usuario);
        if (fresh) onFresh(fresh);
      });
    }
  }, [modal, open, client, evaluatorId, onFresh]);
}

interface StepClientProps {
  form: UseFormReturnType<WizardValues>;
  block: ClientBlock;
  evaluatorId: number | undefined;
  /** YYYY-MM-DD: the latest evaluation date allowed. */
  today: string;
  /** Editing: the client of an evaluation never changes. */
  locked?: boolean;
}

/** Step 1: who is evaluated and with which method (spec §4). */
export function StepClient({ form, block, evaluatorId, today, locked = false }: StepClientProps) {
  const { t, i18n } = useTranslation();
  const { client, evaluation_type } = form.getValues();
  const pick = (c: WizardClient | null) => {
    form.setFieldValue('client', c);
    // The client's sex drives the equations; Femenino stays the default when it is missing.
    form.setFieldValue('sexo', c?.sexo === 'Masculino' ? 'Masculino' : 'Femenino');
  };
  useRefreshAfterEdit(client, evaluatorId, pick);
  const editClient = () => client && peopleModals.open({ kind: 'editClient', userId: client.id_usuario });

  return (
    <Stack gap="lg">
      {client ? (
        <ClientSummary client={client} onClear={locked ? undefined : () => pick(null)} />
      ) : (
        <ClientSearch onPick={pick} />
      )}
      <DatePickerInput
        label={t('evaluations.wizard.fecha')}
        description={t('evaluations.wizard.fechaHint')}
        leftSection={<IconCalendar size={18} aria-hidden="true" />}
        maxDate={today}
        // "25 de novembro de 2026", as each language writes a date (a fixed "D MMMM YYYY" read "25 novembro 2026").
        valueFormatter={({ date }) =>
          typeof date === 'string' && date ? longDate(date.slice(0, 10), i18n.language) : ''
        }
        required
        maw={320}
        data-testid="wizard-fecha"
        value={form.getValues().fecha || today}
        onChange={(v) => form.setFieldValue('fecha', v ?? today)}
        error={form.errors.fecha}
      />
      {client && (block === 'underAge' || block === 'missingData') && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle />}
          data-testid={block === 'underAge' ? 'wizard-under-13' : 'wizard-missing-data'}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {block === 'underAge' ? t('domain.evaluation.errors.underAge') : t('evaluations.wizard.missingData')}
            </Text>
            <Button
              size="xs"
              variant="white"
              color="red"
              leftSection={<IconPencil size={14} />}
              onClick={editClient}
              data-testid="wizard-edit-client"
            >
              {t('evaluations.wizard.editClient')}
            </Button>
          </Stack>
        </Alert>
      )}
      <Radio.Group
        label={t('evaluations.wizard.method')}
        value={String(evaluation_type)}
        onChange={(v) => form.setFieldValue('evaluation_type', Number(v) as Method)}
      >
        <Box className={`${layout.cols} ${layout.twoFromXs}`} mt="xs">
          {METHODS.map((m) => (
            <Radio.Card key={m} value={String(m)} radius="md" p="sm" data-testid={`wizard-method-${m}`}>
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator />
                <Stack gap={2}>
                  <Text fw={600} size="sm">
                    {t(`evaluations.types.${m}`)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`evaluations.typeHints.${m}`)}
                  </Text>
                </Stack>
              </Group>
            </Radio.Card>
          ))}
        </Box>
      </Radio.Group>
    </Stack>
  );
}

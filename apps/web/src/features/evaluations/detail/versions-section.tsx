import { useState } from 'react';
import { Anchor, Badge, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { dayjs } from '../../../lib/dates-locale.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { EvaluationDetail } from '@medida/contracts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { longDate } from '../../../lib/long-date.ts';
import { useMeasurementUnits } from '../../../lib/own-profile.ts';
import { displayUnit, fromMetric } from '../../../lib/units.ts';
import { useEvaluationVersion } from '../evaluation-queries.ts';
import { formatNumber } from './format.ts';
import { COMPARED_RESULTS, diffInputs, numberShown, resultAt } from './version-diff.ts';
import { paths } from '../../../config/paths.ts';

/** An input's label: the wizard's own for measurements and answers, the path otherwise. */
function useInputLabel() {
  const { t, i18n } = useTranslation();
  return (path: string) => {
    const last = path.split('.').pop() ?? path;
    if (path === 'fecha') return t('evaluations.wizard.fecha');
    if (path === 'evaluation_type') return t('evaluations.wizard.method');
    if (path === 'clinical_data.ecnt') return t('evaluations.wizard.ecnt');
    if (path === 'clinical_data.autoinmune') return t('evaluations.wizard.autoinmune');
    if (path === 'clinical_data.exams') return t('evaluations.wizard.exams');
    return i18n.exists(`evaluations.fields.${last}`) ? t(`evaluations.fields.${last}`) : path;
  };
}

function Comparison({ id, from, to }: { id: number; from: number; to: number }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const label = useInputLabel();
  const units = useMeasurementUnits();
  const a = useEvaluationVersion(id, from);
  const b = useEvaluationVersion(id, to);
  if (!a.data || !b.data)
    return (
      <Text size="sm" c="dimmed">
        {a.isError || b.isError ? t('messages.errorTitle') : t('common.loading')}
      </Text>
    );
  const inputs = diffInputs(a.data.inputs, b.data.inputs, numberShown(lang, units));
  const inUnits = (value: number | null, unit: string) => (value === null ? null : fromMetric(value, unit, units));
  const results = COMPARED_RESULTS.map((r) => ({
    ...r,
    before: resultAt(a.data.results, r.path),
    after: resultAt(b.data.results, r.path),
  })).filter((r) => r.before !== r.after);
  // The date as the reader writes it, like every other date of the page (the stored value is ISO).
  const shown = (v: string | null, path: string) =>
    v === null ? '—' : path === 'fecha' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? longDate(v, lang) : v;
  return (
    <Stack gap="sm" data-testid="version-diff">
      {inputs.length === 0 && results.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('evaluations.versions.same')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={360}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('evaluations.versions.field')}</Table.Th>
                <Table.Th>v{from}</Table.Th>
                <Table.Th>v{to}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {inputs.map((c) => (
                <Table.Tr key={c.path} data-testid="version-diff-input">
                  <Table.Td>{label(c.path)}</Table.Td>
                  <Table.Td>{shown(c.before, c.path)}</Table.Td>
                  <Table.Td fw={600}>{shown(c.after, c.path)}</Table.Td>
                </Table.Tr>
              ))}
              {results.map((r) => (
                <Table.Tr key={r.label} data-testid="version-diff-result">
                  <Table.Td>
                    {t(`evaluations.versions.results.${r.label}`)} ({displayUnit(r.unit, units)})
                  </Table.Td>
                  <Table.Td>{formatNumber(inUnits(r.before, r.unit), 1, lang)}</Table.Td>
                  <Table.Td fw={600}>{formatNumber(inUnits(r.after, r.unit), 1, lang)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** Every saved version (who, when), a link to read each one, and what changed between any two. */
export function VersionsSection({ data }: { data: EvaluationDetail }) {
  const { t } = useTranslation();
  const versions = data.versions;
  const [from, setFrom] = useState(String(Math.max(1, data.current_version - 1)));
  const [to, setTo] = useState(String(data.current_version));
  if (versions.length < 2) return null;
  const options = versions.map((v) => ({ value: String(v.version), label: `v${v.version}` }));
  return (
    <Paper withBorder radius="lg" p="md" data-testid="evaluation-versions">
      <Title order={4} mb="sm">
        {t('evaluations.versions.title')}
      </Title>
      <Stack gap="md">
        <Stack gap={6}>
          {versions
            .slice()
            .reverse()
            .map((v) => (
              <Group key={v.version} justify="space-between" wrap="nowrap" gap="xs" data-testid="evaluation-version">
                <Group gap="xs" wrap="nowrap" miw={0}>
                  <Badge variant={v.version === data.version ? 'filled' : 'light'}>v{v.version}</Badge>
                  <Text size="sm" truncate>
                    {t('evaluations.versions.by', {
                      name: `${v.created_by.nombre} ${v.created_by.apellido}`.trim(),
                      date: dayjs(v.created_at).format('D MMM YYYY HH:mm'),
                    })}
                  </Text>
                </Group>
                {v.version !== data.version && (
                  <Anchor
                    component={Link}
                    to={
                      v.version === data.current_version
                        ? paths.evaluation(data.id)
                        : paths.evaluationVersion(data.id, v.version)
                    }
                    size="sm"
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {t('evaluations.versions.view')}
                  </Anchor>
                )}
              </Group>
            ))}
        </Stack>
        <Group gap="xs" align="flex-end">
          <Select
            label={t('evaluations.versions.compare')}
            data={options}
            value={from}
            onChange={(v) => v && setFrom(v)}
            allowDeselect={false}
            w={110}
            data-testid="version-from"
          />
          <Text pb={8}>→</Text>
          <Select
            data={options}
            value={to}
            onChange={(v) => v && setTo(v)}
            allowDeselect={false}
            w={110}
            aria-label={t('evaluations.versions.compareTo')}
            data-testid="version-to"
          />
        </Group>
        <Comparison id={data.id} from={Number(from)} to={Number(to)} />
      </Stack>
    </Paper>
  );
}

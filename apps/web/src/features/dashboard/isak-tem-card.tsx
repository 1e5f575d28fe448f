import { Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { IsakTem } from '@medida/contracts';
import { numberFormat, temStanding } from '@medida/domain';
import { dayjs } from '../../lib/dates-locale.ts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n.ts';
import { useIsakTem } from './isak-tem-api.ts';

const K = 'evaluations.isakResult';
const STANDING_COLOUR = { withinLevel2: 'green', withinLevel1: 'yellow', overLevel1: 'red' } as const;
const GROUPS = ['skinfolds', 'others'] as const;
type Group = (typeof GROUPS)[number];

const percent = (value: number, lang: string) =>
  numberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);

/** One month's relative TEM of a group with where it stands against ISAK's limits (— without readings). */
function TemCell({ tem, group, data }: { tem: IsakTem['months'][number]['skinfolds']; group: Group; data: IsakTem }) {
  const { t } = useTranslation();
  if (!tem)
    return (
      <Text span c="dimmed">
        —
      </Text>
    );
  const standing = temStanding(tem.relative_pct, {
    level1: data.limits.level1[group],
    level2: data.limits.level2[group],
  });
  return (
    <Stack gap={2} align="flex-end">
      <Text span size="sm" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {percent(tem.relative_pct, currentLanguage())} %
      </Text>
      <Badge
        size="xs"
        variant="light"
        tt="none"
        radius="sm"
        color={STANDING_COLOUR[standing]}
        data-testid={`isak-tem-${group}-standing`}
        data-standing={standing}
        styles={{ label: { whiteSpace: 'normal' }, root: { height: 'auto' } }}
      >
        {t(`${K}.${standing}`)}
      </Badge>
    </Stack>
  );
}

/**
 * The professional's own technical error of measurement, month by month over its ISAK profiles, against ISAK's
 * intra-evaluator limits (issue 31 A.3, decision 198): a measure of its own precision. Shown on the dashboard
 * once there is an ISAK profile; nothing for a professional who does not measure ISAK.
 */
export function IsakTemCard() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const titleId = useId();
  const { data } = useIsakTem();
  if (!data || data.months.length === 0) return null;
  const limit = (v: number) => numberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(v);
  const limits = (group: Group) =>
    `≤ ${limit(data.limits.level1[group])} % ${t(`${K}.level1`)} · ≤ ${limit(data.limits.level2[group])} % ${t(`${K}.level2`)}`;
  const heads = {
    month: t(`${K}.month`),
    evaluations: t(`${K}.evaluations`),
    skinfolds: t(`${K}.temSkinfolds`),
    others: t(`${K}.temOthers`),
  };
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="lg" p="md" data-testid="isak-tem-card">
      <Title order={3} size="h4" id={titleId}>
        {t(`${K}.temOverTime`)}
      </Title>
      <Text size="xs" c="dimmed" mb="xs">
        {t(`${K}.temOverTimeHint`)}
      </Text>
      {/* Three columns, the month with its count of profiles (the limits wrap under their heads): a phone's width. */}
      <Table fz="sm" verticalSpacing={4} layout="fixed" w="100%">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="30%">{heads.month}</Table.Th>
            {GROUPS.map((group) => (
              <Table.Th key={group} ta="right" w="35%">
                {heads[group]}
                <Text size="xs" c="dimmed" fw={400}>
                  {limits(group)}
                </Text>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...data.months].reverse().map((m) => (
            <Table.Tr key={m.month} data-testid="isak-tem-month" data-month={m.month}>
              <Table.Td>
                {dayjs(`${m.month}-01`).format('MMM YYYY')}
                <Text size="xs" c="dimmed" data-testid="isak-tem-count">
                  {`${heads.evaluations}: ${m.evaluations}`}
                </Text>
              </Table.Td>
              {GROUPS.map((group) => (
                <Table.Td key={group} ta="right">
                  <TemCell tem={m[group]} group={group} data={data} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

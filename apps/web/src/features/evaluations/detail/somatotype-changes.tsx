import { Badge, Paper, Table, Text } from '@mantine/core';
import { dayjs } from '../../../lib/dates-locale.ts';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatNumber } from './format.ts';
import { somatotypeChanges, type HistoryPoint } from './history.ts';
import { formatRating } from './somatochart.tsx';
import stacked from './stacked-table.module.css';

const K = 'evaluations.isakResult';
const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * How far the somatotype moved between consecutive ISAK profiles: the attitudinal distance SAD (3-D), the
 * dispersion distance SDD (on the somatochart) and the pair's attitudinal mean SAM, a SAD of 0.5 or more marked as
 * a meaningful change.
 */
export function SomatotypeChanges({ points }: { points: HistoryPoint[] }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const changes = somatotypeChanges(points);
  if (changes.length === 0) return null;
  const date = (p: HistoryPoint) => dayjs(p.fecha).format('D MMM YYYY');
  const heads = { from: t(`${K}.from`), to: t(`${K}.to`), sad: t(`${K}.sad`), sdd: t(`${K}.sdd`), sam: t(`${K}.sam`) };
  const rating = (p: HistoryPoint) => (p.somatotype ? formatRating(p.somatotype, lang) : '');
  return (
    <Paper withBorder radius="md" p="sm" data-testid="somatotype-changes">
      <Text size="sm" fw={600} mb={6}>
        {t(`${K}.somatotypeChange`)}
      </Text>
      <Table.ScrollContainer minWidth={560} className={stacked.container}>
        <Table fz="sm" verticalSpacing={4} className={stacked.table}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{heads.from}</Table.Th>
              <Table.Th>{heads.to}</Table.Th>
              <Table.Th ta="right">{heads.sad}</Table.Th>
              <Table.Th ta="right">{heads.sdd}</Table.Th>
              <Table.Th ta="right">{heads.sam}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {changes.map((c) => (
              <Table.Tr key={c.to.id} data-testid="somatotype-change" data-meaningful={c.meaningful}>
                <Table.Td style={num} data-label={heads.from}>
                  {date(c.from)}
                  <Text span size="xs" c="dimmed" ml={6}>
                    {rating(c.from)}
                  </Text>
                </Table.Td>
                <Table.Td style={num} data-label={heads.to}>
                  {date(c.to)}
                  <Text span size="xs" c="dimmed" ml={6}>
                    {rating(c.to)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" data-label={heads.sad}>
                  <Text span fw={700} size="sm" style={num} data-testid="somatotype-sad">
                    {formatNumber(c.sad, 2, lang)}
                  </Text>
                  <br />
                  <Badge size="xs" variant="light" tt="none" color={c.meaningful ? 'orange' : 'gray'}>
                    {t(c.meaningful ? `${K}.sadMeaningful` : `${K}.sadSmall`)}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right" style={num} data-label={heads.sdd} data-testid="somatotype-sdd">
                  {formatNumber(c.sdd, 2, lang)}
                </Table.Td>
                <Table.Td ta="right" style={num} data-label={heads.sam} data-testid="somatotype-sam">
                  {formatNumber(c.sam, 2, lang)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

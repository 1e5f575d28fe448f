import { Box, Stack, Table, Text } from '@mantine/core';
import { dayjs } from '../../../lib/dates-locale.ts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { somatochartLayout, type SomatotypeComponent } from '@medida/domain';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatNumber } from './format.ts';
import type { SomatoPoint } from './history.ts';

/** A rating as the manual writes it, components to 0.1: "2.4-4.1-3.6" (Carter 2002 p. 12). */
export function formatRating(p: Pick<SomatoPoint, 'endomorphy' | 'mesomorphy' | 'ectomorphy'>, lang: string): string {
  return [p.endomorphy, p.mesomorphy, p.ectomorphy].map((v) => formatNumber(v, 1, lang)).join('-');
}

const WIDTH = 360;
const INK = 'var(--mantine-color-gray-7)';
const ACCENT = 'var(--mantine-color-medida-7)';
/** Pole labels below the two lower poles and above the upper one. */
const POLE_LABEL_DY: Record<SomatotypeComponent, number> = { endomorphy: 16, mesomorphy: -8, ectomorphy: 16 };

/**
 * The Heath–Carter somatochart (decision 198): the curved triangle with its three lines through the origin, the
 * client's somatotypes joined by date (oldest → this one) and this one drawn larger. A screen reader gets the
 * points in the chart's name; the table under it says the same for everyone.
 */
export function Somatochart({ points }: { points: SomatoPoint[] }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const titleId = useId();
  const layout = somatochartLayout(WIDTH, points);
  const placed = points.map((p) => ({ ...p, at: layout.place(p) }));
  const describe = (p: SomatoPoint) =>
    `${dayjs(p.fecha).format('D MMM YYYY')} ${formatRating(p, lang)} (X ${formatNumber(p.x, 1, lang)}, Y ${formatNumber(p.y, 1, lang)})`;
  const summary = t('evaluations.isakResult.somatochartSummary', { points: points.map(describe).join('; ') });
  return (
    <Stack gap="xs" data-testid="somatochart">
      <Box maw={420} w="100%" mx="auto">
        <svg
          viewBox={`0 0 ${WIDTH} ${Math.round(layout.height)}`}
          width="100%"
          role="img"
          aria-labelledby={titleId}
          style={{ display: 'block', overflow: 'visible' }}
        >
          <title id={titleId}>{summary}</title>
          <path d={layout.outline} fill="var(--mantine-color-gray-0)" stroke={INK} strokeWidth={1.2} />
          {layout.axes.map((a, i) => (
            <line
              key={i}
              x1={a.from.x}
              y1={a.from.y}
              x2={a.to.x}
              y2={a.to.y}
              stroke="var(--mantine-color-gray-5)"
              strokeWidth={0.8}
              strokeDasharray="4 3"
            />
          ))}
          {(Object.keys(layout.poles) as SomatotypeComponent[]).map((c) => (
            <text
              key={c}
              x={layout.poles[c].x}
              y={layout.poles[c].y + POLE_LABEL_DY[c]}
              textAnchor="middle"
              fontSize={12}
              fontWeight={600}
              fill={INK}
              data-testid={`somatochart-pole-${c}`}
            >
              {t(`evaluations.isakResult.${c}`)}
            </text>
          ))}
          {placed.length > 1 && (
            <polyline
              points={placed.map((p) => `${p.at.x},${p.at.y}`).join(' ')}
              fill="none"
              stroke={ACCENT}
              strokeWidth={1.5}
              strokeOpacity={0.7}
            />
          )}
          {placed.map((p) => (
            <circle
              key={p.id}
              cx={p.at.x}
              cy={p.at.y}
              r={p.current ? 6 : 3.5}
              fill={p.current ? ACCENT : 'var(--mantine-color-white)'}
              stroke={ACCENT}
              strokeWidth={1.5}
              data-testid="somatochart-point"
              data-current={p.current}
              data-cx={p.at.x.toFixed(2)}
              data-cy={p.at.y.toFixed(2)}
            />
          ))}
        </svg>
      </Box>
      <Text size="xs" c="dimmed">
        {t('evaluations.isakResult.somatochartHint')}
      </Text>
      <Table fz="xs" verticalSpacing={2} data-testid="somatochart-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('evaluations.isakResult.date')}</Table.Th>
            <Table.Th>{t('evaluations.isakResult.rating')}</Table.Th>
            <Table.Th ta="right">X</Table.Th>
            <Table.Th ta="right">Y</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {points.map((p) => (
            <Table.Tr key={p.id} fw={p.current ? 700 : undefined}>
              <Table.Td>{dayjs(p.fecha).format('D MMM YYYY')}</Table.Td>
              <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{formatRating(p, lang)}</Table.Td>
              <Table.Td ta="right">{formatNumber(p.x, 1, lang)}</Table.Td>
              <Table.Td ta="right">{formatNumber(p.y, 1, lang)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

import { useId, type ReactNode } from 'react';
import { Badge, Box, Group, Stack, Text, Title } from '@mantine/core';
import { RegionCard } from '../../../components/region-card.tsx';
import { useTranslation } from 'react-i18next';
import type { EquationRef, MassValue } from '@medida/domain';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useMeasurementUnits } from '../../../lib/own-profile.ts';
import { displayUnit, inUnits } from '../../../lib/units.ts';
import classes from './metric-row.module.css';
import { EquationSource } from './equation-source.tsx';
import { formatNumber, levelColour, type Scale } from './format.ts';

/** A category as a light badge; its text colour is the readable shade of readable-colors.ts. */
export function LevelBadge({
  level,
  scale,
  testId,
}: {
  level: string | null | undefined;
  scale?: Scale;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  if (!level) return null;
  const colour = levelColour(level, scale);
  const key = `evaluations.levels.${level}`;
  return (
    <Badge
      variant="light"
      color={colour}
      radius="sm"
      size="sm"
      tt="none"
      // Long category names wrap instead of being cut ("Límite a…" told nobody anything).
      styles={{
        root: { height: 'auto', minHeight: 20, flexShrink: 0, maxWidth: '100%' },
        label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.3, paddingBlock: 2 },
      }}
      data-testid={testId}
      data-level={level}
      data-colour={colour}
    >
      {i18n.exists(key) ? t(key) : level.replaceAll('_', ' ')}
    </Badge>
  );
}

export function ResultCard({
  title,
  description,
  children,
  testId,
  action,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  testId: string;
  action?: ReactNode;
}) {
  // A region named by its title: a screen reader lists the result groups as landmarks (and a test finds them so).
  const titleId = useId();
  return (
    <RegionCard labelledBy={titleId} data-testid={testId} h="100%">
      <Group justify="space-between" align="flex-start" mb="sm" gap="xs">
        <Stack gap={2}>
          <Title order={4} id={titleId}>
            {title}
          </Title>
          {description && (
            <Text size="xs" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {action}
      </Group>
      {children}
    </RegionCard>
  );
}

export interface MetricRowProps {
  label: string;
  /** A secondary line under the label (e.g. the healthy range). */
  hint?: ReactNode;
  value: number | null | undefined;
  decimals: number;
  /** Shown instead of the formatted value (e.g. a pressure as 120/80). */
  display?: string;
  unit?: string;
  /** A second value on the same row (e.g. kg next to %). */
  extra?: ReactNode;
  level?: string | null | undefined;
  scale?: Scale;
  equation?: EquationRef | null | undefined;
  testId?: string;
}

/**
 * One result: label on the left, then fixed columns (value right-aligned, unit, second value, source)
 * so the numbers of a card line up under each other; the category badge sits under the label.
 */
export function MetricRow({
  label,
  hint,
  value,
  decimals,
  display,
  unit,
  extra,
  level,
  scale,
  equation,
  testId,
}: MetricRowProps) {
  const lang = currentLanguage();
  // Kilograms and centimetres in the reader's units (decision 183); every other unit as the engine gives it.
  const units = useMeasurementUnits();
  const shown = unit && typeof value === 'number' ? inUnits(value, unit, units) : value;
  return (
    <Box className={classes.row} data-testid={testId}>
      <Stack gap={0} miw={0}>
        <Text size="sm">{label}</Text>
        {hint && (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        )}
      </Stack>
      <Text
        fw={700}
        size="sm"
        ta="right"
        style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
        data-testid={testId ? `${testId}-value` : undefined}
      >
        {display ?? formatNumber(shown, decimals, lang)}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {unit && displayUnit(unit, units)}
      </Text>
      <Box ta="right">{extra}</Box>
      <Box ta="right">
        <EquationSource equation={equation} />
      </Box>
      {level && (
        <Group gap={4} style={{ gridColumn: '1 / -1' }} mt={-2}>
          <LevelBadge level={level} scale={scale} testId={testId ? `${testId}-level` : undefined} />
        </Group>
      )}
    </Box>
  );
}

function Kg({ kg }: { kg: number }) {
  const units = useMeasurementUnits();
  return (
    <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {formatNumber(inUnits(kg, 'kg', units), 1, currentLanguage())} {displayUnit('kg', units)}
    </Text>
  );
}

type RowBase = Omit<MetricRowProps, 'value' | 'decimals' | 'unit' | 'extra' | 'equation'>;

/** A mass as % of body weight with its kilograms beside it, and its equation when the engine names one. */
export function MassRow({ mass, ...row }: RowBase & { mass: MassValue & { equation?: EquationRef } }) {
  return (
    <MetricRow
      {...row}
      value={mass.percent}
      decimals={1}
      unit="%"
      extra={<Kg kg={mass.kg} />}
      equation={mass.equation}
    />
  );
}

/** A waist ratio (to height, to hip): two decimals, its risk class and its equation. */
export function RatioRow({
  ratio,
  ...row
}: Omit<RowBase, 'level'> & { ratio: { value: number; risk: string | null; equation: EquationRef } }) {
  return <MetricRow {...row} value={ratio.value} decimals={2} level={ratio.risk} equation={ratio.equation} />;
}

/** A plain row: no class, no source. */
export type PlainRow = [
  label: string,
  value: number | null | undefined,
  decimals: number,
  unit: string,
  testId: string,
];

/** Plain rows in a card (the weight and height typed in, the walk's time and pulse). */
export function PlainRows({ rows }: { rows: PlainRow[] }) {
  return rows.map(([label, value, decimals, unit, testId]) => (
    <MetricRow key={testId} label={label} value={value} decimals={decimals} unit={unit} testId={testId} />
  ));
}

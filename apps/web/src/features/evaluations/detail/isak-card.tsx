import { Alert, Badge, Box, Button, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useId, useState } from 'react';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  ISAK_SITE_NAMES,
  ISAK_SITES,
  type EquationRef,
  type IsakResult,
  type IsakSite,
  type IsakSiteResult,
  type IsakTem,
  type KerrResult,
  kerrNeedsCheck,
  somatotypeNeedsCheck,
  temStanding,
} from '@medida/domain';
import type { UnitSystem } from '@medida/contracts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useMeasurementUnits } from '../../../lib/own-profile.ts';
import { displayUnit, inUnits } from '../../../lib/units.ts';
import { EquationSource } from './equation-source.tsx';
import { formatDelta, formatNumber } from './format.ts';
import { MetricRow, ResultCard } from './result-parts.tsx';
import type { SomatoPoint } from './history.ts';
import { formatRating, Somatochart } from './somatochart.tsx';
import stacked from './stacked-table.module.css';

const K = 'evaluations.isakResult';
const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** Decimals of a reading as recorded (Carter 2002 p. 4): skinfolds and girths 0.1, breadths 0.05 cm. */
const readingDecimals = (s: IsakSiteResult) => (s.kind === 'breadth' ? 2 : 1);

/** A site's value in the reader's unit (cm → in for imperial, decision 183; skinfolds stay mm). */
function siteValue(v: number, s: IsakSiteResult, units: UnitSystem): number {
  return inUnits(v, s.unit, units);
}

const STANDING_COLOUR = { withinLevel2: 'green', withinLevel1: 'yellow', overLevel1: 'red' } as const;
/** A badge whose words wrap on a phone instead of being cut ("dentro do limite de nível 2 e aci…"). */
const WRAPPING = {
  root: { height: 'auto', maxWidth: '100%' },
  label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.3, paddingBlock: 2 },
} as const;
/** Mantine's `sm` breakpoint, where the layout switches to the phone's. */
const PHONE_QUERY = '(max-width: 47.99em)';

function SitesTable({ sites }: { sites: IsakResult['sites'] }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const units = useMeasurementUnits();
  const present = ISAK_SITES.filter((s) => sites[s]);
  const heads = {
    site: t(`${K}.site`),
    readings: t(`${K}.measurements`),
    final: t(`${K}.final`),
    difference: t(`${K}.difference`),
    tem: t(`${K}.tem`),
  };
  return (
    <Table.ScrollContainer minWidth={640} className={stacked.container}>
      <Table fz="sm" verticalSpacing={4} className={stacked.table} data-testid="isak-sites">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{heads.site}</Table.Th>
            <Table.Th>{heads.readings}</Table.Th>
            <Table.Th ta="right">{heads.final}</Table.Th>
            <Table.Th ta="right">{heads.difference}</Table.Th>
            <Table.Th ta="right">{heads.tem}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {present.map((key: IsakSite) => {
            const s = sites[key]!;
            const d = readingDecimals(s);
            const extra = units === 'imperial' && s.unit === 'cm' ? 1 : 0;
            const unit = displayUnit(s.unit, units);
            return (
              <Table.Tr key={key} data-testid={`isak-site-${key}`} data-third={s.measurements.length === 3}>
                <Table.Td data-label={heads.site}>
                  <Text size="sm">{ISAK_SITE_NAMES[key][lang]}</Text>
                </Table.Td>
                <Table.Td data-label={heads.readings} style={num}>
                  {s.measurements.map((m) => formatNumber(siteValue(m, s, units), d + extra, lang)).join(' · ')}
                  {s.measurements.length === 3 && (
                    <Badge ml={6} size="xs" variant="light" color="blue" tt="none" data-testid="isak-third">
                      {t(`${K}.thirdTaken`)}
                    </Badge>
                  )}
                  {s.third_required && s.measurements.length < 3 && (
                    <Badge ml={6} size="xs" variant="light" color="orange" tt="none" data-testid="isak-third-missing">
                      {t(`${K}.thirdMissing`)}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td data-label={heads.final} ta="right" style={num} fw={700}>
                  {formatNumber(siteValue(s.final, s, units), d + 1 + extra, lang)} {unit}
                </Table.Td>
                <Table.Td data-label={heads.difference} ta="right" style={num}>
                  {formatNumber(s.difference_pct, 1, lang)} %
                </Table.Td>
                <Table.Td data-label={heads.tem} ta="right" style={num}>
                  {formatNumber(siteValue(s.tem, s, units), d + 1 + extra, lang)} {unit} ·{' '}
                  {formatNumber(s.tem_pct, 1, lang)} %
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The readings of every site: open on a wide screen; on a phone (27 sites would fill many screens) folded behind
 * a line that says how many sites and which needed a third reading, until asked for.
 */
function SitesSection({ sites }: { sites: IsakResult['sites'] }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const isPhone = useMediaQuery(PHONE_QUERY) ?? false;
  const [open, setOpen] = useState<boolean | null>(null);
  const shown = open ?? !isPhone;
  const tableId = useId();
  const present = ISAK_SITES.filter((s) => sites[s]);
  const third = present.filter((s) => sites[s]!.measurements.length === 3).map((s) => ISAK_SITE_NAMES[s][lang]);
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Title order={5}>{t(`${K}.sites`)}</Title>
        <Button
          variant="subtle"
          size="compact-xs"
          onClick={() => setOpen(!shown)}
          aria-expanded={shown}
          aria-controls={tableId}
          data-testid="isak-sites-toggle"
        >
          {t(shown ? `${K}.sitesHide` : `${K}.sitesShow`)}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {t(`${K}.sitesSummary`, { count: present.length, third: third.length > 0 ? third.join(', ') : '—' })}
        {' · '}
        {t(`${K}.finalRule`)}
      </Text>
      <Box id={tableId} hidden={!shown}>
        {shown && <SitesTable sites={sites} />}
      </Box>
    </Stack>
  );
}

function TemRow({
  group,
  value,
  tem,
  unit,
}: {
  group: 'skinfolds' | 'others';
  value: { absolute: number; relative_pct: number };
  tem: IsakTem;
  unit: string;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const limits = { level1: tem.limits.level1[group], level2: tem.limits.level2[group] };
  const standing = temStanding(value.relative_pct, limits);
  return (
    <MetricRow
      label={t(group === 'skinfolds' ? `${K}.temSkinfolds` : `${K}.temOthers`)}
      hint={
        <>
          {`${t(`${K}.limits`)}: ≤ ${formatNumber(limits.level1, 1, lang)} % ${t(`${K}.level1`)} · ≤ ${formatNumber(limits.level2, 1, lang)} % ${t(`${K}.level2`)}`}
          <br />
          <Badge
            component="span"
            size="xs"
            variant="light"
            tt="none"
            color={STANDING_COLOUR[standing]}
            radius="sm"
            styles={WRAPPING}
            data-testid={`isak-tem-${group}-standing`}
            data-standing={standing}
          >
            {t(`${K}.${standing}`)}
          </Badge>
        </>
      }
      value={value.relative_pct}
      decimals={2}
      unit="%"
      extra={
        <Text size="xs" c="dimmed" style={num}>
          {formatNumber(value.absolute, 2, lang)} {unit}
        </Text>
      }
      equation={tem.equation}
      testId={`isak-tem-${group}`}
    />
  );
}

function TemSection({ tem }: { tem: IsakTem }) {
  const { t } = useTranslation();
  const units = useMeasurementUnits();
  return (
    <Stack gap={4} data-testid="isak-tem">
      <Title order={5}>{t(`${K}.temTitle`)}</Title>
      <Text size="xs" c="dimmed">
        {t(`${K}.temHint`)}
      </Text>
      {tem.skinfolds && <TemRow group="skinfolds" value={tem.skinfolds} tem={tem} unit="mm" />}
      {tem.others && (
        <TemRow
          group="others"
          // Girths, breadths and lengths pooled: centimetres (inches for an imperial reader).
          value={{ absolute: inUnits(tem.others.absolute, 'cm', units), relative_pct: tem.others.relative_pct }}
          tem={tem}
          unit={displayUnit('cm', units)}
        />
      )}
    </Stack>
  );
}

function SomatotypeSection({ isak, points }: { isak: IsakResult; points: SomatoPoint[] }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const s = isak.somatotype!;
  const check = somatotypeNeedsCheck(s);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" data-testid="isak-somatotype">
      <Stack gap={4}>
        <Title order={5}>{t(`${K}.somatotype`)}</Title>
        <MetricRow
          label={t(`${K}.rating`)}
          value={null}
          display={formatRating(s, lang)}
          decimals={1}
          level={s.category}
          equation={s.equation}
          testId="isak-rating"
        />
        <MetricRow label={t(`${K}.hwr`)} value={s.hwr} decimals={2} equation={s.equation} testId="isak-hwr" />
        <MetricRow
          label={t(`${K}.chartXY`)}
          value={null}
          display={`${formatNumber(s.x, 1, lang)}; ${formatNumber(s.y, 1, lang)}`}
          decimals={1}
          equation={s.equation}
          testId="isak-xy"
        />
        {check && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={16} />} p="xs" data-testid="isak-check">
            <Text size="xs">{t(`${K}.dataCheck`)}</Text>
          </Alert>
        )}
      </Stack>
      <Stack gap={4}>
        <Title order={5}>{t(`${K}.somatochart`)}</Title>
        <Somatochart points={points} />
      </Stack>
    </SimpleGrid>
  );
}

const PHANTOM_EXTRA = ['mass', 'stature'] as const;
/** The bar's half-width in z units: ±3 reaches the edge, further values are drawn at the edge. */
const Z_SPAN = 3;

function PhantomSection({ isak }: { isak: IsakResult }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const keys = [...PHANTOM_EXTRA, ...ISAK_SITES].filter((k) => isak.phantom_z[k] !== undefined);
  if (keys.length === 0) return null;
  const label = (k: (typeof keys)[number]) =>
    k === 'mass' ? t(`${K}.bodyMass`) : k === 'stature' ? t(`${K}.statureSize`) : ISAK_SITE_NAMES[k][lang];
  return (
    <Stack gap={4} data-testid="isak-phantom">
      <Group gap={4}>
        <Title order={5}>{t(`${K}.phantom`)}</Title>
        <EquationSource equation={isak.phantom_equation} />
      </Group>
      <Text size="xs" c="dimmed">
        {t(`${K}.phantomHint`)}
      </Text>
      <Box
        component="dl"
        m={0}
        style={{
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 1fr) 4.5em minmax(80px, 1fr)',
          gap: '2px 10px',
          alignItems: 'center',
        }}
      >
        {keys.map((k) => {
          const z = isak.phantom_z[k]!;
          const width = (Math.min(Math.abs(z), Z_SPAN) / Z_SPAN) * 50;
          return (
            <Box key={k} style={{ display: 'contents' }} data-testid={`isak-z-${k}`}>
              <Text component="dt" size="xs">
                {label(k)}
              </Text>
              <Text component="dd" m={0} size="xs" fw={600} ta="right" style={num}>
                {formatDelta(z, 2, lang)}
              </Text>
              <Box aria-hidden pos="relative" h={10} bg="var(--mantine-color-gray-1)" style={{ borderRadius: 2 }}>
                <Box pos="absolute" left="50%" top={0} bottom={0} w={1} bg="var(--mantine-color-gray-6)" />
                <Box
                  pos="absolute"
                  top={1}
                  bottom={1}
                  left={z < 0 ? `${50 - width}%` : '50%'}
                  w={`${width}%`}
                  bg={z < 0 ? 'var(--mantine-color-blue-5)' : 'var(--mantine-color-orange-5)'}
                />
              </Box>
            </Box>
          );
        })}
      </Box>
    </Stack>
  );
}

const KERR_PARTS = [
  ['skin', 'skin_kg'],
  ['adipose', 'adipose_kg'],
  ['muscle', 'muscle_kg'],
  ['bone', 'bone_kg'],
  ['residual', 'residual_kg'],
] as const;

function KerrSection({ kerr }: { kerr: KerrResult }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const units = useMeasurementUnits();
  const kg = (v: number, signed = false) =>
    `${signed ? formatDelta(inUnits(v, 'kg', units), 1, lang) : formatNumber(inUnits(v, 'kg', units), 1, lang)} ${displayUnit('kg', units)}`;
  const flagged = kerrNeedsCheck(kerr);
  return (
    <Stack gap={4} data-testid="isak-kerr">
      <Title order={5}>{t(`${K}.kerr`)}</Title>
      <Text size="xs" c="dimmed">
        {t(`${K}.kerrHint`)}
      </Text>
      {KERR_PARTS.map(([part, key]) => (
        <MetricRow
          key={part}
          label={t(`${K}.${part}`)}
          value={kerr.percent[part]}
          decimals={1}
          unit="%"
          extra={
            <Text size="xs" c="dimmed" style={num}>
              {kg(kerr[key])}
            </Text>
          }
          equation={kerr.equation}
          testId={`isak-kerr-${part}`}
        />
      ))}
      <MetricRow
        label={t(`${K}.kerrSum`)}
        value={kerr.sum_five_kg}
        decimals={1}
        unit="kg"
        equation={kerr.equation}
        testId="isak-kerr-sum"
      />
      <MetricRow
        label={t(`${K}.kerrDifference`)}
        hint={
          <Badge
            component="span"
            size="xs"
            variant="light"
            tt="none"
            color={flagged ? 'orange' : 'green'}
            radius="sm"
            styles={WRAPPING}
            data-testid="isak-kerr-check"
            data-flagged={flagged}
          >
            {flagged ? t(`${K}.kerrCheck`) : t(`${K}.kerrWithin`)}
          </Badge>
        }
        value={null}
        display={kg(kerr.difference_kg, true)}
        decimals={1}
        extra={
          <Text size="xs" c="dimmed" style={num}>
            {formatDelta(kerr.difference_pct, 1, lang)} %
          </Text>
        }
        equation={kerr.equation}
        testId="isak-kerr-difference"
      />
    </Stack>
  );
}

function SumRow({ label, mm, equation, testId }: { label: string; mm: number; equation: EquationRef; testId: string }) {
  return <MetricRow label={label} value={mm} decimals={1} unit="mm" equation={equation} testId={testId} />;
}

/**
 * The ISAK profile of an evaluation of type 5 (issue 31, decision 198): each site's readings and final value with
 * its TEM, the evaluator's TEM against ISAK's limits, the sums of skinfolds, the somatotype on the somatochart,
 * the Phantom z-scores and, with the full profile, Kerr's five masses with their difference from the scale.
 */
export function IsakCard({ isak, somatoPoints }: { isak: IsakResult; somatoPoints: SomatoPoint[] }) {
  const { t } = useTranslation();
  return (
    <ResultCard title={t(`${K}.title`)} testId="card-isak">
      <Stack gap="lg">
        <SitesSection sites={isak.sites} />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <TemSection tem={isak.tem} />
          {(isak.sum6_mm !== null || isak.sum8_mm !== null) && (
            <Stack gap={4} data-testid="isak-sums">
              <Title order={5}>{t(`${K}.sums`)}</Title>
              {isak.sum6_mm !== null && (
                <SumRow label={t(`${K}.sum6`)} mm={isak.sum6_mm} equation={isak.sums_equation} testId="isak-sum6" />
              )}
              {isak.sum8_mm !== null && (
                <SumRow label={t(`${K}.sum8`)} mm={isak.sum8_mm} equation={isak.sums_equation} testId="isak-sum8" />
              )}
            </Stack>
          )}
        </SimpleGrid>
        {isak.somatotype && <SomatotypeSection isak={isak} points={somatoPoints} />}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <PhantomSection isak={isak} />
          {isak.kerr && <KerrSection kerr={isak.kerr} />}
        </SimpleGrid>
      </Stack>
    </ResultCard>
  );
}

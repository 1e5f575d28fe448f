import type { Language } from '@medida/contracts';
import {
  categoryName,
  ISAK_LABELS,
  ISAK_SITE_NAMES,
  ISAK_SITES,
  somatochartLayout,
  type ChartPoint,
  type EquationRef,
  type IsakLabel,
  type IsakResult,
  type IsakSite,
  type IsakSiteResult,
  type SomatotypeComponent,
  kerrNeedsCheck,
  somatotypeNeedsCheck,
  temStanding,
} from '@medida/domain';
import { Circle, Line, Path, Polyline, Svg, Text, View } from '@react-pdf/renderer';
import type { ReportFormat } from './report-format.ts';
import { Pairs, styles, Table } from './report-parts.tsx';

type Label = IsakLabel;

/** A somatotype of the client at a date, for the somatochart. */
export interface IsakChartPoint extends ChartPoint {
  fecha: string;
  endomorphy: number;
  mesomorphy: number;
  ectomorphy: number;
  current: boolean;
}

/** The ISAK page as printed: every text and number already in the report's language and units. */
export interface IsakReport {
  label: (key: Label) => string;
  sites: string[][];
  tem: { rows: string[][]; limits: string[]; source: string };
  sums: { rows: string[][]; source: string };
  somatotype: {
    pairs: Array<[string, string]>;
    source: string;
    check: string | null;
    points: IsakChartPoint[];
    table: string[][];
  } | null;
  phantom: { pairs: Array<[string, string]>; source: string };
  kerr: {
    massUnit: string;
    rows: string[][];
    difference: string;
    check: string;
    flagged: boolean;
    source: string;
  } | null;
}

const readingDigits = (s: IsakSiteResult) => (s.kind === 'breadth' ? 2 : 1);

/** A rating as the manual writes it, components to 0.1: "2,4-4,1-3,6". */
const rating = (p: { endomorphy: number; mesomorphy: number; ectomorphy: number }, fmt: ReportFormat) =>
  [p.endomorphy, p.mesomorphy, p.ectomorphy].map((v) => fmt.num(v, 1)).join('-');

const signed = (v: number, digits: number, fmt: ReportFormat) =>
  `${v > 0 ? '+' : v < 0 ? '−' : '±'}${fmt.num(Math.abs(v), digits)}`;

/**
 * The ISAK section's content (decision 198), built before the document renders so that its citations are
 * numbered with the others (`cite` returns "[k] name").
 */
export function isakReport(
  lang: Language,
  isak: IsakResult,
  fmt: ReportFormat,
  cite: (equation: EquationRef) => string,
  points: IsakChartPoint[],
): IsakReport {
  const label = (key: Label) => ISAK_LABELS[key][lang];
  const siteValue = (v: number, s: IsakSiteResult, extra: number) => {
    const digits = readingDigits(s) + extra + (fmt.units === 'imperial' && s.unit === 'cm' ? 1 : 0);
    return fmt.num(fmt.inUnits(v, s.unit), digits);
  };
  const sites = ISAK_SITES.filter((key) => isak.sites[key]).map((key: IsakSite) => {
    const s = isak.sites[key]!;
    const third =
      s.measurements.length === 3 ? ` (${label('thirdTaken')})` : s.third_required ? ` (${label('thirdMissing')})` : '';
    const unit = fmt.unit(s.unit);
    return [
      ISAK_SITE_NAMES[key][lang],
      s.measurements.map((m) => siteValue(m, s, 0)).join(' · ') + third,
      `${siteValue(s.final, s, 1)} ${unit}`,
      `${fmt.num(s.difference_pct, 1)} %`,
      `${siteValue(s.tem, s, 1)} ${unit} · ${fmt.num(s.tem_pct, 1)} %`,
    ];
  });

  const groups = (['skinfolds', 'others'] as const).filter((group) => isak.tem[group]);
  const groupLabel = (group: (typeof groups)[number]) => label(group === 'skinfolds' ? 'temSkinfolds' : 'temOthers');
  const limitsOf = (group: (typeof groups)[number]) => ({
    level1: isak.tem.limits.level1[group],
    level2: isak.tem.limits.level2[group],
  });
  const tem = {
    rows: groups.map((group) => {
      const v = isak.tem[group]!;
      const { level1, level2 } = limitsOf(group);
      const standing = temStanding(v.relative_pct, { level1, level2 });
      const unit = group === 'skinfolds' ? 'mm' : fmt.unit('cm');
      const absolute = group === 'skinfolds' ? v.absolute : fmt.inUnits(v.absolute, 'cm');
      return [groupLabel(group), `${fmt.num(v.relative_pct, 2)} %`, `${fmt.num(absolute, 2)} ${unit}`, label(standing)];
    }),
    limits: groups.map((group) => {
      const { level1, level2 } = limitsOf(group);
      return `${label('limits')}, ${groupLabel(group).toLowerCase()}: ≤ ${fmt.num(level1, 1)} % ${label('level1')} · ≤ ${fmt.num(level2, 1)} % ${label('level2')}`;
    }),
    source: cite(isak.tem.equation),
  };

  const sums = {
    rows: (
      [
        ['sum6', isak.sum6_mm],
        ['sum8', isak.sum8_mm],
      ] as const
    ).flatMap(([key, mm]) => (mm === null ? [] : [[label(key), `${fmt.num(mm, 1)} mm`]])),
    source: isak.sum6_mm === null && isak.sum8_mm === null ? '' : cite(isak.sums_equation),
  };

  const s = isak.somatotype;
  const somatotype = s
    ? {
        pairs: [
          [label('rating'), rating(s, fmt)],
          [label('category'), categoryName(s.category, lang)],
          [label('hwr'), fmt.num(s.hwr, 2)],
          [label('chartXY'), `${fmt.num(s.x, 1)}; ${fmt.num(s.y, 1)}`],
        ] as Array<[string, string]>,
        source: cite(s.equation),
        check: somatotypeNeedsCheck(s) ? label('dataCheck') : null,
        points,
        table: points.map((p) => [fmt.shortDate(p.fecha), rating(p, fmt), fmt.num(p.x, 1), fmt.num(p.y, 1)]),
      }
    : null;

  const phantomKeys = (['mass', 'stature', ...ISAK_SITES] as const).filter((k) => isak.phantom_z[k] !== undefined);
  const phantom = {
    pairs: phantomKeys.map(
      (k) =>
        [
          k === 'mass' ? label('bodyMass') : k === 'stature' ? label('statureSize') : ISAK_SITE_NAMES[k][lang],
          signed(isak.phantom_z[k]!, 2, fmt),
        ] as [string, string],
    ),
    source: cite(isak.phantom_equation),
  };

  const k = isak.kerr;
  const kerr = k
    ? {
        massUnit: fmt.unit('kg'),
        rows: (
          [
            ['skin', k.skin_kg, k.percent.skin],
            ['adipose', k.adipose_kg, k.percent.adipose],
            ['muscle', k.muscle_kg, k.percent.muscle],
            ['bone', k.bone_kg, k.percent.bone],
            ['residual', k.residual_kg, k.percent.residual],
          ] as const
        )
          .map(([key, kg, pct]) => [label(key), fmt.mass(kg), `${fmt.num(pct, 1)} %`])
          .concat([[label('kerrSum'), fmt.mass(k.sum_five_kg), '']]),
        difference: `${label('kerrDifference')}: ${signed(fmt.inUnits(k.difference_kg, 'kg'), 1, fmt)} ${fmt.unit('kg')} (${signed(k.difference_pct, 1, fmt)} %)`,
        flagged: kerrNeedsCheck(k),
        check: kerrNeedsCheck(k) ? label('kerrCheck') : label('kerrWithin'),
        source: cite(k.equation),
      }
    : null;

  return { label, sites, tem, sums, somatotype, phantom, kerr };
}

const CHART_WIDTH = 250;
const INK = '#1f2933';
const ACCENT = '#1c7ed6';
/** Pole labels: under the two lower poles, over the upper one (points from the pole, in pt). */
const POLE_DY: Record<SomatotypeComponent, number> = { endomorphy: 6, mesomorphy: -14, ectomorphy: 6 };

/** The Heath–Carter somatochart drawn as on the detail page (decision 198), labels set over it in the report font. */
function SomatochartPdf({ points, label }: { points: IsakChartPoint[]; label: (key: Label) => string }) {
  const layout = somatochartLayout(CHART_WIDTH, points);
  const placed = points.map((p) => ({ ...p, at: layout.place(p) }));
  const text = {
    position: 'absolute' as const,
    fontSize: 7.5,
    fontWeight: 700,
    width: 80,
    textAlign: 'center' as const,
  };
  return (
    <View style={{ position: 'relative', width: CHART_WIDTH, height: layout.height }}>
      <Svg width={CHART_WIDTH} height={layout.height}>
        <Path d={layout.outline} fill="#f8f9fa" stroke={INK} strokeWidth={0.9} />
        {layout.axes.map((a, i) => (
          <Line
            key={i}
            x1={a.from.x}
            y1={a.from.y}
            x2={a.to.x}
            y2={a.to.y}
            stroke="#9aa5b1"
            strokeWidth={0.6}
            strokeDasharray="3 2"
          />
        ))}
        {placed.length > 1 ? (
          <Polyline
            points={placed.map((p) => `${p.at.x},${p.at.y}`).join(' ')}
            stroke={ACCENT}
            strokeWidth={1}
            fill="none"
          />
        ) : null}
        {placed.map((p, i) => (
          <Circle
            key={i}
            cx={p.at.x}
            cy={p.at.y}
            r={p.current ? 4 : 2.4}
            fill={p.current ? ACCENT : '#ffffff'}
            stroke={ACCENT}
            strokeWidth={1}
          />
        ))}
      </Svg>
      {(Object.keys(layout.poles) as SomatotypeComponent[]).map((c) => (
        <Text key={c} style={[text, { left: layout.poles[c].x - 40, top: layout.poles[c].y + POLE_DY[c] }]}>
          {label(c)}
        </Text>
      ))}
    </View>
  );
}

/** The ISAK page: sites, TEM, sums, somatotype on the somatochart, Phantom z and Kerr's masses. */
export function IsakSection({ report, head }: { report: IsakReport; head: (key: 'value') => string }) {
  const { label, somatotype: s, kerr } = report;
  return (
    <View>
      <Text style={styles.h1}>{label('title')}</Text>
      <Text style={styles.h2}>{label('sites')}</Text>
      <Text style={[styles.small, { marginBottom: 3 }]}>{label('finalRule')}</Text>
      <Table
        head={[label('site'), label('measurements'), label('final'), label('difference'), label('tem')]}
        rows={report.sites}
        widths={[30, 27, 13, 11, 19]}
      />

      <View wrap={false}>
        <Text style={styles.h2}>{label('temTitle')}</Text>
        <Text style={[styles.small, { marginBottom: 3 }]}>{label('temHint')}</Text>
        <Table
          head={['', label('temRelative'), label('temAbsolute'), '']}
          rows={report.tem.rows}
          widths={[34, 16, 16, 34]}
        />
        {report.tem.limits.map((line) => (
          <Text key={line} style={{ marginTop: 2 }}>
            {line}
          </Text>
        ))}
        <Text style={styles.small}>{report.tem.source}</Text>
      </View>

      {report.sums.rows.length > 0 ? (
        <View wrap={false}>
          <Text style={styles.h2}>{label('sums')}</Text>
          <Table head={['', head('value')]} rows={report.sums.rows} widths={[50, 50]} />
          <Text style={styles.small}>{report.sums.source}</Text>
        </View>
      ) : null}

      {s ? (
        <View wrap={false}>
          <Text style={styles.h2}>{label('somatotype')}</Text>
          <View style={{ flexDirection: 'row', gap: 14 }}>
            <View style={{ flex: 1 }}>
              {s.pairs.map(([name, value]) => (
                <View key={name} style={styles.row}>
                  <Text style={[styles.muted, { width: '55%' }]}>{name}</Text>
                  <Text style={[styles.bold, { width: '45%', textAlign: 'right' }]}>{value}</Text>
                </View>
              ))}
              <Text style={[styles.small, { marginTop: 3 }]}>{s.source}</Text>
              {s.check ? <Text style={[styles.bold, { marginTop: 4 }]}>{s.check}</Text> : null}
              <Text style={[styles.h3, { marginTop: 8 }]}>{label('somatochart')}</Text>
              <Text style={styles.small}>{label('somatochartHint')}</Text>
              <Table head={[label('date'), label('ratingShort'), 'X', 'Y']} rows={s.table} widths={[32, 40, 14, 14]} />
            </View>
            <SomatochartPdf points={s.points} label={label} />
          </View>
        </View>
      ) : null}

      {kerr ? (
        <View wrap={false}>
          <Text style={styles.h2}>{label('kerr')}</Text>
          <Text style={[styles.small, { marginBottom: 3 }]}>{label('kerrHint')}</Text>
          <Table head={['', kerr.massUnit, '%']} rows={kerr.rows} widths={[50, 25, 25]} />
          <Text style={[styles.bold, { marginTop: 4 }]}>{kerr.difference}</Text>
          <Text style={kerr.flagged ? [styles.bold, { color: '#c92a2a' }] : styles.muted}>{kerr.check}</Text>
          <Text style={styles.small}>{kerr.source}</Text>
        </View>
      ) : null}

      <View wrap={false}>
        <Text style={styles.h2}>{label('phantom')}</Text>
        <Text style={[styles.small, { marginBottom: 3 }]}>{label('phantomHint')}</Text>
        <Pairs pairs={report.phantom.pairs} />
        <Text style={styles.small}>{report.phantom.source}</Text>
      </View>
    </View>
  );
}

/**
 * The client's somatotypes up to this evaluation, oldest first: the earlier ISAK profiles of the history and
 * this one (from its own result, the most complete data).
 */
export function isakChartPoints(
  model: {
    evaluationId: number;
    fecha: string;
    history: Array<{ fecha: string; id?: number; somatotype?: Omit<IsakChartPoint, 'fecha' | 'current'> | null }>;
  },
  isak: IsakResult,
): IsakChartPoint[] {
  const earlier = model.history.flatMap((h) =>
    h.somatotype && h.id !== model.evaluationId ? [{ ...h.somatotype, fecha: h.fecha, current: false }] : [],
  );
  const now = isak.somatotype ? [{ ...isak.somatotype, fecha: model.fecha, current: true }] : [];
  // Stable: on one date the earlier evaluation stays before this one.
  return [...earlier, ...now].sort((a, b) => a.fecha.localeCompare(b.fecha));
}

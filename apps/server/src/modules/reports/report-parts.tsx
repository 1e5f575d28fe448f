import type { BandLevel, KeyResultScale } from '@medida/domain';
import { Circle, Line, Polyline, StyleSheet, Svg, Text, View } from '@react-pdf/renderer';
import { REPORT_FONT } from './report-fonts.ts';
import type { ReportFormat } from './report-format.ts';

const COLOURS = {
  ink: '#1f2933',
  muted: '#52606d',
  rule: '#d9e2ec',
  accent: '#1c7ed6',
  band: { low: '#f7d774', normal: '#69b36f', raised: '#f2a154', high: '#e0605a' } satisfies Record<BandLevel, string>,
};

export const styles = StyleSheet.create({
  page: {
    paddingTop: 86,
    paddingHorizontal: 36,
    paddingBottom: 48,
    fontSize: 9,
    fontFamily: REPORT_FONT,
    color: COLOURS.ink,
  },
  h1: { fontSize: 15, fontWeight: 700, marginBottom: 2 },
  h2: { fontSize: 11, fontWeight: 700, marginTop: 12, marginBottom: 4, color: COLOURS.accent },
  h3: { fontSize: 9.5, fontWeight: 700, marginTop: 6, marginBottom: 2 },
  muted: { color: COLOURS.muted },
  small: { fontSize: 7.5, color: COLOURS.muted },
  bold: { fontWeight: 700 },
  row: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: COLOURS.rule, paddingVertical: 2 },
  headRow: {
    flexDirection: 'row',
    borderBottomWidth: 1,
    borderBottomColor: COLOURS.muted,
    paddingVertical: 2,
    fontWeight: 700,
  },
  header: {
    position: 'absolute',
    top: 24,
    left: 36,
    right: 36,
    flexDirection: 'row',
    justifyContent: 'space-between',
    borderBottomWidth: 1.5,
    borderBottomColor: COLOURS.accent,
    paddingBottom: 6,
  },
  /** The professional's logo: 44 pt square, the height of the header's three lines. */
  logo: { width: 44, height: 44, objectFit: 'contain', borderRadius: 3 },
  footer: {
    position: 'absolute',
    bottom: 20,
    left: 36,
    right: 36,
    fontSize: 7,
    color: '#7b8794',
    flexDirection: 'row',
    justifyContent: 'space-between',
  },
});

export function Table({ head, rows, widths }: { head: string[]; rows: string[][]; widths: number[] }) {
  return (
    <View>
      <View style={styles.headRow} wrap={false}>
        {head.map((h, i) => (
          <Text key={i} style={{ width: `${widths[i]}%`, paddingRight: 4 }}>
            {h}
          </Text>
        ))}
      </View>
      {rows.map((cells, r) => (
        <View key={r} style={styles.row} wrap={false}>
          {cells.map((c, i) => (
            <Text key={i} style={{ width: `${widths[i]}%`, paddingRight: 4 }}>
              {c}
            </Text>
          ))}
        </View>
      ))}
    </View>
  );
}

/** Label/value pairs in two columns (the measured inputs). */
export function Pairs({ pairs }: { pairs: Array<[string, string]> }) {
  return (
    <View style={{ flexDirection: 'row', flexWrap: 'wrap' }}>
      {pairs.map(([label, value], i) => (
        <View key={i} style={[styles.row, { width: '50%', paddingRight: 12 }]} wrap={false}>
          <Text style={[styles.muted, { width: '55%' }]}>{label}</Text>
          <Text style={[styles.bold, { width: '45%', textAlign: 'right' }]}>{value}</Text>
        </View>
      ))}
    </View>
  );
}

const BAR_HEIGHT = 12;

/** One key result as a bar of coloured bands (normal in green) with a mark at the value, as result sheets do. */
export function KeyResultBar(props: { label: string; scale: KeyResultScale; category: string; fmt: ReportFormat }) {
  const { scale, fmt } = props;
  const span = scale.axis.max - scale.axis.min || 1;
  const at = (v: number) => `${((v - scale.axis.min) / span) * 100}%`;
  const value = `${fmt.num(scale.value, scale.decimals)}${scale.unit ? ` ${scale.unit}` : ''}`;
  return (
    <View style={{ flexDirection: 'row', alignItems: 'center', marginBottom: 14 }} wrap={false}>
      <View style={{ width: '30%', paddingRight: 8 }}>
        <Text style={styles.bold}>{props.label}</Text>
        <Text style={styles.small}>{props.category}</Text>
      </View>
      <Text style={{ width: '16%', fontSize: 12, fontWeight: 700 }}>{value}</Text>
      <View style={{ width: '54%', height: BAR_HEIGHT + 10 }}>
        <View style={{ flexDirection: 'row', height: BAR_HEIGHT, borderRadius: 3, overflow: 'hidden' }}>
          {scale.bands.map((b, i) => (
            <View
              key={i}
              style={{ width: `${((b.to - b.from) / span) * 100}%`, backgroundColor: COLOURS.band[b.level] }}
            />
          ))}
        </View>
        {/* The mark stops above the tick labels: a value near a cut-off never covers its number. */}
        <View
          style={{
            position: 'absolute',
            left: at(scale.value),
            top: -3,
            width: 3,
            marginLeft: -1.5,
            height: BAR_HEIGHT + 3,
            backgroundColor: COLOURS.ink,
          }}
        />
        {scale.bands.slice(1).map((b, i) => (
          <Text
            key={i}
            style={[
              styles.small,
              {
                position: 'absolute',
                top: BAR_HEIGHT + 2,
                left: at(b.from),
                width: 30,
                marginLeft: -15,
                textAlign: 'center',
              },
            ]}
          >
            {fmt.num(b.from, Number.isInteger(b.from) ? 0 : scale.decimals)}
          </Text>
        ))}
      </View>
    </View>
  );
}

export interface TimePoint {
  date: string;
  value: number;
  /** Points of one series are comparable and joined by the line; it breaks where the series changes (decision 188). */
  series: string;
}

/** Consecutive runs of points of one series (each drawn as its own line). */
function runsOf<T extends { series: string }>(points: T[]): T[][] {
  const runs: T[][] = [];
  for (const p of points) {
    const run = runs.at(-1);
    if (run && run[0]?.series === p.series) run.push(p);
    else runs.push([p]);
  }
  return runs;
}

const DAY_MS = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The date axis: evenly spaced days from the first to the last point (at most four, so labels never overlap). */
function dateTicks(t0: number, t1: number, points: number): number[] {
  if (t1 === t0) return [t0];
  const n = Math.min(4, Math.max(2, points));
  return Array.from({ length: n }, (_, i) => t0 + Math.round(((t1 - t0) * i) / (n - 1) / DAY_MS) * DAY_MS);
}

const CHART = { width: 240, height: 110, left: 34, bottom: 22, top: 6, right: 8 };

/** One series over time: points placed by date, the y axis labelled in the unit, the x axis in dates. */
export function TimeChart(props: {
  title: string;
  unit: string;
  axisTitle: string;
  points: TimePoint[];
  fmt: ReportFormat;
  digits?: number;
}) {
  const { points, fmt } = props;
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return null;
  const digits = props.digits ?? 1;
  const plotW = CHART.width - CHART.left - CHART.right;
  const plotH = CHART.height - CHART.top - CHART.bottom;
  const time = (p: TimePoint) => Date.parse(`${p.date}T12:00:00Z`);
  const times = points.map(time);
  const t0 = Math.min(...times);
  const t1 = Math.max(...times);
  const ys = points.map((p) => p.value);
  const pad = (Math.max(...ys) - Math.min(...ys)) * 0.1 || Math.max(1, Math.abs(first.value) * 0.05);
  const y0 = Math.min(...ys) - pad;
  const y1 = Math.max(...ys) + pad;
  const x = (t: number) => CHART.left + (t1 === t0 ? plotW / 2 : ((t - t0) / (t1 - t0)) * plotW);
  const y = (v: number) => CHART.top + plotH - ((v - y0) / (y1 - y0)) * plotH;
  const xy = points.map((p) => ({ x: x(time(p)), y: y(p.value), series: p.series }));
  const yTicks = [y0 + pad, (y0 + y1) / 2, y1 - pad];
  const xTicks = dateTicks(t0, t1, new Set(points.map((p) => p.date)).size);
  const label = { position: 'absolute' as const, fontSize: 6.5, color: COLOURS.muted };
  return (
    <View style={{ width: CHART.width + 10 }} wrap={false}>
      <Text style={styles.bold}>{`${props.title} (${props.unit})`}</Text>
      <View style={{ position: 'relative', width: CHART.width, height: CHART.height + 10 }}>
        <Svg width={CHART.width} height={CHART.height}>
          <Line
            x1={CHART.left}
            y1={CHART.top + plotH}
            x2={CHART.left + plotW}
            y2={CHART.top + plotH}
            stroke="#9aa5b1"
            strokeWidth={0.6}
          />
          <Line
            x1={CHART.left}
            y1={CHART.top}
            x2={CHART.left}
            y2={CHART.top + plotH}
            stroke="#9aa5b1"
            strokeWidth={0.6}
          />
          {yTicks.map((v, i) => (
            <Line
              key={i}
              x1={CHART.left - 2}
              y1={y(v)}
              x2={CHART.left + plotW}
              y2={y(v)}
              stroke={COLOURS.rule}
              strokeWidth={0.4}
            />
          ))}
          {xTicks.map((t, i) => (
            <Line
              key={`t${i}`}
              x1={x(t)}
              y1={CHART.top + plotH}
              x2={x(t)}
              y2={CHART.top + plotH + 3}
              stroke="#9aa5b1"
              strokeWidth={0.6}
            />
          ))}
          {runsOf(xy)
            .filter((run) => run.length > 1)
            .map((run, i) => (
              <Polyline
                key={i}
                points={run.map((p) => `${p.x},${p.y}`).join(' ')}
                stroke={COLOURS.accent}
                strokeWidth={1.2}
                fill="none"
              />
            ))}
          {xy.map((p, i) => (
            <Circle key={i} cx={p.x} cy={p.y} r={2.2} fill={COLOURS.accent} />
          ))}
        </Svg>
        {yTicks.map((v, i) => (
          <Text key={`y${i}`} style={[label, { left: 0, width: CHART.left - 4, textAlign: 'right', top: y(v) - 4 }]}>
            {fmt.num(v, digits)}
          </Text>
        ))}
        {xTicks.map((t, i) => (
          <Text
            key={`x${i}`}
            style={[label, { top: CHART.top + plotH + 4, left: x(t) - 30, width: 60, textAlign: 'center' }]}
          >
            {fmt.shortDate(isoDay(t))}
          </Text>
        ))}
        <Text style={[label, { top: CHART.height, left: CHART.left, width: plotW, textAlign: 'center' }]}>
          {props.axisTitle}
        </Text>
      </View>
    </View>
  );
}

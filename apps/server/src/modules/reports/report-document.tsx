import type { Language } from '@medida/contracts';
import type { EquationRef, EvaluationInput, EvaluationResult } from '@medida/domain';
import { EQUATIONS, EXAM_CATALOGUE } from '@medida/domain';
import {
  Circle,
  Document,
  Font,
  Line,
  Page,
  Polyline,
  renderToBuffer,
  StyleSheet,
  Svg,
  Text,
  View,
} from '@react-pdf/renderer';
import { categoryName, methodName, nutrientName, text, warningText, type TextKey } from './report-texts.ts';

/** Everything the report shows; built from the evaluation detail (reports.service.ts). */
export interface ReportModel {
  lang: Language;
  evaluationId: number;
  version: number;
  evaluationType: number;
  fecha: string;
  engineVersion: string;
  inputs: EvaluationInput;
  results: EvaluationResult;
  client: { nombre: string; apellido: string; email: string; rut: string | null };
  evaluator: { nombre: string; apellido: string; especialidad: string | null; email: string };
  history: Array<{ fecha: string; peso: number; body_fat_percent: number | null }>;
}

// The standard Helvetica font of react-pdf draws Latin-1 only: other characters become readable ASCII.
const REPLACE: Record<string, string> = {
  '≥': '>=',
  '≤': '<=',
  '−': '-',
  '‑': '-',
  '–': '-',
  '—': '-',
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '…': '...',
  '•': '-',
  '≈': '~',
  '€': 'EUR',
  '\u00a0': ' ',
};
export function pdfSafe(s: string): string {
  let out = '';
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    if (code === 10 || (code >= 32 && code < 127) || (code >= 161 && code <= 255)) out += ch;
    else out += REPLACE[ch] ?? '?';
  }
  return out;
}

// Whole words only: hyphenated names and citations would read badly (and not be searchable).
Font.registerHyphenationCallback((word) => [word]);

const styles = StyleSheet.create({
  page: { padding: 36, paddingBottom: 48, fontSize: 9, fontFamily: 'Helvetica', color: '#1f2933' },
  title: { fontSize: 16, fontFamily: 'Helvetica-Bold', marginBottom: 8 },
  h2: { fontSize: 11, fontFamily: 'Helvetica-Bold', marginTop: 12, marginBottom: 4 },
  header: { flexDirection: 'row', gap: 12, marginBottom: 4 },
  box: { flex: 1, padding: 6, borderWidth: 0.5, borderColor: '#9aa5b1' },
  label: { color: '#52606d' },
  bold: { fontFamily: 'Helvetica-Bold' },
  row: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: '#d9e2ec', paddingVertical: 2 },
  headRow: {
    flexDirection: 'row',
    borderBottomWidth: 1,
    borderBottomColor: '#52606d',
    paddingVertical: 2,
    fontFamily: 'Helvetica-Bold',
  },
  small: { fontSize: 7, color: '#52606d' },
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

const n = (v: number, digits = 1) => v.toFixed(digits);

/** Numbered references: each equation cited once, shown as [k] in the tables. */
class Sources {
  private ids = new Map<string, number>();
  readonly list: EquationRef[] = [];
  cite(eq: EquationRef | null | undefined): string {
    if (!eq) return '';
    let k = this.ids.get(eq.id);
    if (k === undefined) {
      k = this.list.length + 1;
      this.ids.set(eq.id, k);
      this.list.push(eq);
    }
    return `[${k}] ${eq.name}`;
  }
}

interface ResultRow {
  label: TextKey;
  value: string;
  category?: string | undefined;
  source?: EquationRef | null | undefined;
}

function resultRows(lang: Language, r: EvaluationResult): ResultRow[] {
  const cat = (c: string | null | undefined) => categoryName(lang, c);
  const rows: ResultRow[] = [
    { label: 'bmi', value: `${n(r.bmi.value)} kg/m²`, category: cat(r.bmi.category), source: r.bmi.equation },
    {
      label: 'idealWeight',
      value: `${n(r.ideal_weight.kg)} kg (${n(r.ideal_weight.min_kg)}–${n(r.ideal_weight.max_kg)} kg)`,
      source: r.ideal_weight.equation,
    },
    {
      label: 'bodyFat',
      value: `${n(r.body_fat.percent)} % · ${n(r.body_fat.kg)} kg${r.body_fat.chosen ? ` (${text(lang, 'chosenByProfessional')})` : ''}`,
      category: cat(r.body_fat.category?.value),
      source: r.body_fat.equation,
    },
    { label: 'leanMass', value: `${n(r.lean_mass.kg)} kg · ${n(r.lean_mass.percent)} %`, source: r.body_fat.equation },
    {
      label: 'muscleMass',
      value: `${n(r.muscle_mass.kg)} kg · ${n(r.muscle_mass.percent)} %`,
      source: r.muscle_mass.equation,
    },
    { label: 'residualMass', value: `${n(r.residual_mass.kg)} kg`, source: r.residual_mass.equation },
  ];
  if (r.bone_mass) rows.push({ label: 'boneMass', value: `${n(r.bone_mass.kg)} kg`, source: r.bone_mass.equation });
  rows.push({
    label: 'visceralFat',
    value: n(r.visceral_fat.value, 2),
    category: cat(r.visceral_fat.category),
    source: r.visceral_fat.equation,
  });
  if (r.metabolic_age)
    rows.push({
      label: 'metabolicAge',
      value: `${n(r.metabolic_age.years, 0)} ${text(lang, 'years')} (${text(lang, 'estimate')})`,
      source: r.metabolic_age.equation,
    });
  rows.push({ label: 'bmr', value: `${n(r.bmr.kcal, 0)} kcal`, source: r.bmr.equation });
  const e = r.energy;
  rows.push({
    label: 'energy',
    value:
      (['sedentary', 'low', 'moderate', 'high'] as const).map((l) => `${cat(l)} ${n(e[l].avg, 0)}`).join(' · ') +
      ' kcal',
    source: r.energy_equation,
  });
  const m = r.macros;
  rows.push({
    label: 'macros',
    value: `${text(lang, 'protein')} ${n(m.protein.g, 0)} g · ${text(lang, 'carbohydrate')} ${n(m.carbohydrate.g, 0)} g · ${text(lang, 'fat')} ${n(m.fat.g, 0)} g (${n(m.kcal, 0)} kcal)`,
    source: m.equation,
  });
  rows.push({
    label: 'waistHeight',
    value: n(r.waist_height.value, 2),
    category: cat(r.waist_height.risk),
    source: r.waist_height.equation,
  });
  rows.push({
    label: 'waistHip',
    value: n(r.waist_hip.value, 2),
    category: cat(r.waist_hip.risk),
    source: r.waist_hip.equation,
  });
  rows.push({ label: 'waist', value: `${n(r.waist.cm)} cm`, category: cat(r.waist.who), source: r.waist.equation });
  rows.push({
    label: 'bloodPressure',
    value: `${n(r.blood_pressure.systolic, 0)}/${n(r.blood_pressure.diastolic, 0)} mmHg`,
    category: cat(r.blood_pressure.category),
    source: r.blood_pressure.equation,
  });
  if (r.rockport)
    rows.push({
      label: 'rockport',
      value: `${n(r.rockport.vo2max)} mL/kg/min`,
      category: cat(r.rockport.category),
      source: r.rockport.equation,
    });
  if (r.fitness?.source === 'measured')
    rows.push({
      label: 'vo2maxMeasured',
      value: `${n(r.fitness.vo2max)} mL/kg/min`,
      category: cat(r.fitness.category),
      source: r.fitness.category_equation,
    });
  const tv = r.training_volume;
  if (tv)
    rows.push({
      label: 'trainingVolume',
      value:
        tv.percent !== null
          ? `${n(tv.percent, 0)} %`
          : `${n(tv.minutes_per_week ?? 0, 0)} ${text(lang, 'minutesPerWeek')}`,
    });
  if (r.training_level) rows.push({ label: 'trainingLevel', value: cat(r.training_level) });
  const device = r.device ? deviceReadings(lang, r.device) : '';
  if (device) rows.push({ label: 'deviceReadings', value: device });
  return rows;
}

/** The bioimpedance device's own readings in one line, beside (not instead of) the computed values. */
function deviceReadings(lang: Language, d: NonNullable<EvaluationResult['device']>): string {
  const parts: Array<[TextKey, number | null, number, string]> = [
    ['deviceMuscle', d.muscle_kg, 1, ' kg'],
    ['deviceVisceral', d.visceral_level, 0, ''],
    ['deviceWater', d.water_pct, 1, ' %'],
    ['devicePhaseAngle', d.phase_angle, 1, '°'],
    ['deviceBmr', d.bmr_kcal, 0, ' kcal'],
  ];
  return parts
    .filter(([, v]) => v !== null)
    .map(([key, v, digits, unit]) => `${text(lang, key)} ${n(v!, digits)}${unit}`)
    .join(' · ');
}

/** " (equation name)" for a warning about one equation, from the engine's registry. */
function equationSuffix(id: string | undefined): string {
  const eq = id ? EQUATIONS.find((e) => e.id === id) : undefined;
  return eq ? ` (${eq.name})` : '';
}

function Table({ head, rows, widths }: { head: string[]; rows: string[][]; widths: number[] }) {
  return (
    <View>
      <View style={styles.headRow} wrap={false}>
        {head.map((h, i) => (
          <Text key={i} style={{ width: `${widths[i]}%`, paddingRight: 4 }}>
            {pdfSafe(h)}
          </Text>
        ))}
      </View>
      {rows.map((cells, r) => (
        <View key={r} style={styles.row} wrap={false}>
          {cells.map((c, i) => (
            <Text key={i} style={{ width: `${widths[i]}%`, paddingRight: 4 }}>
              {pdfSafe(c)}
            </Text>
          ))}
        </View>
      ))}
    </View>
  );
}

/** One series over time as a line with points, drawn with Svg primitives. */
function Chart({ title, points, unit }: { title: string; points: Array<{ x: string; y: number }>; unit: string }) {
  const W = 240;
  const H = 90;
  const pad = 6;
  const ys = points.map((p) => p.y);
  const min = Math.min(...ys);
  const max = Math.max(...ys);
  const span = max - min || 1;
  const xy = points.map((p, i) => ({
    x: pad + (points.length === 1 ? (W - 2 * pad) / 2 : (i * (W - 2 * pad)) / (points.length - 1)),
    y: H - pad - ((p.y - min) / span) * (H - 2 * pad),
  }));
  return (
    <View style={{ width: W + 10 }}>
      <Text style={styles.bold}>{pdfSafe(`${title} (${unit})`)}</Text>
      <Svg width={W} height={H}>
        <Line x1={pad} y1={H - pad} x2={W - pad} y2={H - pad} stroke="#9aa5b1" strokeWidth={0.5} />
        <Line x1={pad} y1={pad} x2={pad} y2={H - pad} stroke="#9aa5b1" strokeWidth={0.5} />
        {xy.length > 1 ? (
          <Polyline points={xy.map((p) => `${p.x},${p.y}`).join(' ')} stroke="#2f80ed" strokeWidth={1.2} fill="none" />
        ) : null}
        {xy.map((p, i) => (
          <Circle key={i} cx={p.x} cy={p.y} r={2} fill="#2f80ed" />
        ))}
      </Svg>
      <Text style={styles.small}>
        {pdfSafe(`${points[0]!.x} – ${points.at(-1)!.x} · min ${n(min)} · max ${n(max)}`)}
      </Text>
    </View>
  );
}

/** The evaluation report (spec §7 enviarevalua; issue 5): header, results with sources, history, food guide. */
export function ReportDocument({ model, password }: { model: ReportModel; password?: string | undefined }) {
  const { lang, results: r } = model;
  const t = (key: TextKey) => text(lang, key);
  const sources = new Sources();
  const rows = resultRows(lang, r).map((row) => [
    t(row.label),
    row.value,
    row.category ?? '',
    sources.cite(row.source),
  ]);
  const comparisons = r.comparisons.map((c) => [
    sources.cite(c.equation),
    `${n(c.percent)} % · ${n(c.kg)} kg`,
    [c.primary ? t('primary') : '', c.estimate ? t('estimate') : '', c.within_validity ? '' : t('outsideValidity')]
      .filter(Boolean)
      .join(', '),
  ]);
  // Name and limits from the catalogue in the report's language (the result keeps the evaluation's).
  const exams = r.exams.map((e) => {
    const def = EXAM_CATALOGUE[e.id];
    return [
      def.name[lang],
      `${n(e.value, def.decimals)} ${e.unit}`,
      categoryName(lang, e.status),
      def.limit(r.sex)[lang],
    ];
  });
  const weights = model.history.map((h) => ({ x: h.fecha, y: h.peso }));
  const fats = model.history
    .filter((h) => h.body_fat_percent !== null)
    .map((h) => ({ x: h.fecha, y: h.body_fat_percent! }));
  const guide = r.food_guide;
  const encryption = password
    ? {
        userPassword: password,
        ownerPassword: password,
        pdfVersion: '1.7ext3' as const,
        permissions: { printing: 'highResolution' as const, copying: false, modifying: false },
      }
    : {};
  const fullName = (p: { nombre: string; apellido: string }) => `${p.nombre} ${p.apellido}`;

  return (
    <Document
      title={pdfSafe(`${t('title')} #${model.evaluationId}`)}
      author="Medida"
      language={lang}
      creationDate={new Date(`${model.fecha}T12:00:00Z`)}
      {...encryption}
    >
      <Page size="A4" style={styles.page}>
        <Text style={styles.title}>{pdfSafe(t('title'))}</Text>
        <View style={styles.header}>
          <View style={styles.box}>
            <Text style={styles.label}>{pdfSafe(t('professional'))}</Text>
            <Text style={styles.bold}>{pdfSafe(fullName(model.evaluator))}</Text>
            <Text>{pdfSafe([model.evaluator.especialidad, model.evaluator.email].filter(Boolean).join(' · '))}</Text>
          </View>
          <View style={styles.box}>
            <Text style={styles.label}>{pdfSafe(t('client'))}</Text>
            <Text style={styles.bold}>{pdfSafe(fullName(model.client))}</Text>
            <Text>{pdfSafe([model.client.rut, model.client.email].filter(Boolean).join(' · '))}</Text>
          </View>
        </View>
        <Text>
          {pdfSafe(
            `${t('date')}: ${model.fecha} · ${t('method')}: ${methodName(lang, model.evaluationType)} · ${t('age')}: ${r.age.years} ${t('years')} · ${t('version')} ${model.version} · ${t('engine')} ${model.engineVersion}`,
          )}
        </Text>

        <Text style={styles.h2}>{pdfSafe(t('results'))}</Text>
        <Table head={[t('measure'), t('value'), t('category'), t('source')]} rows={rows} widths={[22, 30, 18, 30]} />

        {comparisons.length > 0 ? (
          <View wrap={false}>
            <Text style={styles.h2}>{pdfSafe(t('comparisons'))}</Text>
            <Table head={[t('equation'), t('value'), '']} rows={comparisons} widths={[55, 20, 25]} />
          </View>
        ) : null}

        {exams.length > 0 ? (
          <View>
            <Text style={styles.h2}>{pdfSafe(t('exams'))}</Text>
            <Table head={[t('measure'), t('value'), t('category'), '']} rows={exams} widths={[30, 20, 20, 30]} />
          </View>
        ) : null}

        {r.warnings.length > 0 ? (
          <View>
            <Text style={styles.h2}>{pdfSafe(t('warnings'))}</Text>
            {r.warnings.map((w, i) => (
              <Text key={i}>{pdfSafe(`• ${warningText(lang, w.code, w.params)}${equationSuffix(w.equation)}`)}</Text>
            ))}
          </View>
        ) : null}

        <View wrap={false}>
          <Text style={styles.h2}>{pdfSafe(t('history'))}</Text>
          {model.history.length < 2 ? <Text>{pdfSafe(t('noHistory'))}</Text> : null}
          {model.history.length > 0 ? (
            <View style={{ flexDirection: 'row', gap: 12 }}>
              <Chart title={t('weight')} unit="kg" points={weights} />
              {fats.length > 0 ? <Chart title={t('fatPercent')} unit="%" points={fats} /> : null}
            </View>
          ) : null}
        </View>

        <View wrap={false}>
          <Text style={styles.h2}>{pdfSafe(t('foodGuide'))}</Text>
          <Text style={styles.small}>{pdfSafe(sources.cite(guide.equation))}</Text>
          {(['solid', 'liquid'] as const).map((form) => (
            <View key={form} style={{ marginTop: 4 }}>
              <Text style={styles.bold}>{pdfSafe(t(form))}</Text>
              <Table
                head={[t('nutrient'), t('green'), t('red')]}
                rows={guide.thresholds[form].map((th) => [
                  nutrientName(lang, th.nutrient) + (th.label ? ` (${th.label})` : ''),
                  `${th.green_max} ${th.unit}`,
                  `${th.red_above} ${th.unit}`,
                ])}
                widths={[50, 25, 25]}
              />
            </View>
          ))}
        </View>

        <Text style={styles.h2}>{pdfSafe(t('references'))}</Text>
        {sources.list.map((eq, i) => (
          <Text key={eq.id} style={styles.small}>
            {pdfSafe(`[${i + 1}] ${eq.name}. ${eq.citation}`)}
          </Text>
        ))}

        <View style={styles.footer} fixed>
          <Text>{pdfSafe(t('disclaimer'))}</Text>
          <Text render={({ pageNumber, totalPages }) => pdfSafe(`${t('page')} ${pageNumber}/${totalPages}`)} />
        </View>
      </Page>
    </Document>
  );
}

/** Renders the report; with a password the PDF is AES-256 encrypted (PDF 1.7 ext 3). */
export async function renderReportPdf(model: ReportModel, options: { password?: string } = {}): Promise<Buffer> {
  return renderToBuffer(<ReportDocument model={model} password={options.password} />);
}

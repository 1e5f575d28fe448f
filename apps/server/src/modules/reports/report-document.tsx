import type { Language, UnitSystem } from '@medida/contracts';
import { especialidadName, formatNationalId } from '@medida/contracts';
import type { EquationRef, EvaluationInput, EvaluationResult, KeyResultScale } from '@medida/domain';
import {
  bodyFatSeries,
  categoryName,
  engineText,
  equationName,
  examLimit,
  examName,
  EXAM_CATALOGUE,
  keyResultScales,
  localizeEquation,
  methodName,
  nutrientName,
} from '@medida/domain';
import { Document, Image, Page, renderToBuffer, Text, View } from '@react-pdf/renderer';
import './report-fonts.ts';
import { reportFormat, type ReportFormat } from './report-format.ts';
import { inputPairs, conditionLines } from './report-inputs.ts';
import { isakChartPoints, isakReport, IsakSection } from './report-isak.tsx';
import { KeyResultBar, Pairs, styles, Table, TimeChart } from './report-parts.tsx';
import { resultRows, riskRows } from './report-results.ts';
import { text, type TextKey } from './report-texts.ts';

/** Everything the report shows; built from the evaluation detail (reports.service.ts). */
export interface ReportModel {
  lang: Language;
  /** The evaluator's units (decision 183): weights and lengths in kg and cm, or lb and in. */
  units: UnitSystem;
  /** The client's country (ISO 3166 alpha-2): the region of numbers and dates (es-AR, pt-PT…). */
  countryIso2: string | null;
  evaluationId: number;
  version: number;
  evaluationType: number;
  fecha: string;
  engineVersion: string;
  inputs: EvaluationInput;
  results: EvaluationResult;
  client: { nombre: string; apellido: string; email: string; rut: string | null };
  evaluator: {
    nombre: string;
    apellido: string;
    especialidad: string | null;
    email: string;
    telefono: string | null;
    /** The professional's avatar as a PNG data URI (report-logo.ts), drawn left of the name; null: none. */
    logo: string | null;
  };
  history: Array<{
    fecha: string;
    evaluation_type: number;
    peso: number;
    body_fat_percent: number | null;
    body_fat_equation: string | null;
    /** ISAK profiles (type 5): the somatotype for the somatochart's earlier points. */
    id?: number;
    somatotype?: { endomorphy: number; mesomorphy: number; ectomorphy: number; x: number; y: number } | null;
  }>;
}

/**
 * Numbered references: each equation cited once, shown as [k] with its name in the report's language;
 * the list at the end prints the client's citation (internal notes replaced, decision 150).
 */
class Sources {
  private ids = new Map<string, number>();
  readonly list: EquationRef[] = [];
  constructor(private readonly lang: Language) {}
  cite(equation: EquationRef | null | undefined): string {
    const eq = localizeEquation(equation, this.lang);
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

const SCALE_LABEL: Record<KeyResultScale['id'], TextKey> = {
  weight: 'weight',
  bmi: 'bmi',
  body_fat: 'bodyFat',
  waist_height: 'waistHeight',
  systolic: 'systolic',
};
const BAND_WORD = { low: 'bandLow', normal: 'bandNormal', raised: 'bandRaised', high: 'bandHigh' } as const;

/** The engine's category for a key result; the band's word where the engine has none (weight). */
function scaleCategory(lang: Language, scale: KeyResultScale, r: EvaluationResult): string {
  const engine: Record<KeyResultScale['id'], string | null | undefined> = {
    weight: null,
    bmi: r.bmi.category,
    body_fat: r.body_fat.category?.value,
    waist_height: r.waist_height.risk,
    systolic: r.blood_pressure.category,
  };
  const code = engine[scale.id];
  if (code) return categoryName(code, lang);
  const band = scale.bands.find((b) => scale.value >= b.from && scale.value < b.to) ?? scale.bands.at(-1);
  return band ? text(lang, BAND_WORD[band.level]) : '';
}

const fullName = (p: { nombre: string; apellido: string }) => `${p.nombre} ${p.apellido}`;

function Header({ model, t, fmt }: { model: ReportModel; t: (k: TextKey) => string; fmt: ReportFormat }) {
  const e = model.evaluator;
  return (
    <View style={styles.header} fixed>
      <View style={{ maxWidth: '60%', flexDirection: 'row', gap: 8 }}>
        {e.logo ? <Image src={e.logo} style={styles.logo} /> : null}
        <View>
          <Text style={[styles.bold, { fontSize: 11 }]}>{fullName(e)}</Text>
          {/* Stored in Spanish (the spec's list): written in the report's language. */}
          {e.especialidad ? <Text>{especialidadName(e.especialidad, model.lang)}</Text> : null}
          <Text style={styles.muted}>{[e.email, e.telefono].filter(Boolean).join(' · ')}</Text>
        </View>
      </View>
      <View style={{ alignItems: 'flex-end', maxWidth: '40%' }}>
        <Text style={[styles.bold, { fontSize: 11 }]}>{t('title')}</Text>
        <Text>{fullName(model.client)}</Text>
        <Text style={styles.muted}>{`${t('evaluationDate')}: ${fmt.date(model.fecha)}`}</Text>
      </View>
    </View>
  );
}

function Footer({ t }: { t: (k: TextKey) => string }) {
  return (
    <View style={styles.footer} fixed>
      <Text>{t('disclaimer')}</Text>
      <Text render={({ pageNumber, totalPages }) => `${t('page')} ${pageNumber} / ${totalPages}`} />
    </View>
  );
}

/**
 * Weight and fat % over time (decision 188): weight joins every evaluation (measured the same way whatever the
 * method); fat % joins only figures of one method and equation, so the line breaks where either changes.
 */
function History({ model, t, fmt }: { model: ReportModel; t: (k: TextKey) => string; fmt: ReportFormat }) {
  const weights = model.history.map((h) => ({ date: h.fecha, value: fmt.inUnits(h.peso, 'kg'), series: '' }));
  const fats = model.history.flatMap((h) =>
    h.body_fat_percent === null
      ? []
      : [
          {
            date: h.fecha,
            value: h.body_fat_percent,
            series: h.body_fat_equation === null ? '' : bodyFatSeries(h.evaluation_type, h.body_fat_equation),
          },
        ],
  );
  const fatBreaks = fats.some((p, i) => i > 0 && p.series !== fats[i - 1]?.series);
  return (
    <View wrap={false}>
      <Text style={styles.h2}>{t('history')}</Text>
      {model.history.length < 2 ? <Text>{t('noHistory')}</Text> : null}
      {model.history.length > 1 ? (
        <View style={{ flexDirection: 'row', gap: 12 }}>
          <TimeChart title={t('weight')} unit={fmt.unit('kg')} axisTitle={t('timeAxis')} points={weights} fmt={fmt} />
          {fats.length > 0 ? (
            <TimeChart title={t('bodyFat')} unit="%" axisTitle={t('timeAxis')} points={fats} fmt={fmt} />
          ) : null}
        </View>
      ) : null}
      {fatBreaks ? <Text style={styles.small}>{t('methodChange')}</Text> : null}
    </View>
  );
}

/** The first page: who and when, then each key result as a bar against its normal range, key figures, history. */
function Summary({ model, t, fmt }: { model: ReportModel; t: (k: TextKey) => string; fmt: ReportFormat }) {
  const { lang, results: r, inputs } = model;
  const client = [
    [t('client'), fullName(model.client)],
    ...(model.client.rut ? [[t('nationalId'), formatNationalId(model.client.rut)]] : []),
    [t('age'), `${r.age.years} ${t('years')}`],
    [t('sex'), t(r.sex === 'M' ? 'male' : 'female')],
    [t('method'), methodName(model.evaluationType, lang)],
    [t('evaluationDate'), fmt.date(model.fecha)],
  ] as Array<[string, string]>;
  const figures: Array<[string, string]> = [
    [t('bodyFat'), fmt.mass(r.body_fat.kg)],
    [t('leanMass'), fmt.mass(r.lean_mass.kg)],
    [t('muscleMass'), fmt.mass(r.muscle_mass.kg)],
    [t('bmr'), `${fmt.num(r.bmr.kcal, 0)} kcal`],
  ];
  return (
    <View>
      <Pairs pairs={client} />
      <Text style={styles.h2}>{t('atAGlance')}</Text>
      <Text style={[styles.small, { marginBottom: 10 }]}>{t('atAGlanceHint')}</Text>
      {keyResultScales(r, inputs.peso)
        .map((metric) => fmt.scale(metric))
        .map((scale) => (
          <KeyResultBar
            key={scale.id}
            label={t(SCALE_LABEL[scale.id])}
            scale={scale}
            category={scaleCategory(lang, scale, r)}
            fmt={fmt}
          />
        ))}
      <Text style={styles.h2}>{t('keyNumbers')}</Text>
      <View style={{ flexDirection: 'row', gap: 8 }}>
        {figures.map(([label, value]) => (
          <View key={label} style={{ flex: 1, padding: 8, borderWidth: 0.5, borderColor: '#9aa5b1', borderRadius: 3 }}>
            <Text style={styles.muted}>{label}</Text>
            <Text style={{ fontSize: 13, fontWeight: 700 }}>{value}</Text>
          </View>
        ))}
      </View>
      {/* The history fills page 1 (it was half blank) and shortens the details that follow. */}
      <History model={model} t={t} fmt={fmt} />
    </View>
  );
}

/** The evaluation report (spec §7 enviarevalua; issues 5 and 14): a summary page, then the details. */
function ReportDocument({ model, password }: { model: ReportModel; password?: string | undefined }) {
  const { lang, results: r, inputs } = model;
  const t = (key: TextKey) => text(lang, key);
  const fmt = reportFormat(lang, model.countryIso2, model.units);
  const sources = new Sources(lang);
  // The ISAK page comes first after the summary: its sources are numbered first (decision 198).
  const isak = r.isak ? isakReport(lang, r.isak, fmt, (eq) => sources.cite(eq), isakChartPoints(model, r.isak)) : null;
  const rows = resultRows(lang, r, fmt, inputs.ejercita === 'Si').map((row) => [
    t(row.label),
    row.value,
    row.category ?? '',
    sources.cite(row.source),
  ]);
  const risks = riskRows(lang, r).map((row) => [row.label, row.level, sources.cite(row.source)]);
  const comparisons = r.comparisons.map((c) => [
    sources.cite(c.equation),
    `${fmt.num(c.percent)} % · ${fmt.mass(c.kg)}`,
    [c.primary ? t('primary') : '', c.estimate ? t('estimate') : '', c.within_validity ? '' : t('outsideValidity')]
      .filter(Boolean)
      .join(', '),
  ]);
  // Name, unit and limits from the catalogue in the report's language (the result keeps the evaluation's).
  const exams = r.exams.map((e) => {
    return [
      examName(e.id, lang),
      // At the precision the status was decided on (decision 196); results stored before it use the catalogue's.
      `${fmt.num(e.value, e.decimals ?? EXAM_CATALOGUE[e.id].decimals)} ${e.unit}`,
      categoryName(e.status, lang),
      examLimit(e.id, r.sex, lang),
    ];
  });
  const guide = r.food_guide;
  const conditions = conditionLines(lang, inputs);
  const encryption = password
    ? {
        userPassword: password,
        ownerPassword: password,
        pdfVersion: '1.7ext3' as const,
        permissions: { printing: 'highResolution' as const, copying: false, modifying: false },
      }
    : {};

  return (
    <Document
      title={`${t('title')} · ${fullName(model.client)} · ${fmt.date(model.fecha)}`}
      author={fullName(model.evaluator)}
      subject={`${t('title')} #${model.evaluationId}`}
      // The engine and version stay in the metadata, for support: not on the client's pages.
      keywords={`medida evaluation ${model.evaluationId} version ${model.version} engine ${model.engineVersion}`}
      creator="Medida"
      producer="Medida"
      language={fmt.locale}
      creationDate={new Date(`${model.fecha}T12:00:00Z`)}
      {...encryption}
    >
      <Page size="A4" style={styles.page}>
        <Header model={model} t={t} fmt={fmt} />
        <Summary model={model} t={t} fmt={fmt} />
        <Footer t={t} />
      </Page>

      {isak ? (
        <Page size="A4" style={styles.page}>
          <Header model={model} t={t} fmt={fmt} />
          <IsakSection report={isak} head={t} />
          <Footer t={t} />
        </Page>
      ) : null}

      <Page size="A4" style={styles.page}>
        <Header model={model} t={t} fmt={fmt} />
        <Text style={styles.h1}>{t('details')}</Text>

        <Text style={styles.h2}>{t('measurements')}</Text>
        {inputPairs(lang, inputs, fmt).map((group) => (
          <View key={group.title} wrap={false}>
            <Text style={styles.h3}>{t(group.title)}</Text>
            <Pairs pairs={group.pairs} />
          </View>
        ))}

        <View wrap={false}>
          <Text style={styles.h3}>{t('conditions')}</Text>
          {conditions.length === 0 ? <Text>{t('noConditions')}</Text> : null}
          {conditions.map((line, i) => (
            <Text key={i}>{`• ${line}`}</Text>
          ))}
        </View>

        {exams.length > 0 ? (
          <View>
            <Text style={styles.h2}>{t('exams')}</Text>
            <Table
              head={[t('measure'), t('value'), t('category'), t('referenceRange')]}
              rows={exams}
              widths={[30, 20, 18, 32]}
            />
          </View>
        ) : null}

        <Text style={styles.h2}>{t('results')}</Text>
        <Table head={[t('measure'), t('value'), t('category'), t('source')]} rows={rows} widths={[22, 30, 18, 30]} />
        <Text style={styles.small}>{t('classifiedAsShown')}</Text>

        {comparisons.length > 0 ? (
          <View wrap={false}>
            <Text style={styles.h2}>{t('comparisons')}</Text>
            <Table head={[t('equation'), t('value'), '']} rows={comparisons} widths={[55, 20, 25]} />
          </View>
        ) : null}

        {risks.length > 0 ? (
          <View wrap={false}>
            <Text style={styles.h2}>{t('risks')}</Text>
            <Table head={[t('measure'), t('level'), t('source')]} rows={risks} widths={[40, 25, 35]} />
          </View>
        ) : null}

        {r.warnings.length > 0 ? (
          <View>
            <Text style={styles.h2}>{t('warnings')}</Text>
            {r.warnings.map((w, i) => (
              <Text key={i}>
                {`• ${engineText(w.code, lang, w.params)}${w.equation ? ` (${equationName(w.equation, lang)})` : ''}`}
              </Text>
            ))}
          </View>
        ) : null}

        <View wrap={false}>
          <Text style={styles.h2}>{t('foodGuide')}</Text>
          <Text style={styles.small}>{sources.cite(guide.equation)}</Text>
          {/* The client's country's guide (decision 187); per serving (the US) one table serves foods and drinks. */}
          {(guide.basis.solid === 'per_serving' ? (['solid'] as const) : (['solid', 'liquid'] as const)).map((form) => (
            <View key={form} style={{ marginTop: 4 }}>
              <Text style={styles.bold}>{t(guide.basis[form] === 'per_serving' ? 'perServing' : form)}</Text>
              <Table
                head={[
                  t('nutrient'),
                  t('green'),
                  t(guide.thresholds[form].some((th) => th.red_inclusive) ? 'redFrom' : 'red'),
                ]}
                rows={guide.thresholds[form].map((th) => [
                  nutrientName(th.nutrient, lang) + (th.label ? ` (${th.label})` : ''),
                  `${fmt.num(th.green_max, th.green_max % 1 === 0 ? 0 : 1)} ${th.unit}`,
                  `${fmt.num(th.red_above, th.red_above % 1 === 0 ? 0 : 1)} ${th.unit}`,
                ])}
                widths={[50, 25, 25]}
              />
            </View>
          ))}
        </View>

        <Text style={styles.h2}>{t('references')}</Text>
        {sources.list.map((eq, i) => (
          <Text key={eq.id} style={styles.small}>
            {`[${i + 1}] ${eq.name}. ${eq.citation}`}
          </Text>
        ))}
        <Footer t={t} />
      </Page>
    </Document>
  );
}

/** Renders the report; with a password the PDF is AES-256 encrypted (PDF 1.7 ext 3). */
export async function renderReportPdf(model: ReportModel, options: { password?: string } = {}): Promise<Buffer> {
  return renderToBuffer(<ReportDocument model={model} password={options.password} />);
}

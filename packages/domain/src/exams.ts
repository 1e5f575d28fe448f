import {
  ggtStatus,
  glucoseStatus,
  hba1cStatus,
  hdlStatus,
  homaStatus,
  hsCrpStatus,
  insulinStatus,
  LAB_DECIMALS,
  ldlStatus,
  nonHdlStatus,
  tgStatus,
  totalCholesterolStatus,
  vitaminDStatus,
} from './equations/labs.ts';
import type { Sex } from './equations/sex.ts';

export type Lang = 'es' | 'en' | 'pt';
export type Localized = Record<Lang, string>;

export const EXAM_IDS = [
  'crp',
  'fasting_glucose',
  'fasting_triglycerides',
  'hdl',
  'fasting_insulin',
  'hba1c',
  'homa_ir',
  'vitamin_d',
  'ggt',
  'total_cholesterol',
  'non_hdl',
  'ldl',
] as const;
export type ExamId = (typeof EXAM_IDS)[number];

export interface ExamDefinition {
  id: ExamId;
  name: Localized;
  /** Unit every result is stated in (conventional units, formulas.md §12). */
  unit: string;
  /** Accepted input units and the factor that converts them to `unit`. */
  units: Readonly<Record<string, (v: number) => number>>;
  /** Plausible range in `unit`; outside it the value is a field error. */
  range: { min: number; max: number };
  /** Reference limits as shown next to the value. Sex-specific where the limits are. */
  limit: (sex: Sex) => Localized;
  /** Decided on the value rounded to `decimals`, or to the decimals the laboratory reported (decision 196). */
  status: (value: number, sex: Sex, decimals?: 0 | 1 | 2) => string;
  /** Decimals the detail and the PDF print (`LAB_DECIMALS`); the status is decided on that value. */
  decimals: 0 | 1 | 2;
  source: string;
  /** Computed by the engine when its inputs are present and it was not entered. */
  derived_from?: readonly ExamId[];
  /** Spec §3 "type (2)" (decision 195): an analyte a laboratory measures, or an index calculated from other exams. */
  type: ExamType;
  /** The population reference a percentile is read against, or why there is none (decision 195). */
  percentile_reference: Localized;
}

export type ExamType = 'measured' | 'calculated';

/** Indices computed from other exams; every other exam is an analyte the laboratory measures. */
const CALCULATED: ReadonlySet<ExamId> = new Set(['homa_ir', 'non_hdl']);

/**
 * No exam has a population percentile the product can cite with its published figures (decision 195): the
 * guidelines behind every status use fixed clinical cut-offs, and no percentile table (NHANES or national) was
 * transcribed from its source. Said, not invented.
 */
const NO_PERCENTILE_REFERENCE: Localized = Object.freeze({
  es: 'Sin percentil: el producto no cita una tabla poblacional de percentiles con sus cifras publicadas para este examen; el estado se decide con los límites de la guía',
  en: 'No percentile: the product cites no population percentile table with its published figures for this exam; the status is judged against the guideline limits',
  pt: 'Sem percentil: o produto não cita uma tabela populacional de percentis com seus números publicados para este exame; o estado é decidido pelos limites da diretriz',
});

const same = (v: number) => v;
const L = (es: string, en: string, pt: string): Localized => ({ es, en, pt });
const cholUnits = { 'mg/dL': same, 'mmol/L': (v: number) => v * 38.67 };

const defs: Omit<ExamDefinition, 'decimals' | 'type' | 'percentile_reference'>[] = [
  {
    id: 'crp',
    name: L('PCR ultrasensible', 'hs-CRP (C-reactive protein)', 'PCR ultrassensível'),
    unit: 'mg/L',
    units: { 'mg/L': same, 'mg/dL': (v) => v * 10 },
    range: { min: 0.01, max: 500 },
    limit: () =>
      L(
        '< 1 riesgo bajo; 1-3 promedio; > 3 alto; ≥ 10 repetir (inflamación aguda)',
        '< 1 low risk; 1-3 average; > 3 high; ≥ 10 repeat (acute inflammation)',
        '< 1 risco baixo; 1-3 médio; > 3 alto; ≥ 10 repetir (inflamação aguda)',
      ),
    status: (v, _sex, d) => hsCrpStatus(v, d),
    source: 'AHA/CDC, Pearson TA et al. Circulation 2003;107:499-511',
  },
  {
    id: 'fasting_glucose',
    name: L('Glucosa en ayunas', 'Fasting glucose', 'Glicemia de jejum'),
    unit: 'mg/dL',
    units: { 'mg/dL': same, 'mmol/L': (v) => v * 18.016 },
    range: { min: 20, max: 1000 },
    limit: () =>
      L(
        '< 100 normal; 100-125 prediabetes; ≥ 126 rango de diabetes',
        '< 100 normal; 100-125 prediabetes; ≥ 126 diabetes range',
        '< 100 normal; 100-125 pré-diabetes; ≥ 126 faixa de diabetes',
      ),
    status: (v, _sex, d) => glucoseStatus(v, d),
    source: 'ADA Standards of Care in Diabetes 2025, §2',
  },
  {
    id: 'fasting_triglycerides',
    name: L('Triglicéridos en ayunas', 'Fasting triglycerides', 'Triglicerídeos em jejum'),
    unit: 'mg/dL',
    units: { 'mg/dL': same, 'mmol/L': (v) => v * 88.57 },
    range: { min: 10, max: 5000 },
    limit: () =>
      L(
        '< 150 normal; 150-199 límite alto; 200-499 alto; ≥ 500 muy alto',
        '< 150 normal; 150-199 borderline high; 200-499 high; ≥ 500 very high',
        '< 150 normal; 150-199 limítrofe alto; 200-499 alto; ≥ 500 muito alto',
      ),
    status: (v, _sex, d) => tgStatus(v, d),
    source: 'NCEP ATP III 2002',
  },
  {
    id: 'hdl',
    name: L('Colesterol HDL', 'HDL cholesterol', 'Colesterol HDL'),
    unit: 'mg/dL',
    units: cholUnits,
    range: { min: 5, max: 200 },
    limit: (sex) =>
      sex === 'M'
        ? L(
            '< 40 bajo; 40-59 normal; ≥ 60 alto (protector)',
            '< 40 low; 40-59 normal; ≥ 60 high (protective)',
            '< 40 baixo; 40-59 normal; ≥ 60 alto (protetor)',
          )
        : L(
            '< 50 bajo; 50-59 normal; ≥ 60 alto (protector)',
            '< 50 low; 50-59 normal; ≥ 60 high (protective)',
            '< 50 baixo; 50-59 normal; ≥ 60 alto (protetor)',
          ),
    status: (v, sex, d) => hdlStatus(sex, v, d),
    source: 'NCEP ATP III 2002; Alberti KGMM et al. Circulation 2009;120:1640',
  },
  {
    id: 'fasting_insulin',
    name: L('Insulina en ayunas', 'Fasting insulin', 'Insulina de jejum'),
    unit: 'µU/mL',
    units: { 'µU/mL': same, 'uU/mL': same, 'mU/L': same, 'pmol/L': (v) => v / 6 },
    range: { min: 0.5, max: 500 },
    limit: () =>
      L(
        'Rango típico de laboratorio 2-25 (use el de su laboratorio); interpretar con HOMA-IR',
        "Typical lab range 2-25 (use your lab's range); interpret through HOMA-IR",
        'Faixa típica de laboratório 2-25 (use a do seu laboratório); interpretar pelo HOMA-IR',
      ),
    status: (v, _sex, d) => insulinStatus(v, d),
    source: 'No guideline cut-off; laboratory-specific range',
  },
  {
    id: 'hba1c',
    name: L('Hemoglobina glicosilada (HbA1c)', 'Glycated haemoglobin (HbA1c)', 'Hemoglobina glicada (HbA1c)'),
    unit: '%',
    units: { '%': same, 'mmol/mol': (v) => v / 10.929 + 2.15 },
    range: { min: 3, max: 20 },
    limit: () =>
      L(
        '< 5,7 normal; 5,7-6,4 prediabetes; ≥ 6,5 rango de diabetes',
        '< 5.7 normal; 5.7-6.4 prediabetes; ≥ 6.5 diabetes range',
        '< 5,7 normal; 5,7-6,4 pré-diabetes; ≥ 6,5 faixa de diabetes',
      ),
    status: (v, _sex, d) => hba1cStatus(v, d),
    source: 'ADA Standards of Care in Diabetes 2025, §2',
  },
  {
    id: 'homa_ir',
    name: L('Resistencia a la insulina (HOMA-IR)', 'Insulin resistance (HOMA-IR)', 'Resistência à insulina (HOMA-IR)'),
    unit: '',
    units: { '': same },
    range: { min: 0.05, max: 100 },
    limit: () =>
      L(
        '< 2,5 sin alerta; ≥ 2,5 sugiere resistencia a la insulina',
        '< 2.5 no flag; ≥ 2.5 suggests insulin resistance',
        '< 2,5 sem alerta; ≥ 2,5 sugere resistência à insulina',
      ),
    status: (v, _sex, d) => homaStatus(v, d),
    source:
      'Matthews DR et al. Diabetologia 1985;28:412; flag 2.5 product convention (Acosta AM et al. Rev Méd Chile 2002;130:1227)',
    derived_from: ['fasting_glucose', 'fasting_insulin'],
  },
  {
    id: 'vitamin_d',
    name: L('Vitamina D (25-OH)', 'Vitamin D (25-OH)', 'Vitamina D (25-OH)'),
    unit: 'ng/mL',
    units: { 'ng/mL': same, 'nmol/L': (v) => v / 2.496 },
    range: { min: 1, max: 300 },
    limit: () =>
      L(
        '< 20 deficiencia; 20-29 insuficiencia; 30-100 suficiencia; > 100 sobre el rango',
        '< 20 deficiency; 20-29 insufficiency; 30-100 sufficiency; > 100 above range',
        '< 20 deficiência; 20-29 insuficiência; 30-100 suficiência; > 100 acima da faixa',
      ),
    status: (v, _sex, d) => vitaminDStatus(v, d),
    source: 'Endocrine Society 2011, Holick MF et al. JCEM 2011;96:1911 (not endorsed by the 2024 guideline)',
  },
  {
    id: 'ggt',
    name: L('GGT (enzimas hepáticas)', 'GGT (liver enzymes)', 'GGT (enzimas hepáticas)'),
    unit: 'U/L',
    units: { 'U/L': same },
    range: { min: 1, max: 3000 },
    limit: (sex) =>
      sex === 'M' ? L('8-61 normal', '8-61 normal', '8-61 normal') : L('5-36 normal', '5-36 normal', '5-36 normal'),
    status: (v, sex, d) => ggtStatus(sex, v, d),
    source: 'Mayo Clinic Laboratories test catalog (adults; laboratory-specific)',
  },
  {
    id: 'total_cholesterol',
    name: L('Colesterol total', 'Total cholesterol', 'Colesterol total'),
    unit: 'mg/dL',
    units: cholUnits,
    range: { min: 50, max: 1000 },
    limit: () =>
      L(
        '< 200 deseable; 200-239 límite alto; ≥ 240 alto',
        '< 200 desirable; 200-239 borderline high; ≥ 240 high',
        '< 200 desejável; 200-239 limítrofe alto; ≥ 240 alto',
      ),
    status: (v, _sex, d) => totalCholesterolStatus(v, d),
    source: 'NCEP ATP III 2002',
  },
  {
    id: 'non_hdl',
    name: L('Colesterol no HDL', 'Non-HDL cholesterol', 'Colesterol não HDL'),
    unit: 'mg/dL',
    units: cholUnits,
    range: { min: 10, max: 1000 },
    limit: () =>
      L(
        '< 130 deseable; 130-159 sobre lo deseable; 160-189 límite alto; 190-219 alto; ≥ 220 muy alto',
        '< 130 desirable; 130-159 above desirable; 160-189 borderline high; 190-219 high; ≥ 220 very high',
        '< 130 desejável; 130-159 acima do desejável; 160-189 limítrofe alto; 190-219 alto; ≥ 220 muito alto',
      ),
    status: (v, _sex, d) => nonHdlStatus(v, d),
    source: 'NCEP ATP III 2002; NLA 2014',
    derived_from: ['total_cholesterol', 'hdl'],
  },
  {
    id: 'ldl',
    name: L('Colesterol LDL', 'LDL cholesterol', 'Colesterol LDL'),
    unit: 'mg/dL',
    units: cholUnits,
    range: { min: 5, max: 800 },
    limit: () =>
      L(
        '< 100 óptimo; 100-129 casi óptimo; 130-159 límite alto; 160-189 alto; ≥ 190 muy alto',
        '< 100 optimal; 100-129 near optimal; 130-159 borderline high; 160-189 high; ≥ 190 very high',
        '< 100 ótimo; 100-129 quase ótimo; 130-159 limítrofe alto; 160-189 alto; ≥ 190 muito alto',
      ),
    status: (v, _sex, d) => ldlStatus(v, d),
    source: 'NCEP ATP III 2002',
    derived_from: ['total_cholesterol', 'hdl', 'fasting_triglycerides'],
  },
];

/** Limit texts are built once per sex, so results share them instead of rebuilding strings per call. */
function withFixedLimits(d: Omit<ExamDefinition, 'decimals' | 'type' | 'percentile_reference'>): ExamDefinition {
  const bySex = { M: Object.freeze(d.limit('M')), F: Object.freeze(d.limit('F')) };
  return Object.freeze({
    ...d,
    decimals: LAB_DECIMALS[d.id],
    limit: (sex: Sex) => bySex[sex],
    type: CALCULATED.has(d.id) ? 'calculated' : 'measured',
    percentile_reference: NO_PERCENTILE_REFERENCE,
  });
}

export const EXAM_CATALOGUE: Readonly<Record<ExamId, ExamDefinition>> = Object.freeze(
  Object.fromEntries(defs.map((d) => [d.id, withFixedLimits(d)])) as Record<ExamId, ExamDefinition>,
);

/** 'es-CL' → 'es'; unknown languages fall back to Spanish (spec §1). */
export function langOf(locale: string): Lang {
  const l = locale.slice(0, 2).toLowerCase();
  return l === 'en' || l === 'pt' ? l : 'es';
}

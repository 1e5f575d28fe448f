// Laboratory statuses are decided on the value as the detail and the PDF print it (decision 035).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyseExams } from '../exam-results.ts';
import { EXAM_CATALOGUE, EXAM_IDS } from '../exams.ts';
import type { ExamId } from '../exams.ts';
import { WARNING_KEYS } from '../i18n-keys.ts';
import { metabolicSyndrome, metabolicSyndromeAdolescent } from './clinical.ts';
import {
  LAB_DECIMALS,
  ggtStatus,
  glucoseStatus,
  hba1cStatus,
  hdlStatus,
  homaStatus,
  hsCrpStatus,
  insulinStatus,
  ldlStatus,
  nonHdlStatus,
  shownLab,
  tgStatus,
  totalCholesterolStatus,
  vitaminDStatus,
} from './labs.ts';
import type { LabId } from './labs.ts';

type Classifier = (v: number) => string;

/** Every guideline cut-off: the value printed on it belongs to `at`, the step below to `below`. */
const CUTOFFS: ReadonlyArray<[LabId, Classifier, number, string, string]> = [
  ['fasting_glucose', glucoseStatus, 100, 'prediabetes', 'normal'],
  ['fasting_glucose', glucoseStatus, 126, 'diabetes_range', 'prediabetes'],
  ['hba1c', hba1cStatus, 5.7, 'prediabetes', 'normal'],
  ['hba1c', hba1cStatus, 6.5, 'diabetes_range', 'prediabetes'],
  ['homa_ir', homaStatus, 2.5, 'insulin_resistance', 'normal'],
  ['fasting_insulin', insulinStatus, 2, 'normal', 'low'],
  ['fasting_triglycerides', tgStatus, 150, 'borderline_high', 'normal'],
  ['fasting_triglycerides', tgStatus, 200, 'high', 'borderline_high'],
  ['fasting_triglycerides', tgStatus, 500, 'very_high', 'high'],
  ['hdl', (v) => hdlStatus('M', v), 40, 'normal', 'low'],
  ['hdl', (v) => hdlStatus('F', v), 50, 'normal', 'low'],
  ['hdl', (v) => hdlStatus('M', v), 60, 'high', 'normal'],
  ['total_cholesterol', totalCholesterolStatus, 200, 'borderline_high', 'desirable'],
  ['total_cholesterol', totalCholesterolStatus, 240, 'high', 'borderline_high'],
  ['ldl', ldlStatus, 100, 'near_optimal', 'optimal'],
  ['ldl', ldlStatus, 130, 'borderline_high', 'near_optimal'],
  ['ldl', ldlStatus, 160, 'high', 'borderline_high'],
  ['ldl', ldlStatus, 190, 'very_high', 'high'],
  ['non_hdl', nonHdlStatus, 130, 'above_desirable', 'desirable'],
  ['non_hdl', nonHdlStatus, 160, 'borderline_high', 'above_desirable'],
  ['non_hdl', nonHdlStatus, 190, 'high', 'borderline_high'],
  ['non_hdl', nonHdlStatus, 220, 'very_high', 'high'],
  ['vitamin_d', vitaminDStatus, 20, 'insufficiency', 'deficiency'],
  ['vitamin_d', vitaminDStatus, 30, 'sufficiency', 'insufficiency'],
  ['crp', hsCrpStatus, 1, 'average', 'low'],
  ['crp', hsCrpStatus, 10, 'repeat_acute', 'high'],
];

/** Cut-offs where the printed limit itself is still the lower class ("> 25", "> 3", "8-61", "≤ 100"). */
const INCLUSIVE_UPPER: ReadonlyArray<[LabId, Classifier, number, string, string]> = [
  ['fasting_insulin', insulinStatus, 25, 'normal', 'high'],
  ['crp', hsCrpStatus, 3, 'average', 'high'],
  ['vitamin_d', vitaminDStatus, 100, 'sufficiency', 'above_range'],
  ['ggt', (v) => ggtStatus('M', v), 61, 'normal', 'high'],
  ['ggt', (v) => ggtStatus('F', v), 36, 'normal', 'high'],
  ['ggt', (v) => ggtStatus('M', v), 8, 'normal', 'low'],
];

const step = (id: LabId) => 10 ** -LAB_DECIMALS[id];

describe('laboratory statuses on the shown value (decision 035)', () => {
  it('every exam prints at the decimals its status is decided on', () => {
    for (const id of EXAM_IDS) expect(EXAM_CATALOGUE[id].decimals, id).toBe(LAB_DECIMALS[id]);
  });

  const rows = (list: typeof CUTOFFS) => list.map(([id, status, cut, at, other]) => ({ id, status, cut, at, other }));

  it.each(rows(CUTOFFS))('$id at $cut: the printed cut-off is $at', ({ id, status, cut, at, other: below }) => {
    expect(status(cut)).toBe(at);
    expect(status(cut - step(id))).toBe(below);
    // Just under the cut-off, but printed as the cut-off: the class of the printed figure.
    expect(status(cut - step(id) / 2 + 1e-9)).toBe(at);
    expect((cut - step(id) / 2 + 1e-9).toFixed(LAB_DECIMALS[id])).toBe(cut.toFixed(LAB_DECIMALS[id]));
  });

  it.each(rows(INCLUSIVE_UPPER))(
    '$id at $cut: the printed limit stays $at',
    ({ id, status, cut, at, other: beyond }) => {
      expect(status(cut)).toBe(at);
      // Beyond the limit but printed as the limit: still in the band.
      const sign = beyond === 'low' ? -1 : 1;
      const printedAsLimit = cut + sign * (step(id) / 2 - 1e-9);
      expect(printedAsLimit.toFixed(LAB_DECIMALS[id])).toBe(cut.toFixed(LAB_DECIMALS[id]));
      expect(status(printedAsLimit)).toBe(at);
      expect(status(cut + sign * step(id))).toBe(beyond);
    },
  );

  it('unit conversions that land a hair under a cut-off are classed on the printed figure', () => {
    // 5.55 mmol/L × 18.016 = 99.9888 mg/dL, printed "100": prediabetes (ADA 5.6 mmol/L ≈ 100 mg/dL).
    const { exams } = analyseExams([{ name: 'fasting_glucose', value: 5.55, unit: 'mmol/L', status: true }], 'M', 'en');
    expect(exams[0]!.value).toBeLessThan(100);
    expect(exams[0]!.value.toFixed(EXAM_CATALOGUE.fasting_glucose.decimals)).toBe('100');
    expect(exams[0]!.status).toBe('prediabetes');
    // 1.69 mmol/L × 88.57 = 149.68 mg/dL of triglycerides, printed "150": borderline high.
    const tg = analyseExams([{ name: 'fasting_triglycerides', value: 1.69, unit: 'mmol/L', status: true }], 'M', 'en');
    expect(tg.exams[0]!.value.toFixed(0)).toBe('150');
    expect(tg.exams[0]!.status).toBe('borderline_high');
  });

  // Decision 196: a value is classified at the decimals the laboratory reported (9.96 stays 9.96); a converted one
  // at the exam's own precision (0.996 mg/dL = 9.96 mg/L, printed 10.0).
  it('a hs-CRP printed 10.0 asks for a repeat, one printed 9.9 does not', () => {
    const at = analyseExams([{ name: 'crp', value: 0.996, unit: 'mg/dL', status: true }], 'F', 'en');
    expect(at.exams[0]!.status).toBe('repeat_acute');
    expect(at.warnings.map((w) => w.code)).toContain(WARNING_KEYS.crpRepeat);
    const below = analyseExams([{ name: 'crp', value: 0.994, unit: 'mg/dL', status: true }], 'F', 'en');
    expect(below.exams[0]!.status).toBe('high');
    expect(below.warnings.map((w) => w.code)).not.toContain(WARNING_KEYS.crpRepeat);
  });

  // Decision 196: the syndrome reads the values as classified (analyseExams `classified`), not re-rounded.
  it('the metabolic-syndrome lab criteria read the classified value (adults and adolescents)', () => {
    const base = { sex: 'M' as const, waistCm: 95, sys: 120, dia: 70 };
    const classified = (exams: Array<[ExamId, number, string?]>) =>
      analyseExams(
        exams.map(([name, value, unit]) => ({ name, value, status: true, ...(unit ? { unit } : {}) })),
        'M',
        'en',
      ).classified;
    // TG 1.69 mmol/L = 149.68 mg/dL (printed 150) and glucose 5.55 mmol/L = 99.99 (printed 100): three components.
    const c = classified([
      ['fasting_triglycerides', 1.69, 'mmol/L'],
      ['fasting_glucose', 5.55, 'mmol/L'],
    ]);
    expect(
      metabolicSyndrome({ ...base, tg: c.fasting_triglycerides, hdl: 45, glucose: c.fasting_glucose }),
    ).toMatchObject({
      count: 3,
      status: 'present',
    });
    // Reported as 149.6 and 99.5 by the laboratory: below the cut-offs (was "150" and "100" before decision 196).
    const r = classified([
      ['fasting_triglycerides', 149.6],
      ['fasting_glucose', 99.5],
    ]);
    expect(metabolicSyndrome({ ...base, tg: r.fasting_triglycerides, hdl: 45, glucose: r.fasting_glucose }).count).toBe(
      1,
    );
    expect(metabolicSyndrome({ ...base, tg: 100, hdl: 39.6, glucose: 90 }).count).toBe(2); // HDL 39.6 < 40: low
    expect(
      metabolicSyndromeAdolescent({ ...base, tg: c.fasting_triglycerides, hdl: 45, glucose: c.fasting_glucose }).status,
    ).toBe('present');
  });

  it('property: for any value, the status equals the status of the printed figure', () => {
    const cases: Array<[LabId, Classifier]> = [
      ['fasting_glucose', glucoseStatus],
      ['hba1c', hba1cStatus],
      ['homa_ir', homaStatus],
      ['fasting_insulin', insulinStatus],
      ['fasting_triglycerides', tgStatus],
      ['hdl', (v) => hdlStatus('F', v)],
      ['total_cholesterol', totalCholesterolStatus],
      ['ldl', ldlStatus],
      ['non_hdl', nonHdlStatus],
      ['vitamin_d', vitaminDStatus],
      ['ggt', (v) => ggtStatus('M', v)],
      ['crp', hsCrpStatus],
    ];
    fc.assert(
      fc.property(fc.constantFrom(...cases), fc.double({ min: 0.01, max: 600, noNaN: true }), ([id, status], v) => {
        const printed = Number(v.toFixed(LAB_DECIMALS[id]));
        expect(shownLab(id, v)).toBe(printed);
        expect(status(v)).toBe(status(printed));
      }),
      { numRuns: 5000 },
    );
  });
});

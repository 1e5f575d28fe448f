// Issue 31 D12 (decision 196): every classifier decides on its value as shown, at the precision its guideline
// states its cut-offs. Both sides of every cut-off: the printed cut-off is the upper class, one printed step below
// is the lower class, and a value just under the cut-off that prints as the cut-off is the class of its print.
import { describe, expect, it } from 'vitest';
import { DISPLAY_DECIMALS } from './display.ts';
import { bmiClassMinsalOlder, bmiClassWho } from './equations/bmi.ts';
import { bpCategoryAccAha, metabolicSyndrome } from './equations/clinical.ts';
import { fatCategory } from './equations/fat-categories.ts';
import { vo2Category } from './equations/rockport.ts';
import { metsVfIncreased } from './equations/visceral.ts';
import { whrRisk, whtrRisk, waistFlags } from './equations/waist.ts';
import { analyseExams } from './exam-results.ts';
import { evaluate } from './evaluate.ts';
import type { ExamId } from './exams.ts';
import { subjectA } from './test/factories.ts';

type Row = [
  name: string,
  classify: (v: number) => unknown,
  decimals: number,
  cut: number,
  upper: unknown,
  lower: unknown,
];

/** Cut-offs with an inclusive lower bound (the cut-off itself belongs to the upper class). */
const ROWS: Row[] = [
  ['WHO BMI severe/moderate thinness', bmiClassWho, DISPLAY_DECIMALS.bmi, 16, 'moderate_thinness', 'severe_thinness'],
  ['WHO BMI moderate/mild thinness', bmiClassWho, DISPLAY_DECIMALS.bmi, 17, 'mild_thinness', 'moderate_thinness'],
  ['WHO BMI mild thinness/normal', bmiClassWho, DISPLAY_DECIMALS.bmi, 18.5, 'normal', 'mild_thinness'],
  ['WHO BMI normal/pre-obese', bmiClassWho, DISPLAY_DECIMALS.bmi, 25, 'pre_obese', 'normal'],
  ['WHO BMI pre-obese/obesity I', bmiClassWho, DISPLAY_DECIMALS.bmi, 30, 'obesity_1', 'pre_obese'],
  ['WHO BMI obesity I/II', bmiClassWho, DISPLAY_DECIMALS.bmi, 35, 'obesity_2', 'obesity_1'],
  ['WHO BMI obesity II/III', bmiClassWho, DISPLAY_DECIMALS.bmi, 40, 'obesity_3', 'obesity_2'],
  ['MINSAL 65+ underweight/normal', bmiClassMinsalOlder, DISPLAY_DECIMALS.bmi, 23, 'normal', 'underweight'],
  ['MINSAL 65+ normal/overweight', bmiClassMinsalOlder, DISPLAY_DECIMALS.bmi, 28, 'overweight', 'normal'],
  ['MINSAL 65+ overweight/obese', bmiClassMinsalOlder, DISPLAY_DECIMALS.bmi, 32, 'obese', 'overweight'],
  ['WHtR low/healthy', whtrRisk, DISPLAY_DECIMALS.ratio, 0.4, 'healthy', 'low'],
  ['WHtR healthy/increased', whtrRisk, DISPLAY_DECIMALS.ratio, 0.5, 'increased', 'healthy'],
  ['WHtR increased/high', whtrRisk, DISPLAY_DECIMALS.ratio, 0.6, 'high', 'increased'],
  ['WHR men', (v) => whrRisk('M', v), DISPLAY_DECIMALS.ratio, 0.9, 'substantially_increased', 'not_increased'],
  ['WHR women', (v) => whrRisk('F', v), DISPLAY_DECIMALS.ratio, 0.85, 'substantially_increased', 'not_increased'],
  ['IDF LatAm waist men', (v) => waistFlags('M', v).idf_latam, DISPLAY_DECIMALS.cm, 90, true, false],
  ['IDF LatAm waist women', (v) => waistFlags('F', v).idf_latam, DISPLAY_DECIMALS.cm, 80, true, false],
  ['Gallagher men 20-39 healthy', (v) => fatCategory('M', 30, v), DISPLAY_DECIMALS.fatPercent, 8, 'healthy', 'under'],
  [
    'Gallagher men 20-39 overweight',
    (v) => fatCategory('M', 30, v),
    DISPLAY_DECIMALS.fatPercent,
    20,
    'overweight',
    'healthy',
  ],
  ['Gallagher men 20-39 obese', (v) => fatCategory('M', 30, v), DISPLAY_DECIMALS.fatPercent, 25, 'obese', 'overweight'],
  [
    'Gallagher women 20-39 obese',
    (v) => fatCategory('F', 30, v),
    DISPLAY_DECIMALS.fatPercent,
    39,
    'obese',
    'overweight',
  ],
  ['Cooper men 30-39 poor', (v) => vo2Category('M', 35, v), DISPLAY_DECIMALS.vo2max, 31.5, 'poor', 'very_poor'],
  ['Cooper men 30-39 fair', (v) => vo2Category('M', 35, v), DISPLAY_DECIMALS.vo2max, 35.5, 'fair', 'poor'],
  ['Cooper men 30-39 good', (v) => vo2Category('M', 35, v), DISPLAY_DECIMALS.vo2max, 41, 'good', 'fair'],
  ['Cooper men 30-39 excellent', (v) => vo2Category('M', 35, v), DISPLAY_DECIMALS.vo2max, 45, 'excellent', 'good'],
  ['Cooper women 20-29 excellent', (v) => vo2Category('F', 25, v), DISPLAY_DECIMALS.vo2max, 37, 'excellent', 'good'],
  ['ACC/AHA systolic elevated', (v) => bpCategoryAccAha(v, 70), 0, 120, 'elevated', 'normal'],
  ['ACC/AHA systolic stage 1', (v) => bpCategoryAccAha(v, 70), 0, 130, 'stage1', 'elevated'],
  ['ACC/AHA systolic stage 2', (v) => bpCategoryAccAha(v, 70), 0, 140, 'stage2', 'stage1'],
  ['ACC/AHA diastolic stage 1', (v) => bpCategoryAccAha(110, v), 0, 80, 'stage1', 'normal'],
  ['ACC/AHA diastolic stage 2', (v) => bpCategoryAccAha(110, v), 0, 90, 'stage2', 'stage1'],
];

/** Cut-offs where the printed limit is still the lower class (WHO waist "> 94", METS-VF "> 7.18"). */
const STRICT: Row[] = [
  ['WHO waist men increased', (v) => waistFlags('M', v).who, DISPLAY_DECIMALS.cm, 94, 'increased', 'not_increased'],
  [
    'WHO waist men substantially',
    (v) => waistFlags('M', v).who,
    DISPLAY_DECIMALS.cm,
    102,
    'substantially_increased',
    'increased',
  ],
  ['WHO waist women increased', (v) => waistFlags('F', v).who, DISPLAY_DECIMALS.cm, 80, 'increased', 'not_increased'],
  [
    'WHO waist women substantially',
    (v) => waistFlags('F', v).who,
    DISPLAY_DECIMALS.cm,
    88,
    'substantially_increased',
    'increased',
  ],
  ['METS-VF', metsVfIncreased, DISPLAY_DECIMALS.index, 7.18, true, false],
  ['Cooper men 30-39 superior', (v) => vo2Category('M', 35, v), DISPLAY_DECIMALS.vo2max, 49.4, 'superior', 'excellent'],
];

const rows = (list: Row[]) =>
  list.map(([name, classify, decimals, cut, upper, lower]) => ({ name, classify, decimals, cut, upper, lower }));

describe('every classifier on the value as shown, at its guideline precision (decision 196)', () => {
  it.each(rows(ROWS))(
    '$name: $cut is $upper, one step below is $lower',
    ({ classify, decimals, cut, upper, lower }) => {
      const step = 10 ** -decimals;
      expect(classify(cut)).toBe(upper);
      expect(classify(cut - step)).toBe(lower);
      if (decimals > 0) {
        // Printed as the cut-off: the class of the print. Printed one step below: the class below.
        expect(classify(cut - step / 2 + 1e-9)).toBe(upper);
        expect(classify(cut - step / 2 - 1e-9)).toBe(lower);
      }
    },
  );

  it.each(rows(STRICT))(
    '$name: $cut is still $lower, one step above is $upper',
    ({ classify, decimals, cut, upper, lower }) => {
      const step = 10 ** -decimals;
      expect(classify(cut)).toBe(lower);
      expect(classify(cut + step / 2 - 1e-9)).toBe(lower);
      expect(classify(cut + step)).toBe(upper);
    },
  );

  it('BMI is classified and printed to 2 decimals as WHO TRS 894 states its classes (18.50-24.99, 25.00-29.99)', () => {
    expect(DISPLAY_DECIMALS.bmi).toBe(2);
    expect(bmiClassWho(24.99)).toBe('normal'); // printed "24,99", no longer "25,0" beside pre-obese
    expect(bmiClassWho(24.994)).toBe('normal');
    expect(bmiClassWho(24.996)).toBe('pre_obese'); // printed "25,00": at WHO's precision it is 25.00
    expect(bmiClassWho(18.49)).toBe('mild_thinness');
    // Through the engine: 72.22 kg at 1.70 m is 24.990: printed 24.99, normal (decision 035 printed "25.0", pre-obese).
    const r = evaluate(subjectA({ peso: 72.22, estatura: 170 })); // 24.99
    expect(r.ok && r.result.bmi.category).toBe('normal');
  });
});

describe('laboratory values at the precision the laboratory reported them (decision 196)', () => {
  const exam = (name: ExamId, value: number, unit?: string) =>
    analyseExams([{ name, value, status: true, ...(unit ? { unit } : {}) }], 'M', 'en').exams[0]!;

  it.each([
    ['fasting_glucose', 99.6, 1, 'normal'],
    ['fasting_glucose', 99.96, 2, 'normal'],
    ['fasting_glucose', 100, 0, 'prediabetes'],
    ['fasting_glucose', 125.9, 1, 'prediabetes'],
    ['fasting_glucose', 126, 0, 'diabetes_range'],
    ['fasting_triglycerides', 149.9, 1, 'normal'],
    ['fasting_triglycerides', 150, 0, 'borderline_high'],
    ['hdl', 39.9, 1, 'low'],
    ['hdl', 40, 0, 'normal'],
    ['ldl', 129.5, 1, 'near_optimal'],
    ['total_cholesterol', 199.9, 1, 'desirable'],
    ['hba1c', 5.69, 2, 'normal'],
    ['hba1c', 5.7, 1, 'prediabetes'],
    ['crp', 9.99, 2, 'high'],
    ['crp', 10, 1, 'repeat_acute'],
  ] as const)('%s %d reported with %d decimals: %s', (id, value, decimals, status) => {
    const e = exam(id, value);
    expect(e.decimals).toBe(decimals);
    expect(e.status).toBe(status);
  });

  it('a converted value is rounded as a laboratory reports the exam unit: 5.55 mmol/L is 99.99 mg/dL, printed 100', () => {
    const e = exam('fasting_glucose', 5.55, 'mmol/L');
    expect(e.decimals).toBe(0);
    expect(e.status).toBe('prediabetes');
  });

  it('glucose 99.6 does not count for the metabolic syndrome; 100 does', () => {
    const run = (glucose: number) => {
      const r = evaluate(
        subjectA({
          pcintura: 95,
          clinical_data: {
            temperatura: 36.5,
            exams: [
              { name: 'fasting_triglycerides', value: 160 },
              { name: 'fasting_glucose', value: glucose },
            ],
          },
        }),
      );
      return r.ok ? r.result.risks.find((x) => x.id === 'metabolic_syndrome')!.level : null;
    };
    expect(run(99.6)).toBe('indeterminate'); // waist + TG = 2 of 5, HDL not measured
    expect(run(100)).toBe('present');
    expect(metabolicSyndrome({ sex: 'M', waistCm: 95, sys: 120, dia: 70, tg: 160, glucose: 99.6 }).count).toBe(2);
  });
});

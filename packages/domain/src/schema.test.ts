import { describe, expect, it } from 'vitest';
import { evaluate } from './evaluate.ts';
import { evaluationInputSchema } from './schema.ts';
import type { FieldErrors } from './schema.ts';
import { ERROR_KEYS, I18N_DEFAULTS } from './i18n-keys.ts';
import { CONDITION_NAME_MAX, CONDITIONS_MAX } from './constants.ts';
import { EXAM_IDS } from './exams.ts';
import { subjectA, subjectB } from './test/factories.ts';

function errorsOf(input: unknown): FieldErrors {
  const out = evaluate(input);
  if (out.ok) throw new Error('expected field errors');
  return out.errors;
}

describe('required fields', () => {
  it('always-required fields give evaluation.errors.required', () => {
    const { peso: _p, sexo: _s, clinical_data: _c, ...rest } = subjectA();
    const errors = errorsOf(rest);
    expect(errors.peso).toEqual([ERROR_KEYS.required]);
    expect(errors.sexo).toEqual([ERROR_KEYS.required]);
    expect(errors.clinical_data).toEqual([ERROR_KEYS.required]);
  });

  it('clinical_data needs temperatura', () => {
    expect(errorsOf(subjectA({ clinical_data: {} as never }))['clinical_data.temperatura']).toEqual([
      ERROR_KEYS.required,
    ]);
  });

  it.each([
    [1, ['pgrasa']],
    [2, ['triceps', 'subescapular']],
    [3, ['cuello']],
    [4, ['triceps', 'subescapular', 'abdominal', 'cuadriceps']],
  ] as const)('type %i requires %j', (type, fields) => {
    const input: Record<string, unknown> = { ...subjectA(), evaluation_type: type };
    for (const f of ['pgrasa', 'cuello', 'triceps', 'subescapular', 'abdominal', 'cuadriceps']) delete input[f];
    const errors = errorsOf(input);
    expect(Object.keys(errors).sort()).toEqual([...fields].sort());
    for (const f of fields) expect(errors[f]).toEqual([ERROR_KEYS.required]);
  });

  it('reports type-specific and cross-field problems together with basic ones', () => {
    const input: Record<string, unknown> = {
      ...subjectA({ evaluation_type: 1, presion_d: 140, presion_s: 120 }),
      peso: 'abc',
    };
    delete input.pgrasa;
    const errors = errorsOf(input);
    expect(errors.peso).toEqual([ERROR_KEYS.type]);
    expect(errors.pgrasa).toEqual([ERROR_KEYS.required]);
    expect(errors.presion_d).toEqual([ERROR_KEYS.diastolicNotBelowSystolic]);
  });

  it('frecentrena and hace are required only when ejercita is Si', () => {
    const yes = errorsOf(subjectA({ ejercita: 'Si', hace: undefined, frecentrena: undefined }));
    expect(yes.hace).toEqual([ERROR_KEYS.required]);
    expect(yes.frecentrena).toEqual([ERROR_KEYS.required]);
    expect(evaluate(subjectA({ ejercita: 'No', hace: undefined, frecentrena: undefined })).ok).toBe(true);
    // Hidden fields with stale values are ignored when the client does not exercise.
    expect(evaluate(subjectA({ ejercita: 'No', frecentrena: 99 })).ok).toBe(true);
  });
});

describe('type-specific ignored fields (spec §5)', () => {
  it('type 1 ignores skinfolds and cuello even when invalid', () => {
    expect(evaluate(subjectA({ evaluation_type: 1, triceps: 500, cuello: -1 })).ok).toBe(true);
  });
  it('type 3 ignores pgrasa and the four skinfolds', () => {
    expect(evaluate(subjectA({ evaluation_type: 3, pgrasa: 500, abdominal: 0 })).ok).toBe(true);
  });
  it('type 4 ignores pgrasa and cuello', () => {
    expect(evaluate(subjectA({ evaluation_type: 4, pgrasa: 500, cuello: 500 })).ok).toBe(true);
  });
  it('optional extras are validated for every method', () => {
    for (const type of [1, 2, 3, 4] as const) {
      expect(errorsOf(subjectA({ evaluation_type: type, suprailiaco: 81 })).suprailiaco).toEqual([ERROR_KEYS.range]);
    }
  });
});

describe('implausible values are field errors', () => {
  it.each([
    ['peso', 19.9, 1],
    ['peso', 300.1, 1],
    ['estatura', 99, 1],
    ['estatura', 231, 1],
    ['triceps', 80.5, 4],
    ['pgrasa', 80, 1],
    ['cuello', 19, 3],
  ] as const)('%s = %d (type %i)', (field, value, type) => {
    expect(errorsOf(subjectA({ evaluation_type: type, [field]: value }))[field]).toEqual([ERROR_KEYS.range]);
  });

  it('accepts the range limits themselves', () => {
    expect(evaluate(subjectA({ evaluation_type: 4, triceps: 2, subescapular: 80 })).ok).toBe(true);
  });

  it('temperature outside 34-43 °C', () => {
    expect(errorsOf(subjectA({ clinical_data: { temperatura: 33.9 } }))['clinical_data.temperatura']).toEqual([
      ERROR_KEYS.range,
    ]);
    expect(errorsOf(subjectA({ clinical_data: { temperatura: 43.1 } }))['clinical_data.temperatura']).toEqual([
      ERROR_KEYS.range,
    ]);
  });

  it('diastolic ≥ systolic', () => {
    expect(errorsOf(subjectA({ presion_s: 120, presion_d: 120 })).presion_d).toEqual([
      ERROR_KEYS.diastolicNotBelowSystolic,
    ]);
  });

  it('weight/height pairs with an implausible BMI', () => {
    const errors = errorsOf(subjectA({ peso: 20, estatura: 200 }));
    expect(errors.peso).toEqual([ERROR_KEYS.implausibleBmi]);
    expect(errors.estatura).toEqual([ERROR_KEYS.implausibleBmi]);
  });

  it('tape method with the neck not below the waist', () => {
    expect(errorsOf(subjectA({ evaluation_type: 3, pcintura: 40, cuello: 40 })).cuello).toEqual([
      ERROR_KEYS.neckNotBelowWaist,
    ]);
  });

  it('measurements whose equation gives an implausible fat %', () => {
    // Slaughter linear form for a 15-year-old boy: 0.783 × 160 + 1.6 > 100 %.
    const errors = errorsOf(subjectA({ evaluation_type: 2, nacimiento: '2010-01-01', triceps: 80, subescapular: 80 }));
    expect(errors.triceps).toEqual([ERROR_KEYS.implausibleFat]);
    expect(errors.subescapular).toEqual([ERROR_KEYS.implausibleFat]);
  });

  it('breadths come in pairs', () => {
    expect(errorsOf(subjectA({ diametro_muneca: 5.8 })).diametro_femur).toEqual([ERROR_KEYS.required]);
  });
});

describe('age from birth date', () => {
  it('under 13 at the evaluation date is rejected', () => {
    expect(errorsOf(subjectA({ nacimiento: '2012-06-02', fecha: '2025-06-01' })).nacimiento).toEqual([
      ERROR_KEYS.underAge,
    ]);
    expect(evaluate(subjectA({ nacimiento: '2012-06-01', fecha: '2025-06-01' })).ok).toBe(true);
  });
  it('invalid dates and evaluation before birth', () => {
    expect(errorsOf(subjectA({ nacimiento: '1990-02-30' })).nacimiento).toEqual([ERROR_KEYS.date]);
    expect(errorsOf(subjectA({ fecha: '01/06/2025' })).fecha).toEqual([ERROR_KEYS.date]);
    expect(errorsOf(subjectA({ fecha: '1980-01-01' })).fecha).toEqual([ERROR_KEYS.dateBeforeBirth]);
  });
  it('over 100 is rejected', () => {
    expect(errorsOf(subjectA({ nacimiento: '1920-01-01' })).nacimiento).toEqual([ERROR_KEYS.overAge]);
  });
});

describe('rockport is all or none', () => {
  it('partial values flag the missing ones', () => {
    const errors = errorsOf(subjectA({ rockport: { minutes: 14 } }));
    expect(errors['rockport.seconds']).toEqual([ERROR_KEYS.rockportIncomplete]);
    expect(errors['rockport.bpm']).toEqual([ERROR_KEYS.rockportIncomplete]);
  });
  it('none (absent, null, or all empty) is fine', () => {
    expect(evaluate(subjectA({ rockport: undefined })).ok).toBe(true);
    expect(evaluate({ ...subjectA(), rockport: null }).ok).toBe(true);
    expect(evaluate({ ...subjectA(), rockport: { minutes: '', seconds: '', bpm: '' } }).ok).toBe(true);
  });
});

describe('exams', () => {
  it('unknown exam, duplicate, bad unit, out of range', () => {
    const errors = errorsOf(
      subjectA({
        clinical_data: {
          temperatura: 36.5,
          exams: [
            { name: 'unicorn' as never, value: 1 },
            { name: 'hdl', value: 45 },
            { name: 'hdl', value: 46 },
            { name: 'ggt', value: 40, unit: 'mg/dL' },
            { name: 'fasting_glucose', value: 5000 },
          ],
        },
      }),
    );
    expect(errors['clinical_data.exams.0.name']).toEqual([ERROR_KEYS.option]);
    expect(errors['clinical_data.exams.2.name']).toEqual([ERROR_KEYS.duplicateExam]);
    expect(errors['clinical_data.exams.3.unit']).toEqual([ERROR_KEYS.unit]);
    expect(errors['clinical_data.exams.4.value']).toEqual([ERROR_KEYS.range]);
  });
  it('range is checked after unit conversion', () => {
    // 5.3 mmol/L glucose is 95 mg/dL: valid; 5.3 mg/dL is not.
    const ok = evaluate(
      subjectA({
        clinical_data: { temperatura: 36.5, exams: [{ name: 'fasting_glucose', value: 5.3, unit: 'mmol/L' }] },
      }),
    );
    expect(ok.ok).toBe(true);
    expect(
      errorsOf(subjectA({ clinical_data: { temperatura: 36.5, exams: [{ name: 'fasting_glucose', value: 5.3 }] } }))[
        'clinical_data.exams.0.value'
      ],
    ).toEqual([ERROR_KEYS.range]);
  });
  it('HDL must be below total cholesterol', () => {
    const exams = [
      { name: 'total_cholesterol', value: 150 },
      { name: 'hdl', value: 150 },
    ] as const;
    expect(
      errorsOf(subjectA({ clinical_data: { temperatura: 36.5, exams: [...exams] } }))['clinical_data.exams.1.value'],
    ).toEqual([ERROR_KEYS.hdlNotBelowTotal]);
  });
  it('prototype keys are neither exams nor units', () => {
    const errors = errorsOf(
      subjectA({
        clinical_data: {
          temperatura: 36.5,
          exams: [
            { name: 'toString' as never, value: 1 },
            { name: 'hdl', value: 45, unit: 'constructor' },
          ],
        },
      }),
    );
    expect(errors['clinical_data.exams.0.name']).toEqual([ERROR_KEYS.option]);
    expect(errors['clinical_data.exams.1.unit']).toEqual([ERROR_KEYS.unit]);
  });

  it('unticked exams (status false) are ignored', () => {
    expect(
      evaluate(subjectA({ clinical_data: { temperatura: 36.5, exams: [{ name: 'hdl', status: false }] } })).ok,
    ).toBe(true);
  });
});

describe('normalisation of form values', () => {
  it('numeric strings, decimal commas and empty strings', () => {
    const parsed = evaluationInputSchema.parse({
      ...subjectB(),
      peso: '62,5',
      estatura: ' 165 ',
      cuello: '',
      evaluation_type: '4',
    });
    expect(parsed.peso).toBe(62.5);
    expect(parsed.estatura).toBe(165);
    expect(parsed.evaluation_type).toBe(4);
    expect(parsed.cuello).toBeUndefined();
  });
  it('macro percentages must add up to 100', () => {
    expect(
      errorsOf(subjectA({ macro_percentages: { protein: 20, carbohydrate: 50, fat: 20 } })).macro_percentages,
    ).toEqual([ERROR_KEYS.macroSum]);
  });
});

describe('error messages are translation keys', () => {
  it('every message emitted for a garbage input has default texts in es, en and pt', () => {
    const inputs: unknown[] = [
      null,
      42,
      [],
      {},
      {
        evaluation_type: 9,
        sexo: 'x',
        nacimiento: 5,
        fuma: true,
        rockport: 'x',
        clinical_data: { exams: [{}], ecnt: [1] },
      },
      subjectA({ hace: 2.5 as never, frecentrena: 8 }),
    ];
    for (const input of inputs) {
      for (const messages of Object.values(errorsOf(input))) {
        for (const m of messages) expect(I18N_DEFAULTS[m as keyof typeof I18N_DEFAULTS], m).toBeDefined();
      }
    }
  });
  it('nested paths are dotted', () => {
    const errors = errorsOf(subjectA({ hace: 2.5 as never, frecentrena: 3.5 }));
    expect(errors.frecentrena).toEqual([ERROR_KEYS.integer]);
    expect(errors.hace).toEqual([ERROR_KEYS.option]);
  });
});

describe('condition and exam lists are bounded', () => {
  const clinical = (extra: object) => subjectA({ clinical_data: { temperatura: 36.5, ...extra } as never });

  it('a condition name longer than CONDITION_NAME_MAX and a list longer than CONDITIONS_MAX are refused', () => {
    const long = errorsOf(clinical({ ecnt: [{ name: 'x'.repeat(CONDITION_NAME_MAX + 1), value: true }] }));
    expect(long['clinical_data.ecnt.0.name']).toEqual([ERROR_KEYS.range]);
    const rows = Array.from({ length: CONDITIONS_MAX + 1 }, (_, i) => ({ name: `c${i}`, value: true }));
    expect(errorsOf(clinical({ autoinmune: rows }))['clinical_data.autoinmune']).toEqual([ERROR_KEYS.range]);
  });

  it('the limits themselves are accepted, by the fast path as by zod', () => {
    const name = 'x'.repeat(CONDITION_NAME_MAX);
    const rows = Array.from({ length: CONDITIONS_MAX }, (_, i) => ({ name: `${name.slice(3)}${i}`, value: true }));
    expect(evaluate(clinical({ ecnt: rows, autoinmune: [{ name, value: false }] })).ok).toBe(true);
  });

  it('more exams than the catalogue holds are refused', () => {
    const exams = Array.from({ length: EXAM_IDS.length + 1 }, () => ({ name: 'hdl', value: 45 }));
    expect(errorsOf(clinical({ exams }))['clinical_data.exams']).toEqual([ERROR_KEYS.range]);
  });
});

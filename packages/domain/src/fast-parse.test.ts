import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONDITION_NAME_MAX, CONDITIONS_MAX } from './constants.ts';
import { EXAM_IDS } from './exams.ts';
import { fastParse } from './fast-parse.ts';
import { evaluationInputSchema } from './schema.ts';
import { validInput } from './test/arbitraries.ts';
import { LABS_A, subjectA } from './test/factories.ts';

/** Whatever the fast path accepts, zod accepts with an equal result (decision 034). */
function agrees(input: unknown): void {
  const fast = fastParse(input);
  if (fast === null) return;
  const slow = evaluationInputSchema.safeParse(input);
  expect(slow.success, JSON.stringify(input)).toBe(true);
  if (slow.success) expect(fast).toEqual(slow.data);
}

const KEYS = [
  'evaluation_type',
  'sexo',
  'nacimiento',
  'fecha',
  'peso',
  'estatura',
  'presion_s',
  'presion_d',
  'pcintura',
  'pcadera',
  'cuello',
  'pgrasa',
  'triceps',
  'subescapular',
  'abdominal',
  'cuadriceps',
  'suprailiaco',
  'biceps',
  'diametro_muneca',
  'diametro_femur',
  'maduracion',
  'fuma',
  'ejercita',
  'hace',
  'frecentrena',
  'rockport',
  'clinical_data',
  'locale',
  'energy_level',
  'bmr_equation',
  'protein_g_kg',
  'fat_pct',
  'macro_percentages',
  'id_evaluado',
] as const;

/** Values near the edges of what is accepted: the places where two validators drift apart. */
const edgy = fc.oneof(
  fc.constantFrom(
    undefined,
    null,
    '',
    0,
    -0,
    1,
    2,
    3,
    4,
    5,
    7,
    8,
    13,
    20,
    100,
    300,
    1e9,
    NaN,
    Infinity,
    'Si',
    'No',
    'x',
    'bmr_owen_1986_1987',
    true,
    false,
    [],
    {},
  ),
  fc.double(),
  fc.integer({ min: -5, max: 400 }),
  fc.constantFrom({ minutes: 14 }, { minutes: 14, seconds: 30, bpm: 140 }, { minutes: 14.5, seconds: 30, bpm: 140 }),
  fc.constantFrom(
    { temperatura: 36 },
    { temperatura: 36, exams: [{ name: 'hdl' }] },
    { temperatura: 36, exams: [{ name: 'hdl', value: 45, unit: 'mmol/L' }] },
    { temperatura: 36, exams: [{ name: 'hdl', value: 45, unit: 'constructor' }] },
    { temperatura: 36, exams: [{ name: 'toString', value: 45 }] },
  ),
  fc.constantFrom({ protein: 20, carbohydrate: 50, fat: 30 }, { protein: 20, carbohydrate: 50, fat: 20 }),
);

describe('fast path agrees with the zod schema', () => {
  it('accepts the reference subjects', () => {
    expect(fastParse(subjectA())).not.toBeNull();
    expect(fastParse(subjectA({ clinical_data: { temperatura: 36.5, exams: [...LABS_A] } }))).not.toBeNull();
    agrees(
      subjectA({
        clinical_data: { temperatura: 36.5, exams: [...LABS_A] },
        rockport: { minutes: 14, seconds: 30, bpm: 140 },
      }),
    );
  });

  it('leaves form strings, nulls and errors to zod', () => {
    expect(fastParse({ ...subjectA(), peso: '80' })).toBeNull();
    expect(fastParse({ ...subjectA(), rockport: null })).toBeNull();
    expect(fastParse(subjectA({ presion_d: 200, presion_s: 120 }))).toBeNull();
    expect(fastParse(subjectA({ nacimiento: '2020-01-01' }))).toBeNull();
    expect(fastParse(subjectA({ nacimiento: '1990-02-30' }))).toBeNull();
  });

  it('on random valid inputs: same result, and the fast path is taken', () => {
    let taken = 0;
    fc.assert(
      fc.property(validInput, (input) => {
        agrees(input);
        if (fastParse(input) !== null) taken++;
        else expect(evaluationInputSchema.safeParse(input).success).toBe(false);
      }),
      { numRuns: 300 },
    );
    expect(taken).toBeGreaterThan(200);
  });

  it('on valid inputs with one field changed to an edge value', () => {
    fc.assert(
      fc.property(validInput, fc.constantFrom(...KEYS), edgy, (input, key, value) =>
        agrees({ ...input, [key]: value }),
      ),
      { numRuns: 2000 },
    );
  });

  it('on nested edge values', () => {
    fc.assert(
      fc.property(
        validInput,
        fc.constantFrom('temperatura', 'exams', 'ecnt', 'dif_respirar'),
        edgy,
        (input, key, value) => agrees({ ...input, clinical_data: { ...input.clinical_data, [key]: value } }),
      ),
      { numRuns: 500 },
    );
  });
});

describe('the fast path leaves over-long condition and exam lists to zod', () => {
  const withClinical = (extra: object) => ({ ...subjectA(), clinical_data: { temperatura: 36.5, ...extra } });
  it('a condition name or list beyond its bound, or more exams than the catalogue, falls back', () => {
    expect(fastParse(withClinical({ ecnt: [{ name: 'x'.repeat(CONDITION_NAME_MAX) }] }))).not.toBeNull();
    expect(fastParse(withClinical({ ecnt: [{ name: 'x'.repeat(CONDITION_NAME_MAX + 1) }] }))).toBeNull();
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `c${i}` }));
    expect(fastParse(withClinical({ autoinmune: rows(CONDITIONS_MAX) }))).not.toBeNull();
    expect(fastParse(withClinical({ autoinmune: rows(CONDITIONS_MAX + 1) }))).toBeNull();
    const exams = Array.from({ length: EXAM_IDS.length + 1 }, () => ({ name: 'hdl', value: 45 }));
    expect(fastParse(withClinical({ exams }))).toBeNull();
  });
});

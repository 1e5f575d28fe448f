import fc from 'fast-check';
import { FIELD_RANGES } from '../constants.ts';
import { BMR_EQUATION_IDS } from '../equations/energy.ts';
import type { RangedField } from '../constants.ts';
import { EXAM_CATALOGUE, EXAM_IDS } from '../exams.ts';
import type { EvaluationFormValues } from '../schema.ts';

const inRange = (field: RangedField) =>
  fc.double({ min: FIELD_RANGES[field].min, max: FIELD_RANGES[field].max, noNaN: true });
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 2 });

const isoDate = (minYear: number, maxYear: number) =>
  fc
    .date({ min: new Date(Date.UTC(minYear, 0, 1)), max: new Date(Date.UTC(maxYear, 11, 31)), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));

/** Exams in range, in their canonical unit, with HDL kept below total cholesterol. */
const exams = fc.uniqueArray(fc.constantFrom(...EXAM_IDS), { maxLength: EXAM_IDS.length }).chain((ids) =>
  fc
    .tuple(
      ...ids.map((id) =>
        fc.double({ min: EXAM_CATALOGUE[id].range.min, max: EXAM_CATALOGUE[id].range.max, noNaN: true }),
      ),
    )
    .map((values) => {
      const out = ids.map((name, i) => ({ name, value: values[i]! }));
      const tc = out.find((e) => e.name === 'total_cholesterol');
      const hdl = out.find((e) => e.name === 'hdl');
      if (tc && hdl && hdl.value >= tc.value) hdl.value = Math.max(EXAM_CATALOGUE.hdl.range.min, tc.value / 2);
      return out;
    }),
);

/** Inputs that pass field validation; some combinations may still be rejected as implausible. */
export const validInput: fc.Arbitrary<EvaluationFormValues> = fc
  .record({
    evaluation_type: fc.constantFrom(1, 2, 3, 4) as fc.Arbitrary<1 | 2 | 3 | 4>,
    sexo: fc.constantFrom('Femenino', 'Masculino') as fc.Arbitrary<'Femenino' | 'Masculino'>,
    fecha: isoDate(2024, 2026),
    ageYears: fc.integer({ min: 13, max: 99 }),
    estatura: inRange('estatura'),
    bmi: fc.double({ min: 12, max: 60, noNaN: true }),
    presion_s: fc.double({ min: 90, max: 260, noNaN: true }),
    diaFraction: fc.double({ min: 0.35, max: 0.95, noNaN: true }),
    pcintura: fc.double({ min: 50, max: 200, noNaN: true }),
    pcadera: fc.double({ min: 60, max: 200, noNaN: true }),
    pbrazo: inRange('pbrazo'),
    ppierna: inRange('ppierna'),
    cuello: fc.double({ min: 20, max: 49, noNaN: true }),
    pgrasa: inRange('pgrasa'),
    triceps: inRange('triceps'),
    subescapular: inRange('subescapular'),
    abdominal: inRange('abdominal'),
    cuadriceps: inRange('cuadriceps'),
    suprailiaco: maybe(inRange('suprailiaco')),
    biceps: maybe(inRange('biceps')),
    breadths: maybe(fc.tuple(inRange('diametro_muneca'), inRange('diametro_femur'))),
    ejercita: fc.constantFrom('Si', 'No') as fc.Arbitrary<'Si' | 'No'>,
    hace: fc.constantFrom(1, 2, 3, 4, 5, 6) as fc.Arbitrary<1 | 2 | 3 | 4 | 5 | 6>,
    frecentrena: fc.integer({ min: 2, max: 7 }),
    rockport: maybe(
      fc.record({
        minutes: fc.integer({ min: 5, max: 60 }),
        seconds: fc.integer({ min: 0, max: 59 }),
        bpm: inRange('rockport.bpm'),
      }),
    ),
    temperatura: inRange('clinical_data.temperatura'),
    exams,
    locale: fc.constantFrom('es', 'es-CL', 'en', 'pt-BR'),
    energy_level: maybe(
      fc.constantFrom('sedentary', 'low', 'moderate', 'high') as fc.Arbitrary<
        'sedentary' | 'low' | 'moderate' | 'high'
      >,
    ),
    bmr_equation: maybe(fc.constantFrom(...BMR_EQUATION_IDS)),
  })
  .map((r) => {
    const birthYear = Number(r.fecha.slice(0, 4)) - r.ageYears - 1;
    const peso = Math.min(300, Math.max(20, r.bmi * (r.estatura / 100) ** 2));
    return {
      evaluation_type: r.evaluation_type,
      sexo: r.sexo,
      nacimiento: `${birthYear}${r.fecha.slice(4)}`.replace('-02-29', '-02-28'),
      fecha: r.fecha,
      peso,
      estatura: r.estatura,
      presion_s: r.presion_s,
      presion_d: Math.min(FIELD_RANGES.presion_d.max, Math.max(30, r.presion_s * r.diaFraction)),
      pcintura: r.pcintura,
      pcadera: r.pcadera,
      pbrazo: r.pbrazo,
      ppierna: r.ppierna,
      cuello: r.cuello,
      pgrasa: r.pgrasa,
      triceps: r.triceps,
      subescapular: r.subescapular,
      abdominal: r.abdominal,
      cuadriceps: r.cuadriceps,
      suprailiaco: r.suprailiaco,
      biceps: r.biceps,
      diametro_muneca: r.breadths?.[0],
      diametro_femur: r.breadths?.[1],
      fuma: 'No',
      alcohol: 'Si',
      ejercita: r.ejercita,
      hace: r.hace,
      frecentrena: r.frecentrena,
      rockport: r.rockport,
      clinical_data: { temperatura: r.temperatura, exams: r.exams },
      locale: r.locale,
      energy_level: r.energy_level,
      bmr_equation: r.bmr_equation,
    } satisfies EvaluationFormValues;
  });

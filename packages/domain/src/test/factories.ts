import type { EvaluationFormValues } from '../schema.ts';

type Input = EvaluationFormValues;

/** Reference subject A of formulas.md (man, 35 y at the evaluation date). */
export function subjectA(overrides: Partial<Input> = {}): Input {
  return {
    evaluation_type: 4,
    sexo: 'Masculino',
    nacimiento: '1990-01-15',
    fecha: '2025-06-01',
    peso: 80,
    estatura: 178,
    presion_s: 128,
    presion_d: 82,
    pcintura: 90,
    pcadera: 100,
    pbrazo: 32,
    ppierna: 55,
    cuello: 39,
    pgrasa: 20,
    triceps: 12,
    subescapular: 15,
    abdominal: 22,
    cuadriceps: 14,
    fuma: 'No',
    alcohol: 'No',
    ejercita: 'Si',
    hace: 6,
    frecentrena: 4,
    clinical_data: { temperatura: 36.6 },
    locale: 'es',
    ...overrides,
  };
}

/** Reference subject B of formulas.md (woman, 28 y). */
export function subjectB(overrides: Partial<Input> = {}): Input {
  return {
    evaluation_type: 4,
    sexo: 'Femenino',
    nacimiento: '1997-03-10',
    fecha: '2025-06-01',
    peso: 62,
    estatura: 165,
    presion_s: 115,
    presion_d: 75,
    pcintura: 72,
    pcadera: 98,
    pbrazo: 28,
    ppierna: 56,
    cuello: 33,
    pgrasa: 28,
    triceps: 18,
    subescapular: 14,
    abdominal: 20,
    cuadriceps: 25,
    fuma: 'No',
    alcohol: 'No',
    ejercita: 'No',
    clinical_data: { temperatura: 36.4 },
    locale: 'es',
    ...overrides,
  };
}

export const LABS_A = [
  { name: 'fasting_glucose', value: 95 },
  { name: 'fasting_insulin', value: 10 },
  { name: 'fasting_triglycerides', value: 150 },
  { name: 'hdl', value: 45 },
  { name: 'total_cholesterol', value: 200 },
] as const;

export const LABS_B = [
  { name: 'fasting_glucose', value: 88 },
  { name: 'fasting_insulin', value: 6 },
  { name: 'fasting_triglycerides', value: 90 },
  { name: 'hdl', value: 60 },
  { name: 'total_cholesterol', value: 185 },
] as const;

/** Every number in a result, with its path, for the "never NaN or Infinity" checks. */
export function numbersIn(value: unknown, path = '$', out: Array<[string, number]> = []): Array<[string, number]> {
  if (typeof value === 'number') out.push([path, value]);
  else if (Array.isArray(value)) value.forEach((v, i) => numbersIn(v, `${path}[${i}]`, out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) numbersIn(v, `${path}.${k}`, out);
  return out;
}

export { isakFullProfile } from './isak-profile.ts';

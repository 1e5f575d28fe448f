import type { Language } from '@medida/contracts';
import { equationName, RESULT_NAMES, type EvaluationResult, type Localized } from '@medida/domain';
import type { Cell } from '../../lib/spreadsheet-write.ts';

/**
 * The computed results an evaluation list's spreadsheet adds after the inputs of `EVALUATION_COLUMNS` (decision
 * 227). Written, never read: an import recomputes them from the inputs with the engine, so an exported file
 * imported into another account exports the same results again. Names are the detail page's (the domain's
 * RESULT_NAMES), the unit in brackets like the input columns; each rounded to the decimals the detail shows.
 */
interface ResultColumn {
  key: string;
  header: Localized;
  unit?: string | Localized;
  value: (r: EvaluationResult, lang: Language) => Cell;
}

const num = (value: number | null | undefined, decimals: number): Cell =>
  value === null || value === undefined || !Number.isFinite(value) ? null : { number: value, decimals };

const bodyFatEquation: Localized = {
  es: 'Ecuación de grasa corporal',
  en: 'Body fat equation',
  pt: 'Equação de gordura corporal',
};

export const RESULT_COLUMNS: readonly ResultColumn[] = [
  { key: 'bmi', header: RESULT_NAMES.bmi, unit: 'kg/m²', value: (r) => num(r.bmi.value, 1) },
  { key: 'body_fat_percent', header: RESULT_NAMES.bodyFat, unit: '%', value: (r) => num(r.body_fat.percent, 1) },
  { key: 'body_fat_kg', header: RESULT_NAMES.bodyFat, unit: 'kg', value: (r) => num(r.body_fat.kg, 1) },
  {
    key: 'body_fat_equation',
    header: bodyFatEquation,
    value: (r, lang) => ({ text: equationName(r.body_fat.equation.id, lang) }),
  },
  { key: 'lean_mass_kg', header: RESULT_NAMES.leanMass, unit: 'kg', value: (r) => num(r.lean_mass.kg, 1) },
  { key: 'muscle_mass_kg', header: RESULT_NAMES.muscleMass, unit: 'kg', value: (r) => num(r.muscle_mass.kg, 1) },
  { key: 'residual_mass_kg', header: RESULT_NAMES.residualMass, unit: 'kg', value: (r) => num(r.residual_mass.kg, 1) },
  { key: 'bone_mass_kg', header: RESULT_NAMES.boneMass, unit: 'kg', value: (r) => num(r.bone_mass?.kg, 1) },
  { key: 'bmr_kcal', header: RESULT_NAMES.bmr, unit: 'kcal', value: (r) => num(r.bmr.kcal, 0) },
  {
    key: 'metabolic_age',
    header: RESULT_NAMES.metabolicAge,
    unit: RESULT_NAMES.years,
    value: (r) => num(r.metabolic_age?.years, 0),
  },
  { key: 'waist_height', header: RESULT_NAMES.whtr, value: (r) => num(r.waist_height.value, 2) },
  { key: 'waist_hip', header: RESULT_NAMES.whr, value: (r) => num(r.waist_hip.value, 2) },
  { key: 'vo2max', header: RESULT_NAMES.vo2max, unit: 'ml/kg/min', value: (r) => num(r.rockport?.vo2max, 1) },
];

/** "Name (unit)" in `lang`, like `headerOf` of the input columns. */
export function resultHeaderOf(column: ResultColumn, lang: Language): string {
  const unit = typeof column.unit === 'string' ? column.unit : column.unit?.[lang];
  return unit ? `${column.header[lang]} (${unit})` : column.header[lang];
}

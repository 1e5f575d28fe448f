import type { Language } from '@medida/contracts';
import type { EquationRef, EvaluationResult } from '@medida/domain';
import type { ReportFormat } from './report-format.ts';
import { DISPLAY_DECIMALS, categoryName, riskName } from '@medida/domain';
import { text, type TextKey } from './report-texts.ts';

/** The activity levels of the energy row (an activity level, not a category: "Moderada" in es). */
const ACTIVITY_LEVELS = [
  ['sedentary', 'activitySedentary'],
  ['low', 'activityLow'],
  ['moderate', 'activityModerate'],
  ['high', 'activityHigh'],
] as const;

export interface ResultRow {
  label: TextKey;
  value: string;
  category?: string | undefined;
  source?: EquationRef | null | undefined;
}

/**
 * The primary resting energy, with whether the professional chose its equation and whether the client is outside that
 * equation's derivation sample (decision 192; both absent in results stored before issue 31). The equation itself is
 * the row's source, named and cited like every other.
 */
function bmrValue(lang: Language, bmr: EvaluationResult['bmr'], n: (v: number, digits?: number) => string): string {
  const notes = [
    bmr.chosen ? text(lang, 'chosenByProfessional') : '',
    bmr.within_validity === false ? text(lang, 'outsideValidity') : '',
  ].filter(Boolean);
  return `${n(bmr.kcal, 0)} kcal${notes.length > 0 ? ` (${notes.join(', ')})` : ''}`;
}

export function resultRows(lang: Language, r: EvaluationResult, fmt: ReportFormat, exercises: boolean): ResultRow[] {
  const n = (v: number, digits = 1) => fmt.num(v, digits);
  const cat = (c: string | null | undefined) => categoryName(c, lang);
  const rows: ResultRow[] = [
    {
      label: 'bmi',
      value: `${n(r.bmi.value, DISPLAY_DECIMALS.bmi)} kg/m²`,
      category: cat(r.bmi.category),
      source: r.bmi.equation,
    },
    {
      label: 'idealWeight',
      value: `${fmt.mass(r.ideal_weight.kg)} (${n(fmt.inUnits(r.ideal_weight.min_kg, 'kg'))}–${fmt.mass(r.ideal_weight.max_kg)})`,
      source: r.ideal_weight.equation,
    },
    {
      label: 'bodyFat',
      value: `${n(r.body_fat.percent)} % · ${fmt.mass(r.body_fat.kg)}${r.body_fat.chosen ? ` (${text(lang, 'chosenByProfessional')})` : ''}`,
      category: cat(r.body_fat.category?.value),
      source: r.body_fat.equation,
    },
    {
      label: 'leanMass',
      value: `${fmt.mass(r.lean_mass.kg)} · ${n(r.lean_mass.percent)} %`,
      source: r.body_fat.equation,
    },
    {
      label: 'muscleMass',
      value: `${fmt.mass(r.muscle_mass.kg)} · ${n(r.muscle_mass.percent)} %`,
      source: r.muscle_mass.equation,
    },
    { label: 'residualMass', value: fmt.mass(r.residual_mass.kg), source: r.residual_mass.equation },
  ];
  if (r.bone_mass) rows.push({ label: 'boneMass', value: fmt.mass(r.bone_mass.kg), source: r.bone_mass.equation });
  // Without lipids the visceral figure is the waist-to-height ratio, printed below under its own name: once.
  if (r.visceral_fat.indicator === 'vai')
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
  rows.push({ label: 'bmr', value: bmrValue(lang, r.bmr, n), source: r.bmr.equation });
  const e = r.energy;
  rows.push({
    label: 'energy',
    value: ACTIVITY_LEVELS.map(([level, label]) => `${text(lang, label)} ${n(e[level].avg, 0)}`).join(' · ') + ' kcal',
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
  rows.push({
    label: 'waist',
    value: `${n(fmt.inUnits(r.waist.cm, 'cm'))} ${fmt.unit('cm')}`,
    category: cat(r.waist.who),
    source: r.waist.equation,
  });
  // The abdominal-obesity cut-off of the client's country (decision 187); absent in results stored before it.
  const population = r.waist.population;
  if (population && population.flagged !== null)
    rows.push({
      label: 'abdominalCutoff',
      value: `≥ ${n(fmt.inUnits(population.cutoff_cm, 'cm'), 0)} ${fmt.unit('cm')}`,
      category: cat(population.flagged ? 'increased' : 'not_increased'),
      source: population.equation,
    });
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
  // Results stored before issue 30 say 'basic' for a non-exerciser: no level beside "Exercises: no".
  if (r.training_level && exercises) rows.push({ label: 'trainingLevel', value: cat(r.training_level) });
  const device = r.device ? deviceReadings(lang, r.device, fmt) : '';
  if (device) rows.push({ label: 'deviceReadings', value: device });
  return rows;
}

/** The bioimpedance device's own readings in one line, beside (not instead of) the computed values. */
function deviceReadings(lang: Language, d: NonNullable<EvaluationResult['device']>, fmt: ReportFormat): string {
  const parts: Array<[TextKey, number | null, number, string]> = [
    ['deviceMuscle', d.muscle_kg === null ? null : fmt.inUnits(d.muscle_kg, 'kg'), 1, ` ${fmt.unit('kg')}`],
    ['deviceVisceral', d.visceral_level, 0, ''],
    ['deviceWater', d.water_pct, 1, ' %'],
    ['devicePhaseAngle', d.phase_angle, 1, '°'],
    ['deviceBmr', d.bmr_kcal, 0, ' kcal'],
  ];
  return parts
    .filter(([, v]) => v !== null)
    .map(([key, v, digits, unit]) => `${text(lang, key)} ${fmt.num(v!, digits)}${unit}`)
    .join(' · ');
}

/** The risks not already rows of the results table (metabolic syndrome, lifestyle, clinical), with their level. */
export function riskRows(
  lang: Language,
  r: EvaluationResult,
): Array<{ label: string; level: string; source?: EquationRef | undefined }> {
  const rows: Array<{ label: string; level: string; source?: EquationRef | undefined }> = [];
  for (const risk of r.risks) {
    const label = riskName(risk.id, lang);
    if (!label) continue;
    const level = categoryName(risk.level, lang);
    // Metabolic syndrome: how many of the five criteria were met.
    const count = risk.id === 'metabolic_syndrome' && risk.value !== undefined ? ` (${risk.value}/5)` : '';
    rows.push({ label, level: level + count, source: risk.equation });
  }
  return rows;
}

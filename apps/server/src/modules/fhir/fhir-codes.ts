import type { ExamId } from '@medida/domain';

/**
 * The code map of the FHIR R4 export (decision 226): LOINC where LOINC has a code that means exactly the quantity,
 * the product's own code system otherwise; units in UCUM. The decision's table lists every row of this file.
 */
export const LOINC = 'http://loinc.org';
export const UCUM = 'http://unitsofmeasure.org';
export const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
/** The product's own code systems and identifier namespaces (canonical URLs the product owns). */
export const MEDIDA_OBSERVATION = 'https://medida.app/fhir/CodeSystem/medida-observation';
export const MEDIDA_METHOD = 'https://medida.app/fhir/CodeSystem/evaluation-method';
export const MEDIDA_EQUATION = 'https://medida.app/fhir/CodeSystem/equation';
export const EQUATION_EXTENSION = 'https://medida.app/fhir/StructureDefinition/equation';
export const USER_IDENTIFIER = 'https://medida.app/fhir/sid/user';
export const NATIONAL_ID_IDENTIFIER = 'https://medida.app/fhir/sid/national-id';

type ObservationCategory = 'vital-signs' | 'exam' | 'laboratory';

export interface ObservationCode {
  system: typeof LOINC | typeof MEDIDA_OBSERVATION;
  code: string;
  display: string;
  /** UCUM code of the value's unit. */
  unit: string;
  category: ObservationCategory;
}

const loinc = (code: string, display: string, unit: string, category: ObservationCategory): ObservationCode => ({
  system: LOINC,
  code,
  display,
  unit,
  category,
});
const own = (code: string, display: string, unit: string, category: ObservationCategory = 'exam'): ObservationCode => ({
  system: MEDIDA_OBSERVATION,
  code,
  display,
  unit,
  category,
});

/** Measurements the professional took (the evaluation's inputs). */
export const MEASUREMENT_CODES = {
  peso: loinc('29463-7', 'Body weight', 'kg', 'vital-signs'),
  estatura: loinc('8302-2', 'Body height', 'cm', 'vital-signs'),
  pcintura: loinc('8280-0', 'Waist Circumference at umbilicus by Tape measure', 'cm', 'exam'),
  pcadera: loinc('62409-8', 'Hip circumference', 'cm', 'exam'),
  pbrazo: own('arm-circumference', 'Arm circumference', 'cm'),
  ppierna: own('leg-circumference', 'Leg circumference', 'cm'),
  cuello: own('neck-circumference', 'Neck circumference', 'cm'),
  triceps: own('triceps-skinfold', 'Triceps skinfold', 'mm'),
  subescapular: own('subscapular-skinfold', 'Subscapular skinfold', 'mm'),
  abdominal: own('abdominal-skinfold', 'Abdominal skinfold', 'mm'),
  cuadriceps: own('thigh-skinfold', 'Front thigh skinfold', 'mm'),
  suprailiaco: own('suprailiac-skinfold', 'Suprailiac skinfold', 'mm'),
  biceps: own('biceps-skinfold', 'Biceps skinfold', 'mm'),
  diametro_muneca: own('wrist-breadth', 'Wrist breadth', 'cm'),
  diametro_femur: own('femur-breadth', 'Femur breadth', 'cm'),
  temperatura: loinc('8310-5', 'Body temperature', 'Cel', 'vital-signs'),
  rockport_bpm: own('rockport-heart-rate', 'Heart rate at the end of the Rockport walk test', '/min'),
  rockport_time: own('rockport-time', 'Rockport 1-mile walk time', 'min'),
} as const satisfies Record<string, ObservationCode>;

/** The blood pressure panel and its two components. */
export const BLOOD_PRESSURE = {
  panel: loinc('85354-9', 'Blood pressure panel with all children optional', 'mm[Hg]', 'vital-signs'),
  systolic: loinc('8480-6', 'Systolic blood pressure', 'mm[Hg]', 'vital-signs'),
  diastolic: loinc('8462-4', 'Diastolic blood pressure', 'mm[Hg]', 'vital-signs'),
} as const;

/** What the engine computed (the evaluation's results), each with its equation. */
export const RESULT_CODES = {
  bmi: loinc('39156-5', 'Body mass index (BMI) [Ratio]', 'kg/m2', 'vital-signs'),
  body_fat_percent: loinc('41982-0', 'Percentage of body fat Measured', '%', 'exam'),
  body_fat_mass: own('body-fat-mass', 'Body fat mass', 'kg'),
  lean_mass: own('lean-mass', 'Lean (fat-free) mass', 'kg'),
  muscle_mass: own('muscle-mass', 'Muscle mass', 'kg'),
  skeletal_muscle_mass: own('skeletal-muscle-mass', 'Skeletal muscle mass', 'kg'),
  residual_mass: own('residual-mass', 'Residual mass', 'kg'),
  bone_mass: own('bone-mass', 'Bone mass', 'kg'),
  skinfold_sum: own('skinfold-sum', 'Sum of skinfolds', 'mm'),
  ideal_weight: own('ideal-weight', 'Ideal body weight', 'kg'),
  waist_height: own('waist-to-height-ratio', 'Waist-to-height ratio', '1'),
  waist_hip: own('waist-to-hip-ratio', 'Waist-to-hip ratio', '1'),
  bmr: own('resting-energy-expenditure', 'Resting energy expenditure', 'kcal/d'),
  vo2max: own('vo2max', 'Maximal oxygen consumption (VO2max)', 'mL/min/kg'),
} as const satisfies Record<string, ObservationCode>;

/** Laboratory exams (the catalogue's ids) in the catalogue's unit. */
const EXAM_CODES: Record<ExamId, ObservationCode> = {
  fasting_glucose: loinc('1558-6', 'Fasting glucose [Mass/volume] in Serum or Plasma', 'mg/dL', 'laboratory'),
  fasting_triglycerides: loinc('2571-8', 'Triglyceride [Mass/volume] in Serum or Plasma', 'mg/dL', 'laboratory'),
  hdl: loinc('2085-9', 'Cholesterol in HDL [Mass/volume] in Serum or Plasma', 'mg/dL', 'laboratory'),
  total_cholesterol: loinc('2093-3', 'Cholesterol [Mass/volume] in Serum or Plasma', 'mg/dL', 'laboratory'),
  non_hdl: loinc('43396-1', 'Cholesterol non HDL [Mass/volume] in Serum or Plasma', 'mg/dL', 'laboratory'),
  // Entered or computed (Friedewald/Martin): a LOINC code each, chosen by `examCode`.
  ldl: own('ldl-cholesterol', 'LDL cholesterol', 'mg/dL', 'laboratory'),
  hba1c: loinc('4548-4', 'Hemoglobin A1c/Hemoglobin.total in Blood', '%', 'laboratory'),
  fasting_insulin: loinc('20448-7', 'Insulin [Units/volume] in Serum or Plasma', 'm[IU]/L', 'laboratory'),
  homa_ir: own('homa-ir', 'Insulin resistance (HOMA-IR)', '1', 'laboratory'),
  crp: loinc(
    '30522-7',
    'C reactive protein [Mass/volume] in Serum or Plasma by High sensitivity method',
    'mg/L',
    'laboratory',
  ),
  vitamin_d: loinc(
    '62292-8',
    '25-Hydroxyvitamin D2+25-Hydroxyvitamin D3 [Mass/volume] in Serum or Plasma',
    'ng/mL',
    'laboratory',
  ),
  ggt: loinc(
    '2324-2',
    'Gamma glutamyl transferase [Enzymatic activity/volume] in Serum or Plasma',
    'U/L',
    'laboratory',
  ),
};

const LDL_CALCULATED = loinc(
  '13457-7',
  'Cholesterol in LDL [Mass/volume] in Serum or Plasma by calculation',
  'mg/dL',
  'laboratory',
);

/** An exam's code: LDL computed by the engine has its own LOINC code; an entered LDL's assay is unknown. */
export function examCode(id: ExamId, derived: boolean): ObservationCode {
  return id === 'ldl' && derived ? LDL_CALCULATED : EXAM_CODES[id];
}

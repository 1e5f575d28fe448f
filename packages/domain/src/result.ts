import type { EvaluationType, Method } from './constants.ts';
import type { WhoAdultBmiClass, WhoBmiForAgeClass, MinsalOlderBmiClass } from './equations/bmi.ts';
import type { BpCategory } from './equations/clinical.ts';
import type { ActivityLevel, EnergyRange } from './equations/energy.ts';
import type { EquationRef } from './equations/equation.ts';
import type { FatCategory } from './equations/fat-categories.ts';
import type { FoodGuide } from './equations/food-guide.ts';
import type { FitnessCategory } from './equations/rockport.ts';
import type { Sex } from './equations/sex.ts';
import type { SkinfoldSite } from './equations/skinfolds.ts';
import type { TrainingLevel } from './equations/training.ts';
import type { WaistPopulation, WaistWhoRisk, WhrRisk, WhtrRisk } from './equations/waist.ts';
import type { ExamId, ExamType } from './exams.ts';
import type { FieldErrors } from './field-errors.ts';
import type { IsakResult } from './isak/types.ts';
import type { WarningKey } from './i18n-keys.ts';

export type { EquationRef };

export interface ResultWarning {
  /** Translation key (i18n-keys.ts). */
  code: WarningKey;
  /** Equation id the warning is about, when it is about one. */
  equation?: string;
  /** Values the translated text interpolates ({{min}}, {{max}}, {{bmi}}). */
  params?: Record<string, number>;
}

export interface BmiResult {
  value: number;
  /** WHO 2000 adult class from 18 y; WHO 2007 BMI-for-age class under 18. */
  category: WhoAdultBmiClass | WhoBmiForAgeClass;
  reference: 'who2000_adult' | 'who2007_bmi_for_age';
  /** Under 18 only. */
  z_score: number | null;
  percentile: number | null;
  equation: EquationRef;
  /** 65 y and over: the Chilean MINSAL classes as an alternative reading. */
  older_adult: { category: MinsalOlderBmiClass; equation: EquationRef } | null;
}

export interface MassValue {
  kg: number;
  /** Of body weight. */
  percent: number;
}

export interface FatComparison {
  equation: EquationRef;
  percent: number;
  kg: number;
  primary: boolean;
  /** Labelled as an estimate (no validated equation for this exact case). */
  estimate: boolean;
  /** The client's age (and BMI, where stated) is inside the derivation sample. */
  within_validity: boolean;
  /** Input fields the estimate was computed from. */
  fields: readonly string[];
}

export interface ExamResult {
  id: ExamId;
  /** In the request's language. */
  name: string;
  value: number;
  unit: string;
  /** Reference limits text in the request's language. */
  limit: string;
  status: string;
  /** Computed by the engine (HOMA-IR, non-HDL, LDL) rather than entered. */
  derived: boolean;
  equation: EquationRef | null;
  source: string;
  /** The value as entered, when it was converted to `unit`. */
  entered: { value: number; unit: string } | null;
  /**
   * Spec §3 "type (2)": 'measured' (an analyte the laboratory measures) or 'calculated' (an index from other exams,
   * or a value this engine derived) (decision 195). Absent in results stored before engine 1.x of issue 31.
   */
  type?: ExamType;
  /** Percentile against `percentile_reference`; null: the product has no cited population reference (decision 195). */
  percentile?: number | null;
  /** The population reference, or why there is none, in the request's language (decision 195). */
  percentile_reference?: string;
  /** Decimals the value is classified and printed at: the laboratory's own when it reported more (decision 196). */
  decimals?: 0 | 1 | 2;
}

export interface RiskItem {
  id: string;
  dimension: 'anthropometric' | 'cardiometabolic' | 'fitness' | 'lifestyle' | 'clinical';
  level: string;
  /** Worth the professional's attention. */
  flagged: boolean;
  value?: number;
  equation?: EquationRef;
}

export interface EvaluationResult {
  engine_version: string;
  method: Method;
  evaluation_type: EvaluationType;
  sex: Sex;
  age: { years: number; months: number; minor: boolean };
  bmi: BmiResult;
  ideal_weight: {
    kg: number;
    min_kg: number;
    max_kg: number;
    /** Adults: 22; under 18 the WHO median BMI-for-age is used instead (null). */
    target_bmi: number | null;
    equation: EquationRef;
    alternatives: Array<{ kg: number; equation: EquationRef }>;
  };
  body_fat: {
    percent: number;
    kg: number;
    equation: EquationRef;
    estimate: boolean;
    /** The person is inside the equation's derivation sample (age, and BMI where stated). */
    within_validity: boolean;
    /** The professional chose this equation (`body_fat_equation`); otherwise the engine's default (decision 036). */
    chosen: boolean;
    category: { value: FatCategory; equation: EquationRef } | null;
  };
  /** Raw sum of the method's skinfolds (types 2 and 4): tracked over time regardless of equation. */
  skinfold_sum: { sites: readonly SkinfoldSite[]; mm: number } | null;
  lean_mass: MassValue;
  muscle_mass: MassValue & {
    equation: EquationRef;
    kind: 'muscle_mass' | 'skeletal_muscle_mass';
    alternatives: Array<MassValue & { equation: EquationRef; kind: 'muscle_mass' | 'skeletal_muscle_mass' }>;
  };
  residual_mass: MassValue & { equation: EquationRef };
  bone_mass: (MassValue & { equation: EquationRef }) | null;
  visceral_fat: {
    indicator: 'vai' | 'whtr';
    value: number;
    category: string;
    equation: EquationRef;
    alternatives: Array<{ value: number; category: string | null; equation: EquationRef }>;
  };
  /** An estimate by a product convention (labelled so); null under 18 (decision 038). */
  metabolic_age: { years: number; clamped: boolean; estimate: true; equation: EquationRef } | null;
  /**
   * Resting energy by the professional's chosen equation (`bmr_equation`; Mifflin-St Jeor by default) and the others
   * (decision 192). `within_validity` and `chosen` are absent in results stored before issue 31.
   */
  bmr: {
    kcal: number;
    equation: EquationRef;
    /** The client is inside the equation's derivation sample (age, sex, athletes, where stated). */
    within_validity?: boolean;
    /** The professional chose this equation; otherwise the default. */
    chosen?: boolean;
    alternatives: Array<{ kcal: number; equation: EquationRef; within_validity?: boolean }>;
  };
  /** kcal/day at each activity level (BMR × PAL min, average, max). */
  energy: Record<ActivityLevel, EnergyRange>;
  energy_equation: EquationRef;
  macros: {
    mode: 'protein_first' | 'percentages';
    energy_level: ActivityLevel;
    kcal: number;
    protein: { g: number; kcal: number; percent: number };
    carbohydrate: { g: number; kcal: number; percent: number };
    fat: { g: number; kcal: number; percent: number };
    /** Protein-first mode only. */
    protein_g_per_kg: number | null;
    weight_basis_kg: number | null;
    equation: EquationRef;
  };
  food_guide: FoodGuide;
  rockport: {
    vo2max: number;
    /** null under 20 y (decision 194). */
    category: FitnessCategory | null;
    time_min: number;
    bpm: number;
    equation: EquationRef;
    category_equation: EquationRef;
  } | null;
  waist_height: { value: number; risk: WhtrRisk; equation: EquationRef };
  /** `risk` is null under 18: the WHO cut-offs are adult cut-offs. */
  waist_hip: { value: number; risk: WhrRisk | null; equation: EquationRef };
  /**
   * `who` is null under 18. `population`: the abdominal-obesity cut-off of the client's country (decision 187),
   * `flagged` null under 16 (IDF 2007: adult criterion from 16 y); absent in results stored before it.
   * `idf_latam`: that flag when the population is Central/South American, else null (kept for stored results).
   */
  waist: {
    cm: number;
    who: WaistWhoRisk | null;
    idf_latam: boolean | null;
    population?: { id: WaistPopulation; cutoff_cm: number; flagged: boolean | null; equation: EquationRef };
    equation: EquationRef;
  };
  blood_pressure: { systolic: number; diastolic: number; category: BpCategory; equation: EquationRef };
  fever: boolean;
  exams: ExamResult[];
  /**
   * Training level (formulas.md §13) from how long and how often the client trains; null for a client who does
   * not exercise: "basic" beside "Exercises: no" read as a contradiction (issue 30 item 11c). Results stored
   * before issue 30 say 'basic' there; screens show a level only when the inputs say the client exercises.
   */
  training_level: TrainingLevel | null;
  /** Fitness category from a measured VO2max when given, else from Rockport; null with neither. */
  fitness: {
    vo2max: number;
    source: 'measured' | 'rockport';
    /** null under 20 y: the norms start at 20 (decision 194; results stored before it always have a class). */
    category: FitnessCategory | null;
    category_equation: EquationRef;
  } | null;
  /** Spec §3 training volume, as entered. */
  training_volume: { percent: number | null; minutes_per_week: number | null } | null;
  /** The bioimpedance device's own readings (method 1), source "device". */
  device: {
    muscle_kg: number | null;
    visceral_level: number | null;
    water_pct: number | null;
    phase_angle: number | null;
    bmr_kcal: number | null;
  } | null;
  /** ISAK profile (type 5): sites, TEM, sums, somatotype, Phantom z, Kerr; null for other methods, absent before issue 31. */
  isak?: IsakResult | null;
  risks: RiskItem[];
  comparisons: FatComparison[];
  warnings: ResultWarning[];
}

export type EvaluateOutcome = { ok: true; result: EvaluationResult } | { ok: false; errors: FieldErrors };

// @medida/domain: the evaluation engine. Pure TypeScript, no I/O; every number carries its equation.
export { evaluate, computeEvaluation, defaultEnergyLevel, parseEvaluationInput } from './evaluate.ts';
export {
  evaluationInputSchema,
  evaluationObjectSchema,
  evaluationTypeSchema,
  toFieldErrors,
  IGNORED_BY_TYPE,
  REQUIRED_BY_TYPE,
} from './schema.ts';
export type { EvaluationInput, EvaluationFormValues, FieldErrors } from './schema.ts';
export type {
  EvaluationResult,
  EvaluateOutcome,
  ResultWarning,
  BmiResult,
  FatComparison,
  ExamResult,
  RiskItem,
  MassValue,
  EquationRef,
} from './result.ts';
export { bodyFatSeries, comparisonMismatch } from './comparison.ts';
export type { Mismatch } from './comparison.ts';
export { ageInYears, ageInMonths, parseIsoDate } from './age.ts';
export type { DateInput } from './age.ts';
export {
  ENGINE_VERSION,
  EVALUATION_TYPES,
  SEXO_OPTIONS,
  YES_NO,
  MIN_AGE_YEARS,
  MAX_AGE_YEARS,
  ADULT_AGE_YEARS,
  FIELD_RANGES,
  BMI_PLAUSIBLE,
  FAT_PERCENT_PLAUSIBLE,
  HACE_OPTIONS,
  FRECUENCIA,
  ACTIVITY_LEVELS,
  PAL_TABLE,
  FEVER_THRESHOLD_C,
  CONDITION_NAME_MAX,
} from './constants.ts';
export type { EvaluationType, Method, YesNo, RangedField } from './constants.ts';
export { EXAM_CATALOGUE, EXAM_IDS, langOf } from './exams.ts';
export type { ExamId, ExamDefinition, Lang, Localized } from './exams.ts';
export { ERROR_KEYS, WARNING_KEYS, I18N_DEFAULTS } from './i18n-keys.ts';
export type { ErrorKey, WarningKey } from './i18n-keys.ts';
export {
  categoryName,
  conditionName,
  engineText,
  equationCitation,
  equationName,
  examLimit,
  examName,
  localizeEquation,
  localizeResult,
  measureName,
  methodName,
  nutrientName,
  riskName,
} from './i18n/translate.ts';
export { ISAK_SITE_NAMES, MEASURE_NAMES, RESULT_NAMES, RISK_NAMES } from './i18n/evaluation-labels.ts';
export { CATEGORY_NAMES } from './i18n/categories.ts';
export { ISAK_LABELS } from './i18n/isak-labels.ts';
export type { IsakLabel } from './i18n/isak-labels.ts';
export { somatochartLayout } from './isak/somatochart-frame.ts';
export { temStanding } from './isak/tem-standing.ts';
export { kerrNeedsCheck, somatotypeNeedsCheck } from './isak/data-checks.ts';
// The ISAK wizard (issue 31, decision 197): sites, their units and ranges, the repeat rule and the final value.
export { ISAK_FULL_ONLY, ISAK_SITES } from './isak/types.ts';
export type { IsakSite } from './isak/types.ts';
export { ISAK_SITE_INFO } from './isak/sites.ts';
export { REPEAT_TOLERANCE_PCT, finalValue, repeatCheck } from './isak/repeat.ts';
// The ISAK computations (issue 31 A items 2-4): the whole profile in one call, and the pieces the history needs.
export { computeIsak } from './isak/isak.ts';
export type { IsakSubject } from './isak/isak.ts';
export { pooledTem } from './isak/tem.ts';
export { sad, sam, sdd, somatotypeCategory } from './isak/somatotype.ts';
export type { SomatotypeRating } from './isak/somatotype.ts';
export { ISAK_RESTRICTED_OTHER, ISAK_SKINFOLDS, SOMATOTYPE_CATEGORIES } from './isak/types.ts';
export type {
  IsakInput,
  IsakResult,
  IsakSiteKind,
  IsakSiteResult,
  IsakTem,
  KerrResult,
  Somatotype,
  SomatotypeCategory,
} from './isak/types.ts';
export type { IsakSiteInfo } from './isak/sites.ts';
export { ISAK_REQUIRED_SITES, LEGACY_FIELD_OF_SITE } from './isak/isak-input.ts';
export type { ChartPoint, SomatotypeComponent } from './isak/somatochart-frame.ts';
export { CLIENT_CITATIONS, EQUATION_NAMES } from './i18n/equation-names.ts';
export { CONDITION_NAMES, METHOD_NAMES, NUTRIENT_NAMES } from './i18n/vocabulary.ts';
export { classifyFood, foodGuide, foodGuideSystemFor } from './equations/food-guide.ts';
export type {
  FoodGuide,
  FoodGuideSystem,
  FoodItem,
  FoodClassification,
  TrafficColour,
} from './equations/food-guide.ts';
export { EQUATIONS } from './registry.ts';
export { storedResultJson, withEquationTexts } from './stored-result.ts';
export { BODY_FAT_EQUATION_CHOICES } from './equations/skinfolds.ts';
export { DISPLAY_DECIMALS, shown, shownAt } from './display.ts';
export { LAB_DECIMALS, shownLab } from './equations/labs.ts';
export type { EquationMeta, EvidenceStatus } from './equations/equation.ts';
export type { Sex, Sexo } from './equations/sex.ts';
export type { ActivityLevel, EnergyRange } from './equations/energy.ts';
export { BMR_EQUATION_IDS } from './equations/energy.ts';
export type { BmrEquationId } from './equations/energy.ts';
export type { TrainingLevel, Hace } from './equations/training.ts';
export { keyResultScales } from './key-result-scales.ts';
export type { KeyResultScale, BandLevel } from './key-result-scales.ts';
// The ISAK profile's server side (issue 31, decision 199): the form's errors at the sites, the history's
// somatochart point, the evaluator's precision over time.
export { evaluationFieldErrors } from './schema.ts';
export { somatochartXY } from './isak/somatotype.ts';
export { ISAK_TEM_LIMITS } from './isak/isak.ts';
export { evaluatorTemByMonth } from './isak/evaluator-tem.ts';
export { dateTimeFormat, displayNames, listFormat, numberFormat } from './i18n/intl-formats.ts';

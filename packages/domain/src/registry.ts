import { BMI_FOR_AGE_WHO2007, BMI_MINSAL_OLDER, BMI_QUETELET } from './equations/bmi.ts';
import { BIA_DEVICE } from './body-fat.ts';
import {
  BP_ACC_AHA,
  METABOLIC_SYNDROME,
  METABOLIC_SYNDROME_IDF_16_17,
  METABOLIC_SYNDROME_IDF_ADOLESCENTS,
} from './equations/clinical.ts';
import { BROZEK, SIRI } from './equations/density.ts';
import { DEURENBERG } from './equations/deurenberg.ts';
import { BMR_EQUATIONS, METABOLIC_AGE, PAL_IOM } from './equations/energy.ts';
import type { EquationMeta } from './equations/equation.ts';
import { GALLAGHER } from './equations/fat-categories.ts';
import { BRAZIL_ALTO_EM, CHILE_ALTO_EN, UK_FSA, US_FDA_DV } from './equations/food-guide.ts';
import { BONE_ROCHA, MUSCLE_DE_ROSE, MUSCLE_LEE_2, RESIDUAL_WURCH } from './equations/fractionation.ts';
import { IBW_BMI, IBW_INCH_FORMULAS, IBW_WHO2007_MEDIAN } from './equations/ideal-weight.ts';
import { HOMA_IR, LDL_FRIEDEWALD, LDL_SAMPSON, NON_HDL } from './equations/labs.ts';
import { MACROS_PERCENT, MACROS_PROTEIN_FIRST } from './equations/macros.ts';
import { NAVY, NAVY_DENSITY } from './equations/navy.ts';
import { COOPER_NORMS, ROCKPORT } from './equations/rockport.ts';
import { JACKSON_POLLOCK_3_MEN, SKINFOLD_EQUATIONS } from './equations/skinfolds.ts';
import { TRAINING_LEVEL } from './equations/training.ts';
import { LAP, METS_VF, VAI, WHTR_VISCERAL_PROXY } from './equations/visceral.ts';
import { NHLBI_BMI_WAIST, WAIST_POPULATION_EQUATIONS, WAIST_WHO, WHR, WHTR } from './equations/waist.ts';
import { ISAK_SKINFOLD_SUMS } from './isak/isak.ts';
import { KERR } from './isak/kerr.ts';
import { PHANTOM } from './isak/phantom.ts';
import { ISAK_REPEAT_TEM } from './isak/repeat.ts';
import { HEATH_CARTER } from './isak/somatotype.ts';

/** Every equation and cut-off the engine can cite, with validity and evidence status (README, help text). */
export const EQUATIONS: readonly EquationMeta[] = [
  BMI_QUETELET,
  BMI_FOR_AGE_WHO2007,
  BMI_MINSAL_OLDER,
  IBW_BMI,
  IBW_WHO2007_MEDIAN,
  ...IBW_INCH_FORMULAS.map((f) => f.meta),
  BIA_DEVICE,
  NAVY,
  NAVY_DENSITY,
  ...SKINFOLD_EQUATIONS.map((e) => e.meta),
  JACKSON_POLLOCK_3_MEN,
  DEURENBERG,
  SIRI,
  BROZEK,
  GALLAGHER,
  RESIDUAL_WURCH,
  BONE_ROCHA,
  MUSCLE_DE_ROSE,
  MUSCLE_LEE_2,
  VAI,
  METS_VF,
  LAP,
  WHTR_VISCERAL_PROXY,
  ...BMR_EQUATIONS,
  PAL_IOM,
  METABOLIC_AGE,
  MACROS_PROTEIN_FIRST,
  MACROS_PERCENT,
  ...Object.values(WAIST_POPULATION_EQUATIONS),
  UK_FSA,
  CHILE_ALTO_EN,
  BRAZIL_ALTO_EM,
  US_FDA_DV,
  ROCKPORT,
  COOPER_NORMS,
  WHTR,
  WHR,
  WAIST_WHO,
  NHLBI_BMI_WAIST,
  BP_ACC_AHA,
  METABOLIC_SYNDROME,
  METABOLIC_SYNDROME_IDF_ADOLESCENTS,
  METABOLIC_SYNDROME_IDF_16_17,
  HOMA_IR,
  NON_HDL,
  LDL_SAMPSON,
  LDL_FRIEDEWALD,
  TRAINING_LEVEL,
  ISAK_REPEAT_TEM,
  ISAK_SKINFOLD_SUMS,
  HEATH_CARTER,
  PHANTOM,
  KERR,
];

import { shown } from '../display.ts';
import type { Sex } from './sex.ts';

/** How an equation or cut-off was checked (formulas.md legend). */
export type EvidenceStatus = 'solid' | 'check' | 'convention';

/** The reference shown with every computed number: what was used and where it comes from. */
export interface EquationRef {
  id: string;
  name: string;
  citation: string;
}

/**
 * Who the equation was derived in (decision 036): whole years, inclusive. Outside it the equation
 * still runs when asked for, but its result is marked `within_validity: false` with a warning.
 */
export interface DerivationSample {
  minAge: number;
  maxAge: number;
  /** Women's sample where it differed from the men's. */
  women?: { minAge: number; maxAge: number };
  /** Valid only below this BMI (as shown, two decimals: decision 196). */
  bmiBelow?: number;
  /** Derived in one sex only (e.g. De Lorenzo 1999: men). */
  sex?: Sex;
  /** Derived in athletes only: for a client who does not train it is read as an estimate. */
  athletes?: boolean;
}

/** Full metadata kept in the registry (README, help text); results carry only the EquationRef part. */
export interface EquationMeta extends EquationRef {
  validity: string;
  status: EvidenceStatus;
  sample?: DerivationSample;
}

/** Non-enumerable slot holding the frozen result-side reference (faster than a WeakMap lookup). */
const REF = Symbol('ref');
type WithRef = EquationMeta & { [REF]?: EquationRef };

export function defineEquation(meta: EquationMeta): EquationMeta {
  Object.defineProperty(meta, REF, { value: Object.freeze({ id: meta.id, name: meta.name, citation: meta.citation }) });
  if (meta.sample) Object.freeze(meta.sample);
  return Object.freeze(meta);
}

/**
 * The result-side reference: registry-only fields stripped. One frozen object per equation,
 * shared by every result (results are plain data; nothing mutates them).
 */
export function ref(meta: EquationMeta): EquationRef {
  return (meta as WithRef)[REF] ?? { id: meta.id, name: meta.name, citation: meta.citation };
}

/** The sample's age window for one sex. */
export function sampleAges(sample: DerivationSample, sex: Sex): { minAge: number; maxAge: number } {
  return sex === 'F' && sample.women ? sample.women : sample;
}

/** Where the person falls outside the equation's sample: 'age' first, then 'bmi'; null when inside (or no sample). */
export function outsideSample(meta: EquationMeta, sex: Sex, age: number, bmiValue: number): 'age' | 'bmi' | null {
  const s = meta.sample;
  if (!s) return null;
  const { minAge, maxAge } = sampleAges(s, sex);
  if (age < minAge || age > maxAge) return 'age';
  if (s.bmiBelow !== undefined && shown(bmiValue, 'bmi') >= s.bmiBelow) return 'bmi';
  return null;
}

/** Who the sample held besides age and BMI: 'sex' when it had only the other sex, 'athletes' when only athletes. */
export function outsideSampleGroup(meta: EquationMeta, sex: Sex, athlete: boolean): 'sex' | 'athletes' | null {
  const s = meta.sample;
  if (!s) return null;
  if (s.sex !== undefined && s.sex !== sex) return 'sex';
  if (s.athletes === true && !athlete) return 'athletes';
  return null;
}

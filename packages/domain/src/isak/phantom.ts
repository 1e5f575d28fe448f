import { defineEquation } from '../equations/equation.ts';
import { PHANTOM_STATURE } from './sites.ts';

export const PHANTOM = defineEquation({
  id: 'phantom_ross_wilson_1974',
  name: 'Phantom proportionality z-score (Ross & Wilson)',
  citation:
    'Ross WD, Wilson NC. A stratagem for proportional growth assessment. Acta Paediatr Belg 1974;28(Suppl):169-182; Ross WD, Marfell-Jones MJ. Kinanthropometry. In: MacDougall JD, Wenger HA, Green HJ (eds). Physiological Testing of the High-Performance Athlete, 2nd ed. Champaign IL: Human Kinetics, 1991:223-308',
  validity:
    'Proportionality tool, not a population norm: z = 0 means proportional to the unisex Phantom scaled to 170.18 cm; z-scores are not percentiles. Stature is reported unscaled. Several Phantom values (mid-thigh girth, arm span) rest on a single secondary source',
  status: 'check',
});

/** z = [value × (170.18 / stature)^d − p] / s (d = 1 lengths, breadths, girths, skinfolds; 3 masses). */
export function phantomZ(value: number, p: number, s: number, d: number, statureCm: number): number {
  return (value * (PHANTOM_STATURE.p / statureCm) ** d - p) / s;
}

/** Stature's size index, unscaled: (h − 170.18) / 6.29. */
export const phantomStatureZ = (statureCm: number): number => (statureCm - PHANTOM_STATURE.p) / PHANTOM_STATURE.s;

import { defineEquation } from './equation.ts';

export const TRAINING_LEVEL = defineEquation({
  id: 'training_level_nsca_acsm',
  name: 'Training level from training duration and weekly frequency',
  citation:
    'Product convention (formulas.md §13) on NSCA Essentials of Strength Training and Conditioning, 3rd ed. 2008, and ACSM Med Sci Sports Exerc 2009;41:687-708',
  validity: 'Any age',
  status: 'convention',
});

/** `hace` codes (spec §3): 1 = 1-3 weeks, 2 = 1-3 months, 3 = 4-6 months, 4 = 7-11 months, 5 = 1 year, 6 = more than 1 year. */
export const HACE_OPTIONS = [
  { value: 1, id: '1-3w' },
  { value: 2, id: '1-3m' },
  { value: 3, id: '4-6m' },
  { value: 4, id: '7-11m' },
  { value: 5, id: '1y' },
  { value: 6, id: '>1y' },
] as const;
export type Hace = (typeof HACE_OPTIONS)[number]['value'];
export type HaceId = (typeof HACE_OPTIONS)[number]['id'];

export const FRECUENCIA = { min: 2, max: 7 } as const;

export type TrainingLevel = 'basic' | 'medium' | 'advanced';

export function trainingLevel(hace: Hace, frequencyPerWeek: number): TrainingLevel {
  if (hace <= 2) return 'basic';
  if (hace <= 4) return 'medium';
  return frequencyPerWeek >= 3 ? 'advanced' : 'medium';
}

export const haceFromId = (id: HaceId): Hace => HACE_OPTIONS.find((o) => o.id === id)!.value;

import { ref } from '../equations/equation.ts';
import {
  COOPER_NORMS,
  FITNESS_NORMS_MIN_AGE,
  ROCKPORT,
  vo2Category,
  vo2maxRockport,
  walkMinutes,
} from '../equations/rockport.ts';
import { trainingLevel } from '../equations/training.ts';
import type { TrainingLevel } from '../equations/training.ts';
import { WARNING_KEYS } from '../i18n-keys.ts';
import type { EvaluationResult } from '../result.ts';
import type { EvalContext } from './context.ts';
import { checkSample, pushWarning } from './context.ts';

export interface FitnessGroup {
  rockport: EvaluationResult['rockport'];
  fitness: EvaluationResult['fitness'];
  training_level: TrainingLevel | null;
  training_volume: EvaluationResult['training_volume'];
}

/**
 * Rockport VO2max, the fitness category (from a measured VO2max when given: a measurement beats a
 * walk-test estimate), the training level (none for a non-exerciser) and the training volume.
 */
export function fitnessGroup(c: EvalContext): FitnessGroup {
  const { input, sex, age, W } = c;
  let rockport: EvaluationResult['rockport'] = null;
  const r = input.rockport;
  if (r && r.minutes !== undefined && r.seconds !== undefined && r.bpm !== undefined) {
    const t = walkMinutes(r.minutes, r.seconds);
    const vo2max = vo2maxRockport(sex, age, W, t, r.bpm);
    rockport = {
      vo2max,
      category: vo2Category(sex, age, vo2max),
      time_min: t,
      bpm: r.bpm,
      equation: ref(ROCKPORT),
      category_equation: ref(COOPER_NORMS),
    };
    checkSample(c, ROCKPORT);
  }

  let fitness: EvaluationResult['fitness'] = null;
  if (input.vo2max_measured !== undefined) {
    const vo2max = input.vo2max_measured;
    fitness = {
      vo2max,
      source: 'measured',
      category: vo2Category(sex, age, vo2max),
      category_equation: ref(COOPER_NORMS),
    };
    if (rockport) pushWarning(c, WARNING_KEYS.measuredVo2max, ROCKPORT.id);
  } else if (rockport) {
    fitness = {
      vo2max: rockport.vo2max,
      source: 'rockport',
      category: rockport.category,
      category_equation: rockport.category_equation,
    };
  }

  const training_level =
    input.ejercita === 'Si' && input.hace !== undefined && input.frecentrena !== undefined
      ? trainingLevel(input.hace, input.frecentrena)
      : null;
  const training_volume =
    input.training_volume_pct !== undefined || input.training_volume_min !== undefined
      ? { percent: input.training_volume_pct ?? null, minutes_per_week: input.training_volume_min ?? null }
      : null;
  // Under 20 the adult norms are not applied: the VO2max is shown without a class, and why (decision 194).
  if (fitness && age < FITNESS_NORMS_MIN_AGE) pushWarning(c, WARNING_KEYS.fitnessNormsFrom20, COOPER_NORMS.id);
  return { rockport, fitness, training_level, training_volume };
}

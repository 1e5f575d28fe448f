import type { PortalEvaluation } from '@medida/contracts';
import type { HistoryPoint } from '../evaluations/index.ts';

/** The timeline's cards (newest first) as the progress charts' points (oldest first). */
export function progressPoints(cards: PortalEvaluation[]): HistoryPoint[] {
  return cards
    .map((card) => ({
      id: card.id,
      fecha: card.fecha,
      evaluation_type: card.evaluation_type,
      fatEquation: card.body_fat_equation,
      muscleEquation: card.muscle_equation,
      values: {
        peso: card.peso,
        fat: card.body_fat_percent,
        muscle: card.muscle_mass_kg,
        waist: card.waist_cm,
        vo2max: card.vo2max,
        // The portal's cards carry no ISAK figures (yet): the client's progress charts leave Σ6/Σ8 out.
        sum6: null,
        sum8: null,
      },
      somatotype: null,
    }))
    .sort((a, b) => a.fecha.localeCompare(b.fecha) || a.id - b.id);
}

import { describe, expect, it } from 'vitest';
import { abdominalObesity, waistPopulationFor, WAIST_CUTOFFS } from './waist.ts';

// Issue 30 item 12, decision 187: the abdominal-obesity cut-off follows the client's country (Alberti 2009, Table 2).
describe('waist cut-offs by population', () => {
  it('picks the population of the locale’s country; Central/South American by default', () => {
    expect(waistPopulationFor('en-US')).toBe('us_canada');
    expect(waistPopulationFor('fr-CA')).toBe('us_canada');
    expect(waistPopulationFor('en-GB')).toBe('europid');
    expect(waistPopulationFor('es-ES')).toBe('europid');
    expect(waistPopulationFor('es-CL')).toBe('south_central_american');
    expect(waistPopulationFor('pt-BR')).toBe('south_central_american');
    expect(waistPopulationFor('es')).toBe('south_central_american');
  });

  it('Table 2 values: US AHA/NHLBI (ATP III) ≥ 102/88 cm, IDF Europid ≥ 94/80, IDF Central/South American ≥ 90/80', () => {
    expect(WAIST_CUTOFFS).toEqual({
      us_canada: { M: 102, F: 88 },
      europid: { M: 94, F: 80 },
      south_central_american: { M: 90, F: 80 },
    });
    // A 95 cm man: abdominal obesity in Chile and in the UK, not in the US.
    expect(abdominalObesity('M', 95, 'south_central_american')).toBe(true);
    expect(abdominalObesity('M', 95, 'europid')).toBe(true);
    expect(abdominalObesity('M', 95, 'us_canada')).toBe(false);
    // "≥": an 88.0 cm woman in the US is at the cut-off.
    expect(abdominalObesity('F', 88, 'us_canada')).toBe(true);
    expect(abdominalObesity('F', 87.9, 'us_canada')).toBe(false);
  });
});

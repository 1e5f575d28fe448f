import { describe, expect, it } from 'vitest';
import { evaluate } from './evaluate.ts';
import { EQUATIONS } from './registry.ts';
import { storedResultJson, withEquationTexts } from './stored-result.ts';
import { LABS_A, subjectA, subjectB } from './test/factories.ts';

const resultOf = (input: Parameters<typeof evaluate>[0]) => {
  const out = evaluate(input);
  if (!out.ok) throw new Error(JSON.stringify(out.errors));
  return out.result;
};
const results = [
  resultOf(
    subjectA({
      evaluation_type: 1,
      diametro_muneca: 5.8,
      diametro_femur: 9.8,
      rockport: { minutes: 14, seconds: 30, bpm: 140 },
    }),
  ),
  resultOf(
    subjectA({
      evaluation_type: 2,
      suprailiaco: 15,
      biceps: 5,
      clinical_data: { temperatura: 36.5, exams: [...LABS_A] },
    }),
  ),
  resultOf(subjectA({ evaluation_type: 3, nacimiento: '1950-01-01' })),
  resultOf(subjectB({ evaluation_type: 4, nacimiento: '2010-01-01', peso: 50, estatura: 160 })),
];
const bmi = EQUATIONS.find((e) => e.id === 'bmi_quetelet')!;

describe('stored results (decision 253)', () => {
  it('store each known reference by its id and read back the same result', () => {
    for (const result of results) {
      const json = storedResultJson(result);
      // Every reference the engine writes is the registry's, word for word.
      expect(json).not.toContain('"citation"');
      expect(json.length).toBeLessThan(JSON.stringify(result).length * 0.7);
      expect(withEquationTexts(JSON.parse(json))).toEqual(result);
    }
  });

  it('keep a reference whose texts differ from the registry, or whose id it does not know, as it is', () => {
    const changed = { equation: { id: bmi.id, name: bmi.name, citation: 'An older citation' } };
    const unknown = { equation: { id: 'retired_equation', name: 'Retired', citation: 'Somebody 1901' } };
    const extra = { equation: { id: bmi.id, name: bmi.name, citation: bmi.citation, note: 'x' } };
    for (const doc of [changed, unknown, extra]) {
      expect(JSON.parse(storedResultJson(doc))).toEqual(doc);
      expect(withEquationTexts(doc)).toBe(doc);
    }
    expect(withEquationTexts({ list: [{ equation: { id: 'retired_equation' } }] })).toEqual({
      list: [{ equation: { id: 'retired_equation' } }],
    });
  });

  it('read a result stored before (texts in full) unchanged, without copying it', () => {
    const parsed = JSON.parse(JSON.stringify(results[0]));
    expect(withEquationTexts(parsed)).toBe(parsed);
  });
});

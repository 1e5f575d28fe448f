// The report's resting-energy line cites its equation as the row's source and says when the professional chose it or
// the client is outside its sample (decision 192); a result stored before issue 31 prints as before.
import { describe, expect, it } from 'vitest';
import { evaluate, type EvaluationResult } from '@medida/domain';
import { reportFormat } from './report-format.ts';
import { resultRows } from './report-results.ts';

function result(overrides: Record<string, unknown>): EvaluationResult {
  const out = evaluate({
    evaluation_type: 3,
    sexo: 'Masculino',
    nacimiento: '1990-01-15',
    fecha: '2025-06-01',
    peso: 80,
    estatura: 178,
    presion_s: 120,
    presion_d: 80,
    pcintura: 90,
    pcadera: 100,
    pbrazo: 32,
    ppierna: 55,
    cuello: 39,
    fuma: 'No',
    alcohol: 'No',
    ejercita: 'No',
    clinical_data: { temperatura: 36.5 },
    ...overrides,
  });
  if (!out.ok) throw new Error(JSON.stringify(out.errors));
  return out.result;
}
const bmrRow = (lang: 'es' | 'en' | 'pt', r: EvaluationResult) =>
  resultRows(lang, r, reportFormat(lang), false).find((row) => row.label === 'bmr')!;

describe("the report's resting-energy line", () => {
  it('the default: kcal and the equation, no note (en)', () => {
    const row = bmrRow('en', result({}));
    // 10 × 80 + 6.25 × 178 - 5 × 35 + 5 = 1742.5 → "1,743"
    expect(row.value).toBe('1,743 kcal');
    expect(row.source!.id).toBe('bmr_mifflin_st_jeor_1990');
  });

  it("the professional's choice outside its sample says both (es)", () => {
    // Ten Haaf (athletes 18-35 y) for a man of 35 who does not train.
    const row = bmrRow('es', result({ bmr_equation: 'bmr_ten_haaf_2014_weight' }));
    // 11.936 × 80 + 587.728 × 1.78 - 8.129 × 35 + 191.027 + 29.279 = 954.88 + 1046.15584 - 284.515 + 220.306 = 1936.82
    expect(row.value).toBe('1.937 kcal (elegida por el profesional, fuera de su muestra)');
    expect(row.source!.id).toBe('bmr_ten_haaf_2014_weight');
  });

  it('a result stored before issue 31 (no validity, no choice) prints its kcal and equation (pt)', () => {
    const stored = result({});
    const { within_validity: _v, chosen: _c, ...bmr } = stored.bmr;
    const row = bmrRow('pt', { ...stored, bmr: { ...bmr, alternatives: bmr.alternatives.slice(0, 4) } });
    expect(row.value).toBe('1.743 kcal');
    expect(row.source!.id).toBe('bmr_mifflin_st_jeor_1990');
  });
});

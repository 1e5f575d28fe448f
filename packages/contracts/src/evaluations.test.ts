import { describe, expect, it } from 'vitest';
import { createEvaluationBodySchema, editEvaluationBodySchema } from './evaluation-bodies.ts';
import { evaluationDetailSchema, parseStoredVersion } from './evaluations.ts';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('the create/edit evaluation body', () => {
  it('types the ids and the method, and passes the form through untouched for the engine', () => {
    const parsed = createEvaluationBodySchema.parse({
      id_evaluado: 12,
      id_evaluador: 3,
      evaluation_type: 4,
      peso: '72,5',
      rockport: { minutes: 12 },
    });
    expect(parsed).toEqual({
      id_evaluado: 12,
      id_evaluador: 3,
      evaluation_type: 4,
      peso: '72,5',
      rockport: { minutes: 12 },
    });
    // Issue 10 item 10: a JSON body's ids are JSON integers, never strings.
    expect(
      messages(createEvaluationBodySchema.safeParse({ id_evaluado: '12', id_evaluador: 3, evaluation_type: 4 })),
    ).toEqual({
      id_evaluado: 'evaluation.errors.type',
    });
  });

  it('answers with the engine error keys: required when absent, type when not an id, option for an unknown method', () => {
    expect(messages(createEvaluationBodySchema.safeParse({ id_evaluado: '', id_evaluador: null }))).toEqual({
      id_evaluado: 'evaluation.errors.required',
      id_evaluador: 'evaluation.errors.required',
      evaluation_type: 'evaluation.errors.required',
    });
    expect(
      messages(createEvaluationBodySchema.safeParse({ id_evaluado: 'x', id_evaluador: -1, evaluation_type: 9 })),
    ).toEqual({
      id_evaluado: 'evaluation.errors.type',
      id_evaluador: 'evaluation.errors.type',
      evaluation_type: 'evaluation.errors.option',
    });
  });

  it('edit: evaluationID is required; id_evaluado may be left out but must be an id when sent', () => {
    const base = { id_evaluador: 3, evaluation_type: 1 };
    expect(editEvaluationBodySchema.parse({ ...base, evaluationID: 7 })).toEqual({ ...base, evaluationID: 7 });
    expect(messages(editEvaluationBodySchema.safeParse({ ...base, evaluationID: 'x', id_evaluado: 'y' }))).toEqual({
      evaluationID: 'evaluation.errors.required',
      id_evaluado: 'evaluation.errors.invalid',
    });
  });
});

describe('stored versions', () => {
  const inputs = { evaluation_type: 1, fecha: '2026-02-20', peso: 72.5 };
  const results = { engine_version: '1.1.0', bmi: { value: 25.7 } };

  it('reads the stored JSON as the engine types without re-validating old ranges', () => {
    const read = parseStoredVersion({ inputs: { ...inputs, peso: 999 }, results });
    expect(read.inputs.peso).toBe(999);
    expect(read.results.engine_version).toBe('1.1.0');
  });

  it('refuses JSON that is not a stored version (the detail answer is checked the same way)', () => {
    expect(() => parseStoredVersion({ inputs: [inputs], results })).toThrow();
    expect(() => parseStoredVersion({ inputs, results: { bmi: 1 } })).toThrow();
    expect(evaluationDetailSchema.shape.inputs.safeParse('text').success).toBe(false);
  });
});

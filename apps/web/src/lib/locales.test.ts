import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import es from '../locales/es.json';
import pt from '../locales/pt.json';

/** Every leaf key path of a translation file ("auth.login.title", "legal.sections.data.points"). */
function keys(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null || Array.isArray(tree)) return [prefix];
  return Object.entries(tree).flatMap(([key, value]) => keys(value, prefix ? `${prefix}.${key}` : key));
}

function leaves(tree: unknown): unknown[] {
  if (typeof tree !== 'object' || tree === null || Array.isArray(tree)) return [tree];
  return Object.values(tree).flatMap(leaves);
}

describe('translation files', () => {
  it('have the same keys in es, en and pt', () => {
    const reference = keys(es).sort();
    expect(keys(en).sort()).toEqual(reference);
    expect(keys(pt).sort()).toEqual(reference);
  });

  it('have no empty texts', () => {
    for (const file of [es, en, pt]) {
      for (const value of leaves(file)) {
        if (Array.isArray(value)) expect(value.every((item) => typeof item === 'string' && item.length > 0)).toBe(true);
        else expect(typeof value === 'string' && value.length > 0).toBe(true);
      }
    }
  });

  it("carry the spec's texts (§5, §8)", () => {
    expect(en.messages.ageConfirm13).toBe('Your age is 13. Is this information ok?. Confirm to submit the form.');
    expect(en.messages.okChangePassTitle).toBe('Changed password');
    expect(en.messages.passwordResetText).toBe('We have sent you an email with the details.');
    expect(es.messages.evaluationCreatedTitle).toBe('Evaluación Creada');
    expect(es.messages.minAge13).toBe('La edad debe ser mayor a 13 años');
  });
});

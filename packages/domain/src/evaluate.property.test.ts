import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIELD_RANGES } from './constants.ts';
import { evaluate } from './evaluate.ts';
import { validInput } from './test/arbitraries.ts';
import { numbersIn } from './test/factories.ts';

describe('properties', () => {
  it('valid inputs never throw and never give NaN or Infinity', () => {
    let ok = 0;
    fc.assert(
      fc.property(validInput, (input) => {
        const out = evaluate(input);
        if (!out.ok) {
          // Only the plausibility rules may reject a generated input.
          const keys = new Set(Object.values(out.errors).flat());
          expect(
            [...keys].every(
              (k) => k === 'evaluation.errors.implausibleFat' || k === 'evaluation.errors.neckNotBelowWaist',
            ),
          ).toBe(true);
          return;
        }
        ok++;
        for (const [path, n] of numbersIn(out.result)) {
          if (!Number.isFinite(n)) throw new Error(`${path} = ${n}`);
        }
      }),
      { numRuns: 500 },
    );
    expect(ok).toBeGreaterThan(350);
  });

  it('more skinfold thickness never lowers the fat estimate', () => {
    const site = fc.constantFrom('triceps', 'subescapular', 'abdominal', 'cuadriceps', 'suprailiaco', 'biceps');
    fc.assert(
      fc.property(
        validInput.filter((i) => i.evaluation_type === 2 || i.evaluation_type === 4),
        site,
        fc.double({ min: 0.01, max: 30, noNaN: true }),
        (input, s, delta) => {
          const before = input[s];
          if (before === undefined) return;
          const after = Math.min(FIELD_RANGES[s].max, before + delta);
          const a = evaluate(input);
          const b = evaluate({ ...input, [s]: after });
          if (!a.ok || !b.ok) return;
          expect(b.result.body_fat.percent).toBeGreaterThanOrEqual(a.result.body_fat.percent - 1e-9);
          for (const cb of b.result.comparisons) {
            const ca = a.result.comparisons.find((c) => c.equation.id === cb.equation.id);
            if (ca) expect(cb.percent, cb.equation.id).toBeGreaterThanOrEqual(ca.percent - 1e-9);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a field outside its range is a field error on that field, never an exception', () => {
    const fields = ['peso', 'estatura', 'pcintura', 'pcadera', 'pbrazo', 'ppierna', 'presion_s'] as const;
    fc.assert(
      fc.property(
        validInput,
        fc.constantFrom(...fields),
        fc.oneof(fc.double({ min: -1e6, max: 19.99 }), fc.double({ min: 300.01, max: 1e9 })),
        (input, field, bad) => {
          const value =
            bad < FIELD_RANGES[field].min || bad > FIELD_RANGES[field].max ? bad : FIELD_RANGES[field].max + 1;
          const out = evaluate({ ...input, [field]: value });
          expect(out.ok).toBe(false);
          if (!out.ok) expect(out.errors[field]).toContain('evaluation.errors.range');
        },
      ),
    );
  });

  it('anything at all gives a result or field errors, never an exception', () => {
    fc.assert(
      fc.property(
        fc.anything({ withNullPrototype: true, withBigInt: true, withDate: true, withMap: true, withTypedArray: true }),
        (junk) => {
          const out = evaluate(junk);
          expect(out.ok).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('valid inputs with one field replaced by junk never throw', () => {
    const keys = [
      'peso',
      'nacimiento',
      'fecha',
      'rockport',
      'clinical_data',
      'evaluation_type',
      'triceps',
      'hace',
      'locale',
      'macro_percentages',
    ];
    fc.assert(
      fc.property(validInput, fc.constantFrom(...keys), fc.anything(), (input, key, junk) => {
        const out = evaluate({ ...input, [key]: junk });
        if (out.ok) {
          for (const [path, n] of numbersIn(out.result)) if (!Number.isFinite(n)) throw new Error(`${path} = ${n}`);
        } else {
          for (const list of Object.values(out.errors)) expect(list.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 300 },
    );
  });
});

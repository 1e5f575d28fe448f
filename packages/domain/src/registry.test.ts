import { describe, expect, it } from 'vitest';
import readme from '../README.md?raw';
import { EQUATIONS } from './registry.ts';
import { evaluate } from './evaluate.ts';
import { LABS_A, subjectA, subjectB } from './test/factories.ts';

describe('equation registry', () => {
  it('ids are unique and every entry has a citation and validity', () => {
    const ids = EQUATIONS.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const e of EQUATIONS) {
      expect(e.citation.length, e.id).toBeGreaterThan(10);
      expect(e.validity.length, e.id).toBeGreaterThan(2);
    }
  });

  it('the citations issue 9 checked read as the papers do', () => {
    const citation = (id: string) => EQUATIONS.find((e) => e.id === id)!.citation;
    expect(citation('nagamine_suzuki_1964')).toContain('Hum Biol 1964;36:8-15');
    expect(citation('jackson_pollock_1985_4site')).toContain(
      'Jackson AS, Pollock ML. Practical assessment of body composition. Phys Sportsmed 1985;13(5):76-90',
    );
    expect(citation('muscle_de_rose_1980')).toContain(
      'Kinanthropometry II. Baltimore: University Park Press, 1980:77-80',
    );
  });

  it('the README lists every equation (run scripts/generate-readme-equations.ts)', () => {
    for (const e of EQUATIONS) expect(readme, e.id).toContain(`\`${e.id}\``);
  });

  it('every equation a result cites is in the registry', () => {
    const known = new Set(EQUATIONS.map((e) => e.id));
    const inputs = [
      subjectA({
        evaluation_type: 1,
        diametro_muneca: 5.8,
        diametro_femur: 9.8,
        rockport: { minutes: 14, seconds: 30, bpm: 140 },
      }),
      subjectA({
        evaluation_type: 2,
        suprailiaco: 15,
        biceps: 5,
        clinical_data: { temperatura: 36.5, exams: [...LABS_A] },
      }),
      subjectA({ evaluation_type: 3, nacimiento: '1950-01-01' }),
      subjectB({ evaluation_type: 4, nacimiento: '2010-01-01', peso: 50, estatura: 160 }),
    ];
    for (const input of inputs) {
      const out = evaluate(input);
      if (!out.ok) throw new Error(JSON.stringify(out.errors));
      JSON.stringify(out.result, (k, v) => {
        if ((k === 'equation' || k === 'category_equation') && v && typeof v === 'object')
          expect(known, v.id).toContain(v.id);
        return v;
      });
    }
  });
});

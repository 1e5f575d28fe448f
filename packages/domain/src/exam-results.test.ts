// Issue 31 C (decision 195): every exam result carries its type and a percentile, or null with the reason why.
import { describe, expect, it } from 'vitest';
import { analyseExams } from './exam-results.ts';
import { EXAM_CATALOGUE, EXAM_IDS } from './exams.ts';
import type { ExamId } from './exams.ts';

const VALUES: Record<ExamId, number> = {
  crp: 2,
  fasting_glucose: 95,
  fasting_triglycerides: 140,
  hdl: 45,
  fasting_insulin: 10,
  hba1c: 5.4,
  homa_ir: 2.1,
  vitamin_d: 28,
  ggt: 30,
  total_cholesterol: 190,
  non_hdl: 145,
  ldl: 120,
};

describe('exam results: type and percentile (spec §3, decision 195)', () => {
  it('the catalogue holds the spec list once: 12 exams, HDL once (the 13th entry is a repeat)', () => {
    expect(EXAM_IDS).toHaveLength(12);
    expect(EXAM_IDS.filter((id) => id === 'hdl')).toHaveLength(1);
  });

  it.each(['es', 'en', 'pt'] as const)('%s: every exam entered has a type, percentile null and the reason', (lang) => {
    const { exams } = analyseExams(
      EXAM_IDS.map((name) => ({ name, value: VALUES[name], status: true })),
      'F',
      lang,
    );
    expect(exams.map((e) => e.id).sort()).toEqual([...EXAM_IDS].sort());
    for (const e of exams) {
      expect(e.type, e.id).toBe(e.id === 'homa_ir' || e.id === 'non_hdl' ? 'calculated' : 'measured');
      expect(e.percentile, e.id).toBeNull();
      expect(e.percentile_reference, e.id).toBe(EXAM_CATALOGUE[e.id].percentile_reference[lang]);
      expect(e.percentile_reference!.length, e.id).toBeGreaterThan(40);
    }
    // Each language's own text (no English left in es or pt).
    if (lang !== 'en') expect(exams[0]!.percentile_reference).not.toBe(EXAM_CATALOGUE.crp.percentile_reference.en);
  });

  it('an exam the engine derives is calculated, whatever its usual type (LDL by Sampson)', () => {
    const { exams } = analyseExams(
      [
        { name: 'total_cholesterol', value: 190, status: true },
        { name: 'hdl', value: 45, status: true },
        { name: 'fasting_triglycerides', value: 120, status: true },
      ],
      'M',
      'en',
    );
    expect(exams.find((e) => e.id === 'ldl')).toMatchObject({ derived: true, type: 'calculated', percentile: null });
  });
});

import { screen, within } from '@testing-library/react';
import type { EvaluationDetail } from '@medida/contracts';
import { describe, expect, it } from 'vitest';
import { ownProfileKeys } from '../../../lib/own-profile.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { evaluationKeys } from '../evaluation-queries.ts';
import { VersionsSection } from './versions-section.tsx';

const author = { id: 1, nombre: 'Ana', apellido: 'Pérez' };
const versionOf = (version: number, inputs: Record<string, unknown>, fatPercent: number) =>
  ({
    id: 7,
    version,
    current_version: 2,
    versions: [
      { version: 1, created_at: '2026-11-01T10:00:00Z', created_by: author },
      { version: 2, created_at: '2026-11-02T10:00:00Z', created_by: author },
    ],
    fecha: inputs.fecha,
    inputs,
    results: { body_fat: { percent: fatPercent } },
  }) as EvaluationDetail;

const v1 = versionOf(1, { fecha: '2026-11-01', peso: 70, pcintura: 81.3 }, 24.8);
const v2 = versionOf(2, { fecha: '2026-10-30', peso: 67.4, pcintura: 81.3 }, 23.9);

describe('the version comparison in one number format, the reader\u2019s (issue 30 item 2)', () => {
  it('in es: "70" → "67,4" beside the fat "24,8" → "23,9", and the date in words', async () => {
    await renderWithProviders(<VersionsSection data={v2} />, {
      lang: 'es',
      queryData: [
        [evaluationKeys.version(7, 1), v1],
        [evaluationKeys.version(7, 2), v2],
        [ownProfileKeys.own, { units: 'metric' }],
      ],
    });
    const diff = await screen.findByTestId('version-diff');
    const rows = within(diff)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toContain('Peso7067,4');
    expect(rows.some((r) => r?.includes('24,8') && r.includes('23,9'))).toBe(true);
    expect(diff.textContent).not.toMatch(/\d\.\d/);
    expect(diff.textContent).toContain('30 de octubre de 2026');
  });
});

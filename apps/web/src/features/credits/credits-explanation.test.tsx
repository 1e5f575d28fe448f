import { screen } from '@testing-library/react';
import type { CreditsSummary } from '@medida/contracts';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, tr } from '../../test/render.tsx';
import { CreditsExplanation, WizardCredits } from './credits-explanation.tsx';
import { creditsSummaryKey } from './credits-summary.ts';

const parent: CreditsSummary['ask'] = { kind: 'parent', name: 'Paula Pérez', email: 'paula@example.com' };
const operator: CreditsSummary['ask'] = { kind: 'operator', email: 'soporte@medida.app' };
const summary = (creditos: number, ask: CreditsSummary['ask']): CreditsSummary => ({
  creditos,
  evaluation_cost: 1,
  ask,
});

describe('whom to ask for credits (issue 30 item 9)', () => {
  it.each(['es', 'en', 'pt'] as const)(
    'the dashboard line names the parent account of a sub-user (%s)',
    async (lang) => {
      await renderWithProviders(<CreditsExplanation />, {
        lang,
        queryData: [[creditsSummaryKey, summary(5, parent)]],
      });
      expect(screen.getByTestId('credits-ask').textContent).toBe(
        tr(lang, 'credits.askParent', { name: 'Paula Pérez', email: 'paula@example.com' }),
      );
      expect(screen.getByTestId('credits-ask').textContent).toContain('Paula Pérez');
    },
  );

  it.each(['es', 'en', 'pt'] as const)(
    'a top-level account out of credits is told the operator contact in the wizard (%s)',
    async (lang) => {
      await renderWithProviders(<WizardCredits />, { lang, queryData: [[creditsSummaryKey, summary(0, operator)]] });
      expect(screen.getByTestId('wizard-no-credits')).toBeTruthy();
      expect(screen.getByTestId('credits-ask').textContent).toContain('soporte@medida.app');
    },
  );
});

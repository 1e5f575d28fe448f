import { screen } from '@testing-library/react';
import type { Dashboard } from '@medida/contracts';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, tr } from '../../test/render.tsx';
import { CreditsCard, FollowUpCard } from './dashboard-cards.tsx';

const noneDue: Dashboard['follow_up'] = { weeks: 8, total: 0, clients: [] };

describe('dashboard cards (issue 30 item 11)', () => {
  it.each(['es', 'en', 'pt'] as const)(
    'with no clients the follow-up card says so, not "all up to date" (%s)',
    async (lang) => {
      await renderWithProviders(<FollowUpCard followUp={noneDue} clients={0} />, { lang });
      expect(screen.getByText(tr(lang, 'dashboard.followUp.noClients'))).toBeTruthy();
      expect(screen.queryByText(tr(lang, 'dashboard.followUp.empty'))).toBeNull();
    },
  );

  it('with clients and none due it says every client has a recent evaluation', async () => {
    await renderWithProviders(<FollowUpCard followUp={noneDue} clients={3} />, { lang: 'en' });
    expect(screen.getByText('Every client has a recent evaluation.')).toBeTruthy();
  });

  it.each(['es', 'en', 'pt'] as const)(
    'names the source of credits nobody sent: welcome and team grants (%s)',
    async (lang) => {
      const movement = (id: number, kind: 'welcome' | 'grant') => ({
        id,
        created_at: '2026-03-01T12:00:00.000Z',
        amount: 10,
        kind,
        counterpart: null,
        evaluation_id: null,
      });
      await renderWithProviders(<CreditsCard movements={[movement(2, 'grant'), movement(1, 'welcome')]} />, { lang });
      expect(screen.getByText(tr(lang, 'dashboard.credits.welcome'))).toBeTruthy();
      expect(screen.getByText(tr(lang, 'dashboard.credits.grant'))).toBeTruthy();
      expect(screen.queryByText(/\{\{|^(From|De) $/)).toBeNull();
    },
  );
});

import {
  DASHBOARD_CARDS,
  DASHBOARD_LIST_SIZE,
  DASHBOARD_WEEKS,
  dashboardCardSchema,
  type Dashboard,
  type DashboardCard,
  type DashboardSettings,
} from '@medida/contracts';
import { requireProfessional } from '../../lib/access.ts';
import { notFound } from '../../lib/app-error.ts';
import type { AppDeps } from '../../types.ts';
import { SIGNUP_GRANT_NOTE } from '../credits/credits.service.ts';
import { createUserRecordsService } from '../people/user-records.service.ts';
import { createDashboardRepository } from './dashboard.repository.ts';

const DAY = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Monday of the ISO week holding `day` (UTC), as date_trunc('week') computes it. */
function weekStart(day: Date): Date {
  const monday = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  return monday;
}

/** The stored card choice, or the default set when none is stored or it no longer parses. */
function cardsOf(stored: unknown): DashboardCard[] {
  const cards = (stored as { cards?: unknown } | null)?.cards;
  if (!Array.isArray(cards)) return [...DASHBOARD_CARDS];
  return cards.filter((c): c is DashboardCard => dashboardCardSchema.safeParse(c).success);
}

/**
 * GET /web/getdash (issue 12): the professional's own tree in figures. Clients (type 2) never reach the
 * dashboard (spec §6): 403. `userId` other than the actor narrows to a professional of its network.
 */
export function createDashboardService(deps: Pick<AppDeps, 'db' | 'clock'>) {
  const repo = createDashboardRepository(deps.db);
  const users = createUserRecordsService(deps.db);

  async function rootFor(actorId: number, userId: number | undefined) {
    const actor = await users.findDashboardOwner(actorId);
    if (!actor) throw notFound();
    requireProfessional(actor.type);
    if (userId === undefined || userId === actorId) return actor;
    const below = await users.findProfessionalBelow(actorId, userId);
    const root = below && (await users.findDashboardOwner(below.id));
    if (!root) throw notFound();
    // The narrowed view keeps the actor's own card choice.
    return { ...root, dashboard_cards: actor.dashboard_cards };
  }

  return {
    async get(a: { actorId: number; userId?: number | undefined }): Promise<Dashboard> {
      const root = await rootFor(a.actorId, a.userId);
      const now = deps.clock.now();
      const monthStart = `${isoDay(now).slice(0, 8)}01`;
      const firstWeek = new Date(weekStart(now).getTime() - (DASHBOARD_WEEKS - 1) * 7 * DAY);
      const cutoff = isoDay(
        new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - root.follow_up_weeks * 7 * DAY),
      );

      // Every card in one statement: one round trip on either database (PGlite serves one query at a time).
      const scope = { rootId: root.id, accountId: root.account_root_id, wholeAccount: root.parent_user_id === null };
      const f = await repo.figures(scope, {
        from: isoDay(firstWeek),
        monthStart,
        cutoff,
        limit: DASHBOARD_LIST_SIZE,
      });

      const perWeek = new Map(f.weekly.map((w) => [w.week_start, Number(w.count)]));
      const change = (from: number | null, to: number | null) =>
        from !== null && to !== null && to > from ? { from, to } : null;
      return {
        counts: {
          clients: f.counts.clients,
          network: f.network,
          // The month started at most 31 days ago: always inside the weekly range.
          evaluations_month: f.month,
          evaluations_total: f.counts.evaluations,
          credits: root.creditos,
        },
        weekly: Array.from({ length: DASHBOARD_WEEKS }, (_, i) => {
          const week = isoDay(new Date(firstWeek.getTime() + i * 7 * DAY));
          return { week_start: week, count: perWeek.get(week) ?? 0 };
        }),
        latest: f.latest.map((e) => ({
          id: e.id,
          fecha: e.evaluated_on,
          created_at: new Date(e.created_at).toISOString(),
          evaluation_type: e.evaluation_type,
          client: { id: e.client_id, nombre: e.nombre, apellido: e.apellido },
        })),
        follow_up: {
          weeks: root.follow_up_weeks,
          total: f.counts.due,
          clients: f.follow_up,
        },
        // The filter guarantees a latest and a previous evaluation.
        wrong_way: f.wrong_way.map((w) => ({
          client: { id: w.id, nombre: w.nombre, apellido: w.apellido },
          evaluation_id: w.evaluation_id,
          fecha: w.fecha,
          previous_fecha: w.previous_fecha,
          body_fat_percent: change(w.fat_from, w.fat_to),
          waist_cm: change(w.waist_from, w.waist_to),
        })),
        credit_movements: f.credits.map((m) => {
          const kind: Dashboard['credit_movements'][number]['kind'] =
            m.evaluation_id !== null
              ? 'charge'
              : m.from_user_id === null // credits entering the system: nobody sent them
                ? m.note === SIGNUP_GRANT_NOTE
                  ? 'welcome'
                  : 'grant'
                : m.to_user_id === root.id
                  ? 'received'
                  : 'sent';
          return {
            id: m.id,
            created_at: new Date(m.created_at).toISOString(),
            amount: kind === 'sent' || kind === 'charge' ? -m.amount : m.amount,
            kind,
            counterpart:
              m.cp_id !== null && m.cp_nombre !== null && m.cp_apellido !== null
                ? { id: m.cp_id, nombre: m.cp_nombre, apellido: m.cp_apellido }
                : null,
            evaluation_id: m.evaluation_id,
          };
        }),
        cards: cardsOf(root.dashboard_cards),
      };
    },

    /** The widgets page (decision 114): the actor's own card choice and follow-up interval. */
    async settings(actorId: number): Promise<DashboardSettings> {
      const actor = await users.findDashboardOwner(actorId);
      if (!actor) throw notFound();
      requireProfessional(actor.type);
      return { cards: cardsOf(actor.dashboard_cards), follow_up_weeks: actor.follow_up_weeks };
    },

    async saveSettings(actorId: number, settings: DashboardSettings): Promise<DashboardSettings> {
      const actor = await users.findDashboardOwner(actorId);
      if (!actor) throw notFound();
      requireProfessional(actor.type);
      await users.saveDashboardSettings(actorId, { cards: settings.cards, followUpWeeks: settings.follow_up_weeks });
      return this.settings(actorId);
    },
  };
}

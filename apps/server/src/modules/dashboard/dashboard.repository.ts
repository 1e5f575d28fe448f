import { USER_TYPE } from '@medida/contracts';
import { parentInActorTree, sql, type Database, type Kysely } from '@medida/db';

/**
 * Whose figures the dashboard shows: the whole account when the root is its top (decision 103: no walk of
 * the tree, the account's indexes alone), else the root's sub-tree inside its account.
 */
export interface DashboardScope {
  rootId: number;
  accountId: number;
  wholeAccount: boolean;
}

/** What the day's dashboard needs besides the scope: dates as 'YYYY-MM-DD' (UTC) and the list size. */
export interface DashboardWindow {
  /** Monday of the chart's first week. */
  from: string;
  monthStart: string;
  /** A live client whose latest evaluation is older (or who has none) is due for a follow-up. */
  cutoff: string;
  limit: number;
}

export interface DashboardFigures {
  counts: { clients: number; evaluations: number; due: number };
  network: number;
  month: number;
  weekly: Array<{ week_start: string; count: number }>;
  latest: Array<{
    id: number;
    evaluated_on: string;
    created_at: string;
    evaluation_type: number;
    client_id: number;
    nombre: string;
    apellido: string;
  }>;
  follow_up: Array<{
    id: number;
    nombre: string;
    apellido: string;
    email: string;
    rut: string | null;
    nacimiento: string | null;
    sexo: string | null;
    last_fecha: string | null;
  }>;
  wrong_way: Array<{
    id: number;
    nombre: string;
    apellido: string;
    evaluation_id: number;
    fecha: string;
    previous_fecha: string;
    fat_from: number | null;
    fat_to: number | null;
    waist_from: number | null;
    waist_to: number | null;
  }>;
  credits: Array<{
    id: number;
    created_at: string;
    amount: number;
    from_user_id: number | null;
    to_user_id: number | null;
    evaluation_id: number | null;
    cp_id: number | null;
    cp_nombre: string | null;
    cp_apellido: string | null;
    note: string | null;
  }>;
}

/**
 * The dashboard's aggregates (issue 12: computed in the database, not in JavaScript loops) as ONE statement,
 * one round trip, each card a sub-query that starts from an index leading with the account (or, for the
 * credit card, the user): per-client figures from client_evaluation_summaries, which triggers keep in step
 * with evaluations and users (decision 110, migrations 0006 and 0022).
 */
export function createDashboardRepository(db: Kysely<Database>) {
  /** The scope's client summaries (alias `s`); live or not: a deleted client's evaluations still count. */
  const summariesIn = (scope: DashboardScope) =>
    scope.wholeAccount
      ? sql<boolean>`s.account_root_id = ${scope.accountId}`
      : sql<boolean>`s.account_root_id = ${scope.accountId} AND ${parentInActorTree(scope.rootId, 's.parent_user_id')}`;

  /** The scope's live evaluations (alias `e`), by the account's indexes first. */
  const evaluationsIn = (scope: DashboardScope) =>
    scope.wholeAccount
      ? sql<boolean>`e.account_root_id = ${scope.accountId} AND e.deleted_at IS NULL`
      : sql<boolean>`e.account_root_id = ${scope.accountId} AND e.deleted_at IS NULL
          AND e.client_id IN (SELECT s.client_id FROM client_evaluation_summaries s WHERE ${summariesIn(scope)})`;

  /**
   * The latest: the account's evaluations by date, newest first; a sub-tree checks each one's client (already
   * joined) against the walk, and stops after the first 8 that belong (no hash of the sub-tree's clients).
   */
  const latestIn = (scope: DashboardScope) =>
    scope.wholeAccount
      ? evaluationsIn(scope)
      : sql<boolean>`e.account_root_id = ${scope.accountId} AND e.deleted_at IS NULL
          AND ${parentInActorTree(scope.rootId, 'c.parent_user_id')}`;

  /** The account's latest ledger entries either side: two short index walks, not a sort of all its entries. */
  const ledgerOf = (userId: number, limit: number) => sql`(
    SELECT * FROM (SELECT * FROM credit_ledger WHERE from_user_id = ${userId} ORDER BY id DESC LIMIT ${sql.lit(limit)}) sent
    UNION ALL
    SELECT * FROM (SELECT * FROM credit_ledger WHERE to_user_id = ${userId} ORDER BY id DESC LIMIT ${sql.lit(limit)}) received
    ORDER BY id DESC LIMIT ${sql.lit(limit)})`;

  // Limits are literals (an integer constant, not user input): a prepared statement's generic plan (decision 107)
  // then still knows it needs 8 rows and walks the index in order instead of sorting the account's rows.
  const figures = (scope: DashboardScope, w: DashboardWindow) => sql<{
    [K in keyof DashboardFigures]: DashboardFigures[K];
  }>`
    WITH days AS (
      -- Per day first, then per week: the week is computed for ~84 days, not for every evaluation.
      SELECT e.evaluated_on AS day, count(*)::integer AS n FROM evaluations e
      WHERE ${evaluationsIn(scope)} AND e.evaluated_on >= ${w.from}::date GROUP BY 1
    )
    SELECT
      (SELECT json_build_object(
          'clients', count(*) FILTER (WHERE s.live),
          'evaluations', coalesce(sum(s.evaluations), 0),
          'due', count(*) FILTER (WHERE s.live AND (s.last_evaluated_on IS NULL OR s.last_evaluated_on < ${w.cutoff}::date)))
        FROM client_evaluation_summaries s WHERE ${summariesIn(scope)}) AS counts,
      -- The professionals below the root: the walk over the professionals' index (a few rows).
      (SELECT count(*)::integer FROM users p
        WHERE p.type = ${sql.lit(USER_TYPE.professional)} AND p.deleted_at IS NULL AND ${parentInActorTree(scope.rootId, 'p.parent_user_id')}) AS network,
      (SELECT coalesce(sum(n), 0)::integer FROM days WHERE day >= ${w.monthStart}::date) AS month,
      (SELECT coalesce(json_agg(json_build_object('week_start', week, 'count', n)), '[]') FROM (
        SELECT day - (extract(isodow FROM day)::integer - 1) AS week, sum(n)::integer AS n FROM days GROUP BY 1) weeks
      ) AS weekly,
      -- By evaluation date (a late entry of an old evaluation is not the latest), then by entry.
      (SELECT coalesce(json_agg(x ORDER BY x.evaluated_on DESC, x.created_at DESC, x.id DESC), '[]') FROM (
        SELECT e.id, e.evaluated_on, e.created_at, e.evaluation_type, c.id AS client_id, c.nombre, c.apellido
        FROM evaluations e JOIN users c ON c.id = e.client_id
        WHERE ${latestIn(scope)}
        ORDER BY e.evaluated_on DESC, e.created_at DESC, e.id DESC LIMIT ${sql.lit(w.limit)}) x
      ) AS latest,
      (SELECT coalesce(json_agg(x ORDER BY x.last_fecha ASC NULLS FIRST, x.apellido, x.nombre, x.id), '[]') FROM (
        SELECT c.id, c.nombre, c.apellido, c.email, c.rut, c.nacimiento, c.sexo, s.last_evaluated_on AS last_fecha
        FROM client_evaluation_summaries s JOIN users c ON c.id = s.client_id
        WHERE ${summariesIn(scope)} AND s.live AND (s.last_evaluated_on IS NULL OR s.last_evaluated_on < ${w.cutoff}::date)
        ORDER BY s.last_evaluated_on ASC NULLS FIRST, c.apellido, c.nombre, c.id LIMIT ${sql.lit(w.limit)}) x
      ) AS follow_up,
      (SELECT coalesce(json_agg(x ORDER BY x.fecha DESC, x.evaluation_id DESC), '[]') FROM (
        SELECT c.id, c.nombre, c.apellido, s.last_evaluation_id AS evaluation_id, s.last_evaluated_on AS fecha,
          s.previous_evaluated_on AS previous_fecha, s.body_fat_previous AS fat_from, s.body_fat_last AS fat_to,
          s.waist_previous AS waist_from, s.waist_last AS waist_to
        FROM client_evaluation_summaries s JOIN users c ON c.id = s.client_id
        WHERE ${summariesIn(scope)} AND s.live AND (s.body_fat_last > s.body_fat_previous OR s.waist_last > s.waist_previous)
        ORDER BY s.last_evaluated_on DESC, s.last_evaluation_id DESC LIMIT ${sql.lit(w.limit)}) x
      ) AS wrong_way,
      (SELECT coalesce(json_agg(x ORDER BY x.id DESC), '[]') FROM (
        SELECT l.id, l.created_at, l.amount, l.from_user_id, l.to_user_id, l.evaluation_id, l.note,
          cp.id AS cp_id, cp.nombre AS cp_nombre, cp.apellido AS cp_apellido
        FROM ${ledgerOf(scope.rootId, w.limit)} l
        LEFT JOIN users cp ON cp.id = CASE WHEN l.from_user_id = ${scope.rootId} THEN l.to_user_id ELSE l.from_user_id END) x
      ) AS credits`;

  return {
    /** Every card's figures in one round trip (timestamps come back as JSON text). */
    async figures(scope: DashboardScope, w: DashboardWindow): Promise<DashboardFigures> {
      const {
        rows: [row],
      } = await figures(scope, w).execute(db);
      if (!row) throw new Error('the figures query answers one row');
      return row;
    },

    /** The statement itself, unexecuted (the bench EXPLAINs it). */
    figuresStatement: figures,
  };
}

import { accountRootOf, parentInActorTree, sql, type Database, type Kysely } from '@medida/db';

export interface ChartsFilter {
  actorId: number;
  companyId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sexo?: string | undefined;
}

/**
 * Analytics over the actor's tree (decision 115), each figure one SQL statement over the stored figures of
 * each evaluation's current version (`evaluations.bmi`, `bmi_category`, `body_fat_percent`,
 * `fat_category`, `waist_cm`, written with the version by the engine's results: decision 110).
 */
export function createChartsRepository(db: Kysely<Database>) {
  /** The evaluations in scope, as a CTE body: the tree's clients, live evaluations, the filters. */
  const scoped = (f: ChartsFilter) => {
    const conditions = [
      sql`e.deleted_at IS NULL`,
      // The account's index first (decision 100), then the tree proper.
      sql`e.account_root_id = ${accountRootOf(f.actorId)}`,
      parentInActorTree(f.actorId, 'c.parent_user_id'),
    ];
    if (f.companyId !== undefined) conditions.push(sql`c.company_id = ${f.companyId}`);
    if (f.sexo !== undefined) conditions.push(sql`c.sexo = ${f.sexo}`);
    if (f.from !== undefined) conditions.push(sql`e.evaluated_on >= ${f.from}::date`);
    if (f.to !== undefined) conditions.push(sql`e.evaluated_on <= ${f.to}::date`);
    return sql`SELECT e.id, e.client_id, e.evaluated_on, e.bmi, e.bmi_category, e.body_fat_percent, e.fat_category, e.waist_cm, e.body_fat_series
      FROM evaluations e JOIN users c ON c.id = e.client_id
      WHERE ${sql.join(conditions, sql` AND `)}`;
  };

  return {
    async totals(f: ChartsFilter) {
      const { rows } = await sql<{ clients: string; evaluations: string }>`WITH ev AS (${scoped(f)})
        SELECT count(DISTINCT client_id) AS clients, count(*) AS evaluations FROM ev`.execute(db);
      return { clients: Number(rows[0]?.clients ?? 0), evaluations: Number(rows[0]?.evaluations ?? 0) };
    },

    /** Each client once, at its latest evaluation in scope; clients whose latest has no category are left out. */
    async categories(f: ChartsFilter, column: 'bmi_category' | 'fat_category') {
      const { rows } = await sql<{ category: string; clients: string }>`WITH ev AS (${scoped(f)}),
        latest AS (SELECT DISTINCT ON (client_id) client_id, ${sql.ref(column)} AS category FROM ev
          ORDER BY client_id, evaluated_on DESC, id DESC)
        SELECT category, count(*) AS clients FROM latest WHERE category IS NOT NULL
        GROUP BY category ORDER BY count(*) DESC, category`.execute(db);
      return rows.map((r) => ({ category: r.category, clients: Number(r.clients) }));
    },

    async monthly(f: ChartsFilter) {
      const { rows } = await sql<{
        month: string;
        evaluations: string;
        bmi: number | null;
        body_fat_percent: number | null;
        waist_cm: number | null;
      }>`WITH ev AS (${scoped(f)})
        SELECT to_char(date_trunc('month', evaluated_on), 'YYYY-MM') AS month, count(*) AS evaluations,
          avg(bmi) AS bmi, avg(body_fat_percent) AS body_fat_percent, avg(waist_cm) AS waist_cm
        FROM ev GROUP BY 1 ORDER BY 1`.execute(db);
      return rows.map((r) => ({
        month: r.month,
        evaluations: Number(r.evaluations),
        bmi: r.bmi === null ? null : Number(r.bmi),
        body_fat_percent: r.body_fat_percent === null ? null : Number(r.body_fat_percent),
        waist_cm: r.waist_cm === null ? null : Number(r.waist_cm),
      }));
    },

    /**
     * Clients with two or more body-fat figures of one series (method and equation, decision 188) in scope:
     * the latest figure against the first of the latest's series; improved when it is below.
     */
    async improving(f: ChartsFilter) {
      const { rows } = await sql<{ compared: string; improved: string }>`WITH ev AS (${scoped(f)}),
        latest AS (SELECT DISTINCT ON (client_id) client_id, body_fat_series FROM ev
          WHERE body_fat_percent IS NOT NULL ORDER BY client_id, evaluated_on DESC, id DESC),
        per_client AS (SELECT ev.client_id, count(*) AS n,
            (array_agg(ev.body_fat_percent ORDER BY ev.evaluated_on, ev.id))[1] AS first,
            (array_agg(ev.body_fat_percent ORDER BY ev.evaluated_on DESC, ev.id DESC))[1] AS last
          FROM ev JOIN latest l ON l.client_id = ev.client_id AND l.body_fat_series = ev.body_fat_series
          WHERE ev.body_fat_percent IS NOT NULL GROUP BY ev.client_id)
        SELECT count(*) FILTER (WHERE n >= 2) AS compared, count(*) FILTER (WHERE n >= 2 AND last < first) AS improved
        FROM per_client`.execute(db);
      return { compared: Number(rows[0]?.compared ?? 0), improved: Number(rows[0]?.improved ?? 0) };
    },
  };
}

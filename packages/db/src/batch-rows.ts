import { sql, type RawBuilder } from 'kysely';

/**
 * The rows of a statement that answers several callers at once (decisions 250, 251, 253): `jsonb_to_recordset` of
 * one parameter, each row with its place `n` (1, 2, …) for the statement's ORDER BY. The planner estimates such a
 * function the same whatever the number of rows, so PostgreSQL keeps one generic plan of the statement; `unnest` of
 * arrays told it the count, and it planned the statement again at every call (1–5 ms on PGlite, more than running it).
 * `columns` is the record's definition, e.g. `actor integer, client integer` (`n integer` is added).
 */
export function batchRows(rows: Record<string, unknown>[], columns: string): RawBuilder<unknown> {
  const numbered = rows.map((row, i) => ({ ...row, n: i + 1 }));
  return sql`jsonb_to_recordset(${JSON.stringify(numbered)}::jsonb) AS f (${sql.raw(columns)}, n integer)`;
}

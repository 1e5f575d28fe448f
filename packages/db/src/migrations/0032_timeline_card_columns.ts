import { sql, type Kysely } from 'kysely';

// Forward-only (see 0001). Issue 33 items 1–2 (decision 214): the client's timeline (GET /web/portal/evaluations) and
// the client history of getevaluacion read twelve to fifteen fields out of each version's inputs and results documents (~6 KB, stored compressed out of line), and every
// `->` unpacked the whole document again: 365 ms for a client with 209 evaluations. What a timeline card and the history show is
// kept in columns the database computes from the documents (STORED generated columns: one source, never stale), so
// the list reads a few bytes per row and never the documents.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE evaluation_versions
    ADD COLUMN card_peso double precision GENERATED ALWAYS AS ((inputs->>'peso')::float8) STORED,
    ADD COLUMN card_waist_cm double precision GENERATED ALWAYS AS ((inputs->>'pcintura')::float8) STORED,
    ADD COLUMN card_bmi double precision GENERATED ALWAYS AS ((results->'bmi'->>'value')::float8) STORED,
    ADD COLUMN card_bmi_category text GENERATED ALWAYS AS (results->'bmi'->>'category') STORED,
    ADD COLUMN card_body_fat_percent double precision
      GENERATED ALWAYS AS ((results->'body_fat'->>'percent')::float8) STORED,
    ADD COLUMN card_fat_category text GENERATED ALWAYS AS (results->'body_fat'->'category'->>'value') STORED,
    ADD COLUMN card_body_fat_equation text GENERATED ALWAYS AS (results->'body_fat'->'equation'->>'id') STORED,
    ADD COLUMN card_muscle_equation text GENERATED ALWAYS AS (results->'muscle_mass'->'equation'->>'id') STORED,
    ADD COLUMN card_muscle_mass_kg double precision
      GENERATED ALWAYS AS ((results->'muscle_mass'->>'kg')::float8) STORED,
    ADD COLUMN card_vo2max double precision GENERATED ALWAYS AS ((results->'rockport'->>'vo2max')::float8) STORED,
    ADD COLUMN card_lean_mass_kg double precision GENERATED ALWAYS AS ((results->'lean_mass'->>'kg')::float8) STORED,
    ADD COLUMN card_sum6_mm double precision GENERATED ALWAYS AS ((results->'isak'->>'sum6_mm')::float8) STORED,
    ADD COLUMN card_sum8_mm double precision GENERATED ALWAYS AS ((results->'isak'->>'sum8_mm')::float8) STORED,
    ADD COLUMN card_endomorphy double precision
      GENERATED ALWAYS AS ((results->'isak'->'somatotype'->>'endomorphy')::float8) STORED,
    ADD COLUMN card_mesomorphy double precision
      GENERATED ALWAYS AS ((results->'isak'->'somatotype'->>'mesomorphy')::float8) STORED,
    ADD COLUMN card_ectomorphy double precision
      GENERATED ALWAYS AS ((results->'isak'->'somatotype'->>'ectomorphy')::float8) STORED`.execute(db);
}

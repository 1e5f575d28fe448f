/** The benches' data set: one professional's account tree of the issue-11 size. */
import { sql, type Database, type Kysely } from '@medida/db';

export const CLIENTS = 10_000;
export const EVALUATIONS = 100_000;

/** How big a tree to seed: the size by default; the list bench also seeds a small one (flatness). */
export interface TreeSize {
  clients: number;
  evaluations: number;
}
const PROFESSIONALS = 10; // the owner's network: clients hang from the owner and from these

/**
 * Bulk seed with generate_series (one statement per table, seconds instead of minutes): under `owner`,
 * 10 professionals, `size.clients` clients spread over the owner and them, and `size.evaluations` evaluations by
 * the owner (10,000 and 100,000 unless told).
 */
export async function seedBenchTree(
  db: Kysely<Database>,
  owner: { id: number },
  size: TreeSize = { clients: CLIENTS, evaluations: EVALUATIONS },
): Promise<void> {
  await sql`INSERT INTO companies (name) SELECT 'Company ' || g FROM generate_series(1, 5) g`.execute(db);
  await sql`INSERT INTO users (type, email, nombre, apellido, parent_user_id)
    SELECT 1, 'pro' || g || '@bench.test', 'Pro', 'Fesional' || g, ${owner.id} FROM generate_series(1, ${PROFESSIONALS}) g`.execute(
    db,
  );
  const firstNames = [
    'Ana',
    'Benjamín',
    'Camila',
    'Diego',
    'Elena',
    'Felipe',
    'Gabriela',
    'Hugo',
    'Isabel',
    'Javier',
    'Lucía',
    'Mateo',
    'María',
    'Martín',
    'Nicolás',
    'Olivia',
    'Pablo',
    'Sofía',
    'Tomás',
    'Valentina',
  ];
  const lastNames = [
    'González',
    'Muñoz',
    'Rojas',
    'Díaz',
    'Pérez',
    'Soto',
    'Contreras',
    'Silva',
    'Martínez',
    'Sepúlveda',
    'Morales',
    'Rodríguez',
    'López',
    'Fuentes',
    'Hernández',
    'Torres',
    'Araya',
    'Flores',
    'Espinoza',
    'Valenzuela',
    'Castillo',
    'Tapia',
    'Reyes',
    'Gutiérrez',
    'Castro',
  ];
  // Client g: every 11th under the owner, the rest spread over the network; companies: default 9, others, none.
  await sql`INSERT INTO users (type, email, nombre, apellido, rut, nacimiento, sexo, parent_user_id, company_id)
    SELECT 2, 'c' || g || '@bench.test',
      (${sql.val(firstNames)}::text[])[1 + g % ${firstNames.length}],
      (${sql.val(lastNames)}::text[])[1 + (g / 7) % ${lastNames.length}],
      (10000000 + g * 37)::text || 'K', DATE '1990-01-01' + (g % 9000), CASE WHEN g % 2 = 0 THEN 'Femenino' ELSE 'Masculino' END,
      CASE WHEN g % 11 = 0 THEN ${owner.id} ELSE (SELECT id FROM users WHERE email = 'pro' || (1 + g % ${PROFESSIONALS}) || '@bench.test') END,
      CASE WHEN g % 3 = 0 THEN NULL WHEN g % 3 = 1 THEN 9 ELSE (SELECT min(id) FROM companies WHERE name = 'Company ' || (1 + g % 5)) END
    FROM generate_series(1, ${size.clients}) g`.execute(db);
  const { rows } = await sql<{ min: number }>`SELECT min(id) AS min FROM users WHERE type = 2`.execute(db);
  const firstClient = rows[0]!.min;
  // Dates spread over 400 days up to DASHBOARD_TODAY; key figures vary so that about half the clients'
  // latest evaluation moved the wrong way (the dashboard's heaviest card).
  await sql`INSERT INTO evaluations (client_id, evaluator_id, evaluation_type, current_version, evaluated_on, created_at, updated_at,
      bmi, body_fat_percent, waist_cm)
    SELECT ${firstClient} + g % ${size.clients}, ${owner.id}, 1 + g % 4, 1, DATE '2025-01-01' + (g % 400),
      TIMESTAMPTZ '2025-01-01' + g * INTERVAL '5 minutes', TIMESTAMPTZ '2025-01-01' + g * INTERVAL '5 minutes',
      20 + (g * 7) % 15, 15 + (g * 13) % 20, 70 + (g * 11) % 30
    FROM generate_series(1, ${size.evaluations}) g`.execute(db);
  // Versions keep the shape (the list never reads them); small documents keep the seed fast.
  await sql`INSERT INTO evaluation_versions (evaluation_id, version, evaluation_type, inputs, results, engine_version, created_by, created_at)
    SELECT id, 1, evaluation_type, '{}'::jsonb, '{}'::jsonb, 'bench', evaluator_id, created_at FROM evaluations`.execute(
    db,
  );
  // Each evaluation's charge, as the service writes it: the dashboard's credit card walks the owner's ledger.
  await sql`INSERT INTO credit_ledger (actor_id, from_user_id, evaluation_id, amount, created_at)
    SELECT evaluator_id, evaluator_id, id, 1, created_at FROM evaluations`.execute(db);
  await sql`ANALYZE`.execute(db);
}

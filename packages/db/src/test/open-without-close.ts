// Child process for pglite-thread.int.test.ts: queries the embedded database and never closes it. The process
// must still exit (the database thread only holds the event loop while a query is in flight).
import { sql } from 'kysely';
import { createDb } from '../create-db.ts';

const { db } = await createDb({ pglite: {} });
const { rows } = await sql<{ n: number }>`SELECT 41 + 1 AS n`.execute(db);
console.log('answer', rows[0]!.n);

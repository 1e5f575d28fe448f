import { sql, type Database, type Kysely } from '@medida/db';

export function createHealthRepository(db: Kysely<Database>) {
  return {
    /** The most trivial statement: the database answers. */
    ping: async () => {
      await sql`SELECT 1`.execute(db);
    },
  };
}

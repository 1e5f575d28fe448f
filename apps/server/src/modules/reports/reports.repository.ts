import type { Database, Kysely } from '@medida/db';

/** What the report adds to the evaluation detail; called with ids of a detail already read in scope. */
export function createReportsRepository(db: Kysely<Database>) {
  return {
    /** The professional's phone (header contact) and the client's country (the report's number format). */
    contacts: async (evaluatorId: number, clientId: number) => {
      const [evaluator, client] = await Promise.all([
        db.selectFrom('users').select('telefono').where('id', '=', evaluatorId).executeTakeFirst(),
        db
          .selectFrom('users')
          .leftJoin('countries', 'countries.id', 'users.pais_id')
          .select('countries.iso2')
          .where('users.id', '=', clientId)
          .executeTakeFirst(),
      ]);
      return { telefono: evaluator?.telefono ?? null, countryIso2: client?.iso2 ?? null };
    },
  };
}

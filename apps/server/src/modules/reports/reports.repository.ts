import type { Database, Kysely } from '@medida/db';

/** What the report adds to the evaluation detail; called with ids of a detail already read in scope. */
export function createReportsRepository(db: Kysely<Database>) {
  return {
    /**
     * The professional's phone and stored avatar (header contact and logo) and the client's country
     * (the report's number format).
     */
    contacts: async (evaluatorId: number, clientId: number) => {
      const [evaluator, client] = await Promise.all([
        db
          .selectFrom('users')
          .leftJoin('avatars', 'avatars.user_id', 'users.id')
          .select(['users.telefono', 'avatars.storage_key', 'avatars.size_bytes', 'avatars.sha256'])
          .where('users.id', '=', evaluatorId)
          .executeTakeFirst(),
        db
          .selectFrom('users')
          .leftJoin('countries', 'countries.id', 'users.pais_id')
          .select('countries.iso2')
          .where('users.id', '=', clientId)
          .executeTakeFirst(),
      ]);
      const avatar =
        evaluator?.storage_key && evaluator.size_bytes !== null && evaluator.sha256
          ? { storage_key: evaluator.storage_key, size_bytes: evaluator.size_bytes, sha256: evaluator.sha256 }
          : null;
      return { telefono: evaluator?.telefono ?? null, countryIso2: client?.iso2 ?? null, avatar };
    },
  };
}

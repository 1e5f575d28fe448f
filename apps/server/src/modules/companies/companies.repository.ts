import type { Database, Kysely } from '@medida/db';

export const createCompaniesRepository = (db: Kysely<Database>) => ({
  list: () => db.selectFrom('companies').select(['id', 'name']).orderBy('name').orderBy('id').execute(),
});

import type { Database, Kysely } from '@medida/db';

export const createCountriesRepository = (db: Kysely<Database>) => ({
  list: () => db.selectFrom('countries').select(['id', 'name', 'phonecode', 'iso2']).orderBy('name').execute(),
});

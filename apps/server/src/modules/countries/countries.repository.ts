import type { Database, Kysely } from '@medida/db';

export const createCountriesRepository = (db: Kysely<Database>) => ({
  list: () => db.selectFrom('countries').select(['id', 'name', 'phonecode', 'iso2']).orderBy('name').execute(),
  find: (id: number) => db.selectFrom('countries').select(['id', 'iso2']).where('id', '=', id).executeTakeFirst(),
  idByIso2: async (iso2: string) =>
    (await db.selectFrom('countries').select('id').where('iso2', '=', iso2).executeTakeFirst())?.id ?? null,
});

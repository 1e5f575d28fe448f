import type { Database, Kysely } from '@medida/db';

export const createLocationsRepository = (db: Kysely<Database>) => ({
  statesOf: (countryId: number) =>
    db
      .selectFrom('states')
      .select(['id', 'name', 'country_id'])
      .where('country_id', '=', countryId)
      .orderBy('name')
      .orderBy('id')
      .execute(),
  citiesOf: (stateId: number) =>
    db
      .selectFrom('cities')
      .select(['id', 'name', 'state_id'])
      .where('state_id', '=', stateId)
      .orderBy('name')
      .orderBy('id')
      .execute(),
  findState: (id: number) =>
    db.selectFrom('states').select(['id', 'country_id']).where('id', '=', id).executeTakeFirst(),
  findCity: (id: number) => db.selectFrom('cities').select(['id', 'state_id']).where('id', '=', id).executeTakeFirst(),
});

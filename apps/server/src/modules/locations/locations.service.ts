import type { Database, Kysely } from '@medida/db';
import { rememberFound } from '../../lib/remember-found.ts';
import { createLocationsRepository } from './locations.repository.ts';

/** States and cities (reference data; the locations module owns both tables): for the routes and the person rules. */
export function createLocationsService(db: Kysely<Database>) {
  const repo = createLocationsRepository(db);
  return {
    statesOf: repo.statesOf,
    citiesOf: repo.citiesOf,
    /** With its country, so a person's region can be checked against its country. Found ones remembered. */
    findState: rememberFound(repo.findState),
    /** With its state, so a person's comuna can be checked against its region. Found ones remembered. */
    findCity: rememberFound(repo.findCity),
  };
}

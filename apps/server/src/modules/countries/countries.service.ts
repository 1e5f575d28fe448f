import type { Database, Kysely } from '@medida/db';
import { rememberFound } from '../../lib/remember-found.ts';
import { createCountriesRepository } from './countries.repository.ts';

/** The country list (reference data; the countries module owns the table): for the route and the person rules. */
export function createCountriesService(db: Kysely<Database>) {
  const repo = createCountriesRepository(db);
  return {
    list: repo.list,
    /** The country with its ISO code (the national id's kind follows it), or undefined. Found ones remembered. */
    find: rememberFound(repo.find),
    /** A partner page's country (register-…), or null when the code is unknown. */
    idByIso2: repo.idByIso2,
  };
}

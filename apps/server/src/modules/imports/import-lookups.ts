import type { Database, Kysely } from '@medida/db';
import { createCountriesService } from '../countries/countries.service.ts';
import { createLocationsService } from '../locations/locations.service.ts';
import type { PersonLookups } from '../people/person-rules.ts';
import { createUserRecordsService } from '../people/user-records.service.ts';

/**
 * The person rules' look-ups for one import (decision 228): the same questions the form asks, answered with fewer
 * statements. Countries, regions and cities by id are reference data, read once per import. The e-mails of a batch
 * of rows are read in one statement before the batch (`holdEmails`); an e-mail outside it is asked as the form asks;
 * the rows' parent (the actor) is checked once per batch.
 * The unique index on e-mails still refuses one taken meanwhile by another request.
 */
export function createImportLookups() {
  const countries = new Map<number, { id: number; iso2: string } | undefined>();
  const states = new Map<number, { id: number; country_id: number } | undefined>();
  const cities = new Map<number, { id: number; state_id: number } | undefined>();
  /** Lowercase e-mail → the users holding it, for the current batch's e-mails only. */
  let holders = new Map<string, number[]>();
  /** Whether a parent is assignable, asked once per batch (every row of an import hangs from its actor). */
  let parents = new Map<string, boolean>();

  const remembered = async <T>(cache: Map<number, T>, id: number, read: () => Promise<T>): Promise<T> => {
    if (cache.has(id)) return cache.get(id) as T;
    const value = await read();
    cache.set(id, value);
    return value;
  };

  return {
    /** Reads who holds the batch's e-mails (on `db`, before the batch's transaction), forgetting the last batch's. */
    async holdEmails(db: Kysely<Database>, emails: string[]) {
      const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
      holders = new Map(wanted.map((e) => [e, []]));
      parents = new Map();
      if (wanted.length === 0) return;
      for (const row of await createUserRecordsService(db).holdersOfEmails(wanted))
        holders.get(row.email)?.push(row.id);
    },
    /** A user created in this batch holds its e-mail from now on. */
    emailNowHeld(email: string, userId: number) {
      holders.get(email.trim().toLowerCase())?.push(userId);
    },
    /** Whether a new client may hang from `parentId`, asked of `db` once per batch. */
    parentAssignable(db: Kysely<Database>) {
      return async (actorId: number, parentId: number) => {
        const key = `${actorId}|${parentId}`;
        const known = parents.get(key);
        if (known !== undefined) return known;
        const assignable = await createUserRecordsService(db).isAssignableParent(actorId, parentId);
        parents.set(key, assignable);
        return assignable;
      };
    },
    /** The look-ups, asking `db` (the batch's transaction, or the database on a dry run) what is not known. */
    over(db: Kysely<Database>): PersonLookups {
      const users = createUserRecordsService(db);
      const places = createCountriesService(db);
      const locations = createLocationsService(db);
      return {
        emailTaken: async (email, exceptUserId) => {
          const held = holders.get(email.trim().toLowerCase());
          if (!held) return users.emailTaken(email, exceptUserId);
          return held.some((id) => id !== exceptUserId);
        },
        findCountry: (id) => remembered(countries, id, () => places.find(id)),
        findState: (id) => remembered(states, id, () => locations.findState(id)),
        findCity: (id) => remembered(cities, id, () => locations.findCity(id)),
      };
    },
  };
}

export type ImportLookups = ReturnType<typeof createImportLookups>;

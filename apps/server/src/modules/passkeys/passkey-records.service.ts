import type { Database, Kysely } from '@medida/db';
import { createPasskeysRepository } from './passkeys.repository.ts';

/**
 * The `passkeys` table for the second-factor module (which asks whether a user has one, and removes them all when a
 * professional above the user resets its factors, decision 208). It imports nothing but its repository, so the
 * second-factor service can use it while the passkeys service uses the second-factor service, without a cycle.
 */
export function createPasskeyRecordsService(db: Kysely<Database>) {
  const repo = createPasskeysRepository(db);
  return {
    hasAny: async (userId: number) => (await repo.countOf(userId)) > 0,
    removeAllOf: (userId: number) => repo.removeAllOf(userId),
  };
}

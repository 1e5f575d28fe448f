import type { Database, Kysely, Transaction } from '@medida/db';
import { notFound } from '../../lib/app-error.ts';
import { createUserRecordsRepository } from './user-records.repository.ts';

/**
 * The `users` table for the other modules (the people module owns it, docs/architecture.md "Table owners"). Built
 * on `db` or on the caller's transaction handle, so a lock or write joins the caller's transaction. It imports
 * nothing but its repository: every module can depend on it without a cycle.
 */
export function createUserRecordsService(db: Kysely<Database> | Transaction<Database>) {
  const repo = createUserRecordsRepository(db);
  return {
    ...repo,

    /**
     * A live client (type 2) the actor may see: the client itself, or a client below the actor in its account
     * tree. Anything else is 404, so ids of other accounts reveal nothing (decision 012).
     */
    async findVisibleClient(actorId: number, clientId: number) {
      const client = await repo.findVisibleClient(actorId, clientId);
      if (!client) throw notFound();
      return { ...client, isSelf: actorId === clientId };
    },
  };
}

export type UserRecordsService = ReturnType<typeof createUserRecordsService>;

import type { Database, Kysely, Transaction } from '@medida/db';
import type { Clock } from '../../lib/clock.ts';
import { generateToken, sha256Hex } from '../../lib/tokens.ts';
import { createAccountTokensRepository, type LinkPurpose } from './account-tokens.repository.ts';

/**
 * One-time links mailed to an account's owner (unlock after a lockout, e-mail verification): only the
 * token's SHA-256 is stored, each link expires, works once, and a newer one replaces the older.
 */
export function createAccountTokensService(deps: { db: Kysely<Database>; clock: Clock }) {
  const repo = createAccountTokensRepository(deps.db);
  return {
    async issue(purpose: LinkPurpose, userId: number, validMs: number): Promise<string> {
      const token = generateToken();
      const now = deps.clock.now();
      await repo.replace({
        purpose,
        userId,
        tokenHash: sha256Hex(token),
        now,
        expiresAt: new Date(now.getTime() + validMs),
      });
      return token;
    },
    /** The user a valid token is for, without spending it (a sign-in ticket between two wrong codes). */
    peek: (purpose: LinkPurpose, token: string) => repo.findValid(purpose, sha256Hex(token), deps.clock.now()),
    /** The user the link was for, or null when it is unknown, used, expired or of another purpose. */
    consume: (purpose: LinkPurpose, token: string) => repo.consume(purpose, sha256Hex(token), deps.clock.now()),

    /** The e-mail change links (decision 018), inside the caller's transaction with the change itself. */
    replaceEmailChangeInTransaction: (
      trx: Transaction<Database>,
      row: Parameters<ReturnType<typeof createAccountTokensRepository>['replaceEmailChange']>[0],
    ) => createAccountTokensRepository(trx).replaceEmailChange(row),
    consumeEmailChangeInTransaction: (trx: Transaction<Database>, tokenHash: string, now: Date) =>
      createAccountTokensRepository(trx).consumeEmailChange(tokenHash, now),
  };
}

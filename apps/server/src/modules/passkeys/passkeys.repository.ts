import type { Database, Kysely } from '@medida/db';

type ChallengePurpose = Database['webauthn_challenges']['purpose'];

/** What a passkey list shows: never the key, the handle or the credential id. */
const LISTED = ['id', 'name', 'device_type', 'backed_up', 'created_at', 'last_used_at'] as const;

export function createPasskeysRepository(db: Kysely<Database>) {
  return {
    listOf: (userId: number) =>
      db.selectFrom('passkeys').select(LISTED).where('user_id', '=', userId).orderBy('id').execute(),

    /** What a new registration must exclude, and the user's handle if it has one. */
    credentialsOf: (userId: number) =>
      db
        .selectFrom('passkeys')
        .select(['credential_id', 'transports', 'user_handle'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),

    countOf: async (userId: number) =>
      Number(
        (
          await db
            .selectFrom('passkeys')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow()
        ).n,
      ),

    /** The credential an assertion names, with its owner; the caller checks the owner is live. */
    byCredentialId: (credentialId: string) =>
      db
        .selectFrom('passkeys')
        .select(['id', 'user_id', 'credential_id', 'public_key', 'sign_count', 'transports', 'user_handle'])
        .where('credential_id', '=', credentialId)
        .executeTakeFirst(),

    insert: (row: {
      userId: number;
      credentialId: string;
      publicKey: Uint8Array;
      signCount: number;
      transports: string;
      userHandle: string;
      deviceType: 'singleDevice' | 'multiDevice';
      backedUp: boolean;
      name: string;
      now: Date;
    }) =>
      db
        .insertInto('passkeys')
        .values({
          user_id: row.userId,
          credential_id: row.credentialId,
          public_key: row.publicKey,
          sign_count: row.signCount,
          transports: row.transports,
          user_handle: row.userHandle,
          device_type: row.deviceType,
          backed_up: row.backedUp,
          name: row.name,
          created_at: row.now,
        })
        .onConflict((oc) => oc.column('credential_id').doNothing())
        .returning(LISTED)
        .executeTakeFirst(),

    /**
     * A verified assertion: the new counter and the backup state, only if the stored counter is still the one the
     * check read (a parallel assertion with the same counter loses: one use per counter value).
     */
    recordUse: async (row: { id: number; expectedCount: number; signCount: number; backedUp: boolean; now: Date }) =>
      (
        await db
          .updateTable('passkeys')
          .set({ sign_count: row.signCount, backed_up: row.backedUp, last_used_at: row.now })
          .where('id', '=', row.id)
          .where('sign_count', '=', row.expectedCount)
          .executeTakeFirst()
      ).numUpdatedRows > 0n,

    rename: (userId: number, id: number, name: string) =>
      db
        .updateTable('passkeys')
        .set({ name })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returning(LISTED)
        .executeTakeFirst(),

    isOwn: async (userId: number, id: number) =>
      (await db
        .selectFrom('passkeys')
        .select('id')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst()) !== undefined,

    removeAllOf: async (userId: number) => {
      await db.deleteFrom('passkeys').where('user_id', '=', userId).execute();
    },

    remove: (userId: number, id: number) =>
      db
        .deleteFrom('passkeys')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returning(['id', 'name'])
        .executeTakeFirst(),

    /** A new challenge; expired ones go first (the index on expires_at keeps that cheap). */
    async saveChallenge(row: {
      challengeHash: string;
      purpose: ChallengePurpose;
      userId: number | null;
      ticketHash: string | null;
      userHandle: string | null;
      now: Date;
      expiresAt: Date;
    }) {
      await db.deleteFrom('webauthn_challenges').where('expires_at', '<=', row.now).execute();
      await db
        .insertInto('webauthn_challenges')
        .values({
          challenge_hash: row.challengeHash,
          purpose: row.purpose,
          user_id: row.userId,
          ticket_hash: row.ticketHash,
          user_handle: row.userHandle,
          expires_at: row.expiresAt,
        })
        .execute();
    },

    /** Single use: the row is deleted as it is read, so two instances can never both accept one challenge. */
    takeChallenge: (challengeHash: string, purpose: ChallengePurpose, now: Date) =>
      db
        .deleteFrom('webauthn_challenges')
        .where('challenge_hash', '=', challengeHash)
        .where('purpose', '=', purpose)
        .where('expires_at', '>', now)
        .returning(['user_id', 'ticket_hash', 'user_handle'])
        .executeTakeFirst(),
  };
}

import { USER_TYPE } from '@medida/contracts';
import { compiledQueries, sql, type Database, type Kysely, type SecondFactorKind } from '@medida/db';

/** The auth hook's statement, run on every request: built and compiled once (compiledQueries, issue 11). */
const activeSessionsQuery = compiledQueries<{ tokenHashes: string[] }>();
const recordingReadsQuery = compiledQueries<{ tokenHashes: string[]; reads: string; now: Date }>();

/**
 * The live (not revoked) sessions of live (not deleted) users behind these token hashes, with each user's account
 * and its data version (decision 160: the response cache's key) and the user's chat version (decision 239). Expiry is checked by the caller against its clock.
 */
function activeSessions(db: Kysely<Database>, tokenHashes: string[]) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('account_data_versions as v', 'v.account_root_id', 'users.account_root_id')
    .leftJoin('chat_versions as cv', 'cv.user_id', 'users.id')
    .select([
      'sessions.token_hash',
      'users.account_root_id',
      sql<number>`coalesce(v.version, 0)`.as('data_version'),
      sql<number>`coalesce(cv.version, 0)`.as('chat_version'),
      'sessions.id',
      'sessions.user_id',
      'sessions.last_seen_at',
      'sessions.idle_expires_at',
      'sessions.absolute_expires_at',
      'users.type as user_type',
      'users.parent_user_id',
      'users.creditos',
      'users.cambia_pass',
      'users.email_verified_at',
      'users.operator',
      'sessions.second_factor',
      // The account requires a second factor of its professionals (decision 208), or the user is an operator, who always
      // needs one (decision 229), and this session has none.
      sql<boolean>`(sessions.second_factor IS NULL AND (users.operator OR users.type = ${sql.lit(USER_TYPE.professional)} AND EXISTS (
        SELECT 1 FROM users AS root WHERE root.id = users.account_root_id AND root.network_requires_second_factor)))`.as(
        'second_factor_missing',
      ),
    ])
    .where('sessions.token_hash', '=', sql<string>`ANY(${tokenHashes}::text[])`)
    .where('sessions.revoked_at', 'is', null)
    .where('users.deleted_at', 'is', null);
}
export type SessionRow = Awaited<ReturnType<ReturnType<typeof activeSessions>['execute']>>[number];

export function createSessionsRepository(db: Kysely<Database>) {
  return {
    insert: (row: {
      tokenHash: string;
      userId: number;
      now: Date;
      idleExpiresAt: Date;
      absoluteExpiresAt: Date;
      ip: string | null;
      userAgent: string | null;
      secondFactor: SecondFactorKind | null;
    }) =>
      // Only while the user's account is not suspended (decision 229): every way of signing in ends here, so one
      // statement refuses them all; undefined when it is.
      db
        .insertInto('sessions')
        .columns([
          'token_hash',
          'user_id',
          'created_at',
          'last_seen_at',
          'idle_expires_at',
          'absolute_expires_at',
          'ip',
          'user_agent',
          'second_factor',
        ])
        .expression(
          db
            .selectFrom('users')
            .innerJoin('users as root', 'root.id', 'users.account_root_id')
            .select([
              sql.val(row.tokenHash).as('token_hash'),
              'users.id',
              sql.val(row.now).as('created_at'),
              sql.val(row.now).as('last_seen_at'),
              sql.val(row.idleExpiresAt).as('idle_expires_at'),
              sql.val(row.absoluteExpiresAt).as('absolute_expires_at'),
              sql.val(row.ip).as('ip'),
              sql.val(row.userAgent).as('user_agent'),
              sql.val(row.secondFactor).as('second_factor'),
            ])
            .where('users.id', '=', row.userId)
            .where('root.suspended_at', 'is', null),
        )
        .returning('id')
        .executeTakeFirst(),

    /**
     * The live (not revoked) sessions of live (not deleted) users behind these token hashes, with each user's account
     * and its data version (decision 160: the response cache's key). Expiry is checked by the caller against its
     * clock. Several requests' look-ups go in one statement (decision 170).
     */
    findActiveByTokenHashes: (tokenHashes: string[]) =>
      activeSessionsQuery.execute(db, 'active', { tokenHashes }, (p) => activeSessions(db, p.tokenHashes)),

    /**
     * findActiveByTokenHashes, and in the same statement the audit events of the reads whose session still is what
     * the server knew when it found their answer in memory (decision 172): not revoked, the user not deleted and of
     * the same type and account, the account at the same data version, no temporary password, not expired at `now`.
     * `reads` is a JSON array of { ord, token_hash, user_id, user_type, account_id, data_version, event }, `event`
     * as `audit_append_many` takes it; every row carries the `ord`s of the reads whose events were appended.
     */
    findActiveRecordingReads: (tokenHashes: string[], reads: string, now: Date) =>
      recordingReadsQuery.execute(db, 'recording', { tokenHashes, reads, now }, (p) => ({
        compile: () =>
          sql<SessionRow & { recorded: number[] }>`WITH s AS MATERIALIZED (${activeSessions(db, p.tokenHashes)}),
            r AS MATERIALIZED (
              SELECT (r.read->>'ord')::integer AS ord, r.read->'event' AS event
                FROM jsonb_array_elements(${p.reads}::jsonb) AS r(read)
                JOIN s ON s.token_hash = r.read->>'token_hash'
                WHERE s.user_id = (r.read->>'user_id')::integer
                  AND s.user_type = (r.read->>'user_type')::integer
                  AND s.account_root_id = (r.read->>'account_id')::integer
                  AND s.data_version = (r.read->>'data_version')::bigint
                  AND s.cambia_pass IS DISTINCT FROM 1
                  AND NOT s.second_factor_missing
                  AND s.idle_expires_at > ${p.now}::timestamptz
                  AND s.absolute_expires_at > ${p.now}::timestamptz
            ),
            w AS MATERIALIZED (
              SELECT CASE WHEN count(*) > 0 THEN audit_append_many(jsonb_agg(r.event ORDER BY r.ord)) END AS written,
                  coalesce(array_agg(r.ord ORDER BY r.ord), '{}') AS recorded
                FROM r
            )
            SELECT s.*, w.recorded FROM s CROSS JOIN w`.compile(db),
      })),

    /** Of `sessionIds`, those still live at `now` (not revoked, not expired, user not deleted). */
    findLiveIds: async (sessionIds: string[], now: Date) => {
      if (sessionIds.length === 0) return [];
      const rows = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select('sessions.id')
        .where('sessions.id', 'in', sessionIds)
        .where('sessions.revoked_at', 'is', null)
        .where('sessions.idle_expires_at', '>', now)
        .where('sessions.absolute_expires_at', '>', now)
        .where('users.deleted_at', 'is', null)
        .execute();
      return rows.map((r) => r.id);
    },

    /**
     * Extends the idle expiry of those of `sessionIds` that are live at `now` and were last extended at or
     * before `staleBefore` (at most one write per session per touch interval), capped at the absolute expiry.
     */
    touchLive: async (sessionIds: string[], now: Date, staleBefore: Date, idleMs: number) => {
      if (sessionIds.length === 0) return;
      const idleExpiresAt = new Date(now.getTime() + idleMs);
      await db
        .updateTable('sessions')
        .set((eb) => ({
          last_seen_at: now,
          idle_expires_at: eb.fn<Date>('least', [eb.val(idleExpiresAt), eb.ref('absolute_expires_at')]),
        }))
        .where('id', 'in', sessionIds)
        .where('revoked_at', 'is', null)
        .where('idle_expires_at', '>', now)
        .where('absolute_expires_at', '>', now)
        .where('last_seen_at', '<=', staleBefore)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('users')
              .select('users.id')
              .whereRef('users.id', '=', 'sessions.user_id')
              .where('users.deleted_at', 'is', null),
          ),
        )
        .execute();
    },

    touch: (sessionId: string, now: Date, idleExpiresAt: Date) =>
      db
        .updateTable('sessions')
        .set({ last_seen_at: now, idle_expires_at: idleExpiresAt })
        .where('id', '=', sessionId)
        .execute(),

    revoke: (sessionId: string, now: Date) =>
      db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .execute(),

    /** The user's live sessions, most recently used first; expiry is filtered against the caller's clock. */
    listLiveForUser: (userId: number, now: Date) =>
      db
        .selectFrom('sessions')
        .select(['id', 'created_at', 'last_seen_at', 'ip', 'user_agent', 'second_factor'])
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('idle_expires_at', '>', now)
        .where('absolute_expires_at', '>', now)
        .orderBy('last_seen_at', 'desc')
        .orderBy('id')
        .execute(),

    /** Records what the session proved besides the password (an enrolment's first code upgrades the session). */
    setSecondFactor: (sessionId: string, factor: SecondFactorKind) =>
      db.updateTable('sessions').set({ second_factor: factor }).where('id', '=', sessionId).execute(),

    /**
     * Ends the sessions signed in with the password alone of the account's professionals (decision 208: the
     * account now requires a second factor), but `exceptSessionId`.
     */
    revokePasswordOnlyInAccount: async (rootId: number, now: Date, exceptSessionId: string) => {
      const result = await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('revoked_at', 'is', null)
        .where('second_factor', 'is', null)
        .where('id', '<>', exceptSessionId)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('users')
              .select('users.id')
              .whereRef('users.id', '=', 'sessions.user_id')
              .where('users.account_root_id', '=', rootId)
              .where('users.type', '=', USER_TYPE.professional),
          ),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Revokes one session only if it is the user's own and still live: 0 rows otherwise. */
    revokeOwn: async (userId: number, sessionId: string, now: Date) => {
      const result = await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('id', '=', sessionId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('idle_expires_at', '>', now)
        .where('absolute_expires_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Every live session of every user of the account ends (an operator suspends it, decision 229). */
    revokeAllForAccount: async (accountId: number, now: Date) => {
      const result = await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('revoked_at', 'is', null)
        .where('user_id', 'in', (eb) =>
          eb.selectFrom('users').select('users.id').where('users.account_root_id', '=', accountId),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    revokeAllForUser: async (userId: number, now: Date, exceptSessionId?: string) => {
      let query = db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null);
      if (exceptSessionId) query = query.where('id', '<>', exceptSessionId);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

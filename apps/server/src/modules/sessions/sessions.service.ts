import type { Database, Kysely } from '@medida/db';
import type { ActiveSession } from '@medida/contracts';
import type { Config } from '../../config.ts';
import { notFound } from '../../lib/app-error.ts';
import { batched, type BatchLimits } from '../../lib/batched.ts';
import { MINUTE, type Clock } from '../../lib/clock.ts';
import { generateToken, sha256Hex } from '../../lib/tokens.ts';
import type { RequestAuth } from '../../types.ts';
import { createSessionsRepository } from './sessions.repository.ts';

/** last_seen_at is written at most once a minute per session, so reads don't all turn into writes. */
export const TOUCH_INTERVAL_MS = MINUTE;
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;
/** Session look-ups that arrive while one is on its way go together (decision 170). */
const LOOKUP_LIMITS: BatchLimits = { inFlight: 1, batch: 100 };

export function createSessionsService(deps: { db: Kysely<Database>; clock: Clock; config: Pick<Config, 'session'> }) {
  const repo = createSessionsRepository(deps.db);
  const idleMs = deps.config.session.idleMinutes * MINUTE;
  const absoluteMs = deps.config.session.absoluteMinutes * MINUTE;
  const findActive = batched(
    {
      one: async (tokenHash: string) => (await repo.findActiveByTokenHashes([tokenHash]))[0],
      many: async (tokenHashes: string[]) => {
        const rows = await repo.findActiveByTokenHashes([...new Set(tokenHashes)]);
        const byHash = new Map(rows.map((row) => [row.token_hash, row]));
        return tokenHashes.map((hash) => byHash.get(hash));
      },
    },
    LOOKUP_LIMITS,
  );

  return {
    /** A new opaque token; only its SHA-256 is stored. */
    async issue(userId: number, meta: { ip: string | null; userAgent: string | null }): Promise<string> {
      const token = generateToken();
      const now = deps.clock.now();
      await repo.insert({
        tokenHash: sha256Hex(token),
        userId,
        now,
        idleExpiresAt: new Date(now.getTime() + idleMs),
        absoluteExpiresAt: new Date(now.getTime() + absoluteMs),
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 400) ?? null,
      });
      return token;
    },

    /** The session behind a bearer token, or null when unknown, revoked, idle too long or too old. */
    async authenticate(token: string): Promise<RequestAuth | null> {
      if (!TOKEN_FORMAT.test(token)) return null;
      const session = await findActive(sha256Hex(token));
      if (!session) return null;
      const now = deps.clock.now();
      if (now >= session.idle_expires_at || now >= session.absolute_expires_at) return null;
      if (now.getTime() - session.last_seen_at.getTime() >= TOUCH_INTERVAL_MS) {
        const idleExpiresAt = new Date(Math.min(now.getTime() + idleMs, session.absolute_expires_at.getTime()));
        await repo.touch(session.id, now, idleExpiresAt);
      }
      return {
        userId: session.user_id,
        sessionId: session.id,
        userType: session.user_type,
        parentId: session.parent_user_id,
        credits: session.creditos,
        mustChangePassword: session.cambia_pass === 1,
        emailVerified: session.email_verified_at !== null,
        accountId: session.account_root_id,
        dataVersion: session.data_version,
      };
    },

    /** The user's live sessions, the requesting one marked `current`. */
    async listLive(userId: number, currentSessionId: string): Promise<ActiveSession[]> {
      const rows = await repo.listLiveForUser(userId, deps.clock.now());
      return rows.map((row) => ({
        id: row.id,
        created_at: row.created_at.toISOString(),
        last_seen_at: row.last_seen_at.toISOString(),
        ip: row.ip,
        user_agent: row.user_agent,
        current: row.id === currentSessionId,
      }));
    },

    /** Ends one of the user's own live sessions; someone else's, or an ended one, is "not found". */
    async endOwn(userId: number, sessionId: string): Promise<void> {
      if ((await repo.revokeOwn(userId, sessionId, deps.clock.now())) === 0) throw notFound();
    },

    /**
     * Long-lived connections (chat sockets) re-check their sessions with this, all at once: of the given
     * sessions, the ones `authenticate` would still accept. An open socket is activity, so each live one is
     * extended as a request would extend it (idle expiry, at most once per touch interval, never past the
     * absolute expiry); a revoked or expired one is not revived.
     */
    async keepAliveSessions(sessionIds: string[]): Promise<Set<string>> {
      const now = deps.clock.now();
      await repo.touchLive(sessionIds, now, new Date(now.getTime() - TOUCH_INTERVAL_MS), idleMs);
      return new Set(await repo.findLiveIds(sessionIds, now));
    },

    revoke: (sessionId: string) => repo.revoke(sessionId, deps.clock.now()),

    /** Password change: every session but the current one. Reset / disable: all of them. */
    revokeAllForUser: (userId: number, options: { except?: string } = {}) =>
      repo.revokeAllForUser(userId, deps.clock.now(), options.except),
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;

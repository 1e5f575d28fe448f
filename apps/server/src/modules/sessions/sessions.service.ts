import type { Database, Kysely, SecondFactorKind, Transaction } from '@medida/db';
import { ErrorCode, type ActiveSession } from '@medida/contracts';
import type { Config } from '../../config.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { batchedMany } from '../../lib/batched.ts';
import { MINUTE, type Clock } from '../../lib/clock.ts';
import { generateToken, sha256Hex } from '../../lib/tokens.ts';
import type { RequestAuth } from '../../types.ts';
import type { AuditEventInput } from '../../lib/audit-route.ts';
import { appendManyItem, auditFieldsOf } from '../audit/audit-batch-item.ts';
import { createSessionsRepository, type SessionRow } from './sessions.repository.ts';

/** last_seen_at is written at most once a minute per session, so reads don't all turn into writes. */
const TOUCH_INTERVAL_MS = MINUTE;
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;
/** How many tokens' last known sessions are kept for held reads (decision 172); the oldest go first. */
const KNOWN_SESSIONS = 10_000;

/** A look-up, with the audit event of a read the server would answer from memory if the session is as known. */
interface Lookup {
  tokenHash: string;
  read?: { known: RequestAuth; event: AuditEventInput; at: Date };
}
interface Found {
  session: SessionRow | undefined;
  /** The read's event was appended with the look-up (its session was as known). */
  recorded: boolean;
}

/** What the auth hook learns of a request's token (authenticateHeldRead). */
export interface SessionCheck {
  auth: RequestAuth | null;
  /** The event of the read offered by `eventFor` is stored: the held answer may go out as it is. */
  recorded: boolean;
}

/**
 * Every live session of the user ends, inside the caller's transaction (a closed login, a removed person): the
 * sessions module owns the table, so this is the one copy of the statement (docs/architecture.md, "Table owners").
 */
/** Every live session of the account's users ends, inside the caller's transaction (a suspension, decision 229). */
export const revokeAccountSessionsInTransaction = (trx: Transaction<Database>, accountId: number, now: Date) =>
  createSessionsRepository(trx).revokeAllForAccount(accountId, now);

export const revokeAllSessionsInTransaction = (trx: Transaction<Database>, userId: number, now: Date) =>
  createSessionsRepository(trx).revokeAllForUser(userId, now);

export function createSessionsService(deps: { db: Kysely<Database>; clock: Clock; config: Pick<Config, 'session'> }) {
  const repo = createSessionsRepository(deps.db);
  const idleMs = deps.config.session.idleMinutes * MINUTE;
  const absoluteMs = deps.config.session.absoluteMinutes * MINUTE;
  // Token hash → the session it had at its last check: what a held read's cache key and event are built from.
  const known = new Map<string, RequestAuth>();

  async function lookUp(lookups: Lookup[]): Promise<Found[]> {
    const tokenHashes = [...new Set(lookups.map((l) => l.tokenHash))];
    const reads = lookups.flatMap(({ tokenHash, read }, ord) =>
      read
        ? [
            {
              ord,
              token_hash: tokenHash,
              user_id: read.known.userId,
              user_type: read.known.userType,
              account_id: read.known.accountId,
              data_version: read.known.dataVersion,
              event: appendManyItem(read.event.target, auditFieldsOf(read.event, read.at)),
            },
          ]
        : [],
    );
    // A batch's reads are checked against one instant. Each request's expiry check comes after, on the clock: a
    // session that expires in between has its event and a 401 (a read recorded in excess, never one missed).
    const now = reads.length > 0 ? lookups.find((l) => l.read)!.read!.at : null;
    let rows: SessionRow[];
    let recorded = new Set<number>();
    if (now) {
      const found = await repo.findActiveRecordingReads(tokenHashes, JSON.stringify(reads), now);
      recorded = new Set(found[0]?.recorded);
      rows = found;
    } else rows = await repo.findActiveByTokenHashes(tokenHashes);
    const byHash = new Map(rows.map((row) => [row.token_hash, row]));
    return lookups.map((l, ord) => ({ session: byHash.get(l.tokenHash), recorded: recorded.has(ord) }));
  }
  const findActive = batchedMany<Lookup, Found>(lookUp);

  async function check(token: string, eventFor?: (known: RequestAuth) => AuditEventInput | undefined) {
    if (!TOKEN_FORMAT.test(token)) return { auth: null, recorded: false };
    const tokenHash = sha256Hex(token);
    const last = eventFor && known.get(tokenHash);
    const event = last && eventFor(last);
    const { session, recorded } = await findActive({
      tokenHash,
      read: last && event ? { known: last, event, at: deps.clock.now() } : undefined,
    });
    const auth = session ? await live(session) : null;
    known.delete(tokenHash);
    if (auth) {
      known.set(tokenHash, auth);
      if (known.size > KNOWN_SESSIONS) known.delete(known.keys().next().value!);
    }
    return { auth, recorded: recorded && auth !== null };
  }

  /** The request's auth if the session has not expired at `now`, extending its idle expiry (at most once a minute). */
  async function live(session: SessionRow): Promise<RequestAuth | null> {
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
      secondFactorMissing: session.second_factor_missing,
      secondFactor: session.second_factor,
      operator: session.operator,
      accountId: session.account_root_id,
      dataVersion: session.data_version,
      chatVersion: session.chat_version,
    };
  }

  return {
    /**
     * A new opaque token; only its SHA-256 is stored. `secondFactor`: what the sign-in proved besides the password
     * (decision 206); absent or null for the password alone or a one-time link.
     */
    async issue(
      userId: number,
      meta: { ip: string | null; userAgent: string | null; secondFactor?: SecondFactorKind | null },
    ): Promise<string> {
      const token = generateToken();
      const now = deps.clock.now();
      const inserted = await repo.insert({
        tokenHash: sha256Hex(token),
        userId,
        now,
        idleExpiresAt: new Date(now.getTime() + idleMs),
        absoluteExpiresAt: new Date(now.getTime() + absoluteMs),
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 400) ?? null,
        secondFactor: meta.secondFactor ?? null,
      });
      if (!inserted) throw new AppError(403, ErrorCode.forbidden, 'errors.accountSuspended');
      return token;
    },

    /** The session behind a bearer token, or null when unknown, revoked, idle too long or too old. */
    authenticate: async (token: string): Promise<RequestAuth | null> => (await check(token)).auth,

    /**
     * authenticate, for a read the server may answer from memory (decision 172): `eventFor` gets the session this
     * token had at its last check and returns the read's audit event if the answer held for that session is there.
     * The event is appended by the look-up's own statement only if the session is still that one; `recorded` says
     * whether it was, so the held answer may go out without a second trip to the database.
     */
    authenticateHeldRead: (
      token: string,
      eventFor: (known: RequestAuth) => AuditEventInput | undefined,
    ): Promise<SessionCheck> => check(token, eventFor),

    /** The user's live sessions, the requesting one marked `current`. */
    async listLive(userId: number, currentSessionId: string): Promise<ActiveSession[]> {
      const rows = await repo.listLiveForUser(userId, deps.clock.now());
      return rows.map((row) => ({
        id: row.id,
        created_at: row.created_at.toISOString(),
        last_seen_at: row.last_seen_at.toISOString(),
        ip: row.ip,
        user_agent: row.user_agent,
        second_factor: row.second_factor,
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

    /** The session proved a second factor after it began (the first code of an enrolment, decision 208). */
    setSecondFactor: (sessionId: string, factor: SecondFactorKind) =>
      repo.setSecondFactor(sessionId, factor).then(() => undefined),

    /** An account now requires a second factor: its professionals' password-only sessions end, but this one. */
    revokePasswordOnlyInAccount: (rootId: number, exceptSessionId: string) =>
      repo.revokePasswordOnlyInAccount(rootId, deps.clock.now(), exceptSessionId),

    /** Password change: every session but the current one. Reset / disable: all of them. */
    revokeAllForUser: (userId: number, options: { except?: string } = {}) =>
      repo.revokeAllForUser(userId, deps.clock.now(), options.except),
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;

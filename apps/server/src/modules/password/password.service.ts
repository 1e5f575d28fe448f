import { ErrorCode } from '@medida/contracts';
import type { Database, Kysely, Transaction } from '@medida/db';
import { AppError, fieldError, forbidden, tooManyRequests, unauthenticated } from '../../lib/app-error.ts';
import { HOUR, MINUTE } from '../../lib/clock.ts';
import { assertStrongPassword } from '../../lib/common-passwords.ts';
import { generateToken, sha256Hex } from '../../lib/tokens.ts';
import type { AppDeps } from '../../types.ts';
import { createLoginThrottleService } from '../login-throttle/login-throttle.service.ts';
import { createLockoutService } from '../lockout/lockout.service.ts';
import { createNotificationsService } from '../notifications/notifications.service.ts';
import { createRateLimitsService } from '../rate-limits/rate-limits.service.ts';
import { createSessionsService } from '../sessions/sessions.service.ts';
import { createUserRecordsService } from '../people/user-records.service.ts';
import { createPasswordRepository } from './password.repository.ts';

/** security.md §4.3 */
const RESET_TOKEN_MINUTES = 30;
const RESET_LIMIT_PER_EMAIL = { limit: 5, windowMs: HOUR };
const RESET_LIMIT_PER_IP = { limit: 20, windowMs: HOUR };
/** Bogus confirms cost nothing now (no hash before the token check), but are still bounded per address. */
const RESET_CONFIRM_LIMITS_PER_IP = [
  { limit: 10, windowMs: MINUTE },
  { limit: 60, windowMs: HOUR },
];

const resetTokenInvalid = () => new AppError(410, ErrorCode.resetTokenInvalid, 'errors.resetTokenInvalid');

/**
 * The set-password links (`password_resets`: reset links and portal invitations) for every module that ends or
 * issues them: the password module owns the table (docs/architecture.md, "Table owners").
 */
export function createPasswordLinksService(db: Kysely<Database>) {
  const repo = createPasswordRepository(db);
  return {
    /** Outstanding links stop working, inside the caller's transaction (new password, new e-mail, closed login). */
    invalidateInTransaction: (trx: Transaction<Database>, userId: number, now: Date) =>
      repo.invalidateResets(trx, userId, now),

    /** A new link replaces the outstanding ones: only the newest e-mail works. */
    replace: (row: { userId: number; tokenHash: string; now: Date; expiresAt: Date }) =>
      repo.transaction(async (trx) => {
        await repo.invalidateResets(trx, row.userId, row.now);
        await repo.insertReset(trx, row);
      }),

    /** When the newest live link expires, or null when there is none. */
    liveExpiry: (userId: number, now: Date) => repo.liveLinkExpiry(userId, now),
  };
}

export function createPasswordService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'hasher' | 'mailer' | 'config' | 'background'>,
) {
  const repo = createPasswordRepository(deps.db);
  const links = createPasswordLinksService(deps.db);
  const users = createUserRecordsService(deps.db);
  const sessions = createSessionsService(deps);
  const throttle = createLoginThrottleService(deps);
  const rateLimits = createRateLimitsService(deps);
  const notifications = createNotificationsService(deps);
  const lockout = createLockoutService(deps);

  const api = {
    /**
     * Only for oneself, with the current password; other sessions end, this one stays (R03, R12).
     * The forced change (cambia_pass = 1) does not ask again for the temporary password the session was
     * just opened with (decision 131); a password that is given is still checked.
     */
    async change(input: {
      actor: { userId: number; sessionId: string };
      userId: number;
      currentPassword: string | undefined;
      newPassword: string;
    }) {
      if (input.userId !== input.actor.userId) throw forbidden();
      const user = await users.findLiveAccount(input.userId);
      if (!user) throw unauthenticated();
      await assertStrongPassword(input.newPassword, user);
      const current = input.currentPassword;
      if (current === undefined && user.cambia_pass !== 1) throw fieldError('current_password', 'validation.required');
      if (current !== undefined) {
        await lockout.recheckPassword({
          email: user.email,
          passwordHash: user.password_hash,
          password: current,
          field: 'current_password',
        });
      }
      const passwordHash = await deps.hasher.hash(input.newPassword);
      const now = deps.clock.now();
      await repo.transaction(async (trx) => {
        await createUserRecordsService(trx).setPassword(user.id, passwordHash, now, user.cambia_pass === 1);
        await repo.invalidateResets(trx, user.id, now);
      });
      await sessions.revokeAllForUser(user.id, { except: input.actor.sessionId });
      await notifications.passwordChanged(user);
    },

    /**
     * Same answer, after the same work, whether or not the account exists: the lookup, the token and
     * the e-mail happen after the answer (issue 10 item 8). Over the per-e-mail limit the request is
     * silently dropped (no mail bomb, no existence signal); over the per-IP limit it is a 429.
     */
    async requestReset(input: { email: string; ip: string }) {
      const perIp = await rateLimits.consume('reset-ip', input.ip, [RESET_LIMIT_PER_IP]);
      if (!perIp.allowed) throw tooManyRequests(perIp.retryAfterSeconds);
      const perEmail = await rateLimits.consume('reset-email', input.email.trim().toLowerCase(), [
        RESET_LIMIT_PER_EMAIL,
      ]);
      if (!perEmail.allowed) return;
      deps.background.run('password-reset', () => issueReset(input.email));
    },

    /**
     * Single use, 30 minutes; ends every session and lifts the login throttle. No automatic login.
     * The token is checked and consumed before any hashing, so bogus confirms cost no argon2 time
     * (issue 10 item 7); the new password is checked (against the link's owner too) before the token is spent.
     *
     * An invitation (a client's portal link, a network professional's link: the account has no password
     * yet) is accepted, not a reset: the link proved the inbox, so it signs in like registration's link
     * and the e-mail says welcome, not "your password was changed" (decision 186). Returns the session
     * token then, else null.
     */
    async confirmReset(input: {
      token: string;
      newPassword: string;
      ip: string;
      userAgent?: string | null;
    }): Promise<{ sessionToken: string | null }> {
      const perIp = await rateLimits.consume('reset-confirm-ip', input.ip, RESET_CONFIRM_LIMITS_PER_IP);
      if (!perIp.allowed) throw tooManyRequests(perIp.retryAfterSeconds);
      const now = deps.clock.now();
      const tokenHash = sha256Hex(input.token);
      // The password is judged against the link's owner (name, e-mail) before the link is spent, so a refused
      // password leaves it working for a better one; spending it stays one checking statement.
      const linkOwner = await repo.liveResetUser(tokenHash, now);
      const user = linkOwner === undefined ? undefined : await users.findLiveAccount(linkOwner);
      if (!user) throw resetTokenInvalid();
      await assertStrongPassword(input.newPassword, user);
      const reset = await repo.transaction((trx) => repo.consumeReset(trx, tokenHash, now));
      if (reset?.user_id !== user.id) throw resetTokenInvalid();
      const accepted = user.password_hash === null;
      const passwordHash = await deps.hasher.hash(input.newPassword);
      await repo.transaction(async (trx) => {
        await createUserRecordsService(trx).setPassword(user.id, passwordHash, deps.clock.now(), true);
        await repo.invalidateResets(trx, user.id, deps.clock.now());
      });
      await sessions.revokeAllForUser(user.id);
      await throttle.clear(user.email);
      if (!accepted) {
        await notifications.passwordChanged(user);
        return { sessionToken: null };
      }
      await notifications.invitationAccepted(user);
      return { sessionToken: await sessions.issue(user.id, { ip: input.ip, userAgent: input.userAgent ?? null }) };
    },
  };
  return api;

  async function issueReset(email: string) {
    const user = await users.findRecipientByEmail(email);
    if (!user) return;
    const token = generateToken();
    const now = deps.clock.now();
    await links.replace({
      tokenHash: sha256Hex(token),
      userId: user.id,
      now,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_MINUTES * MINUTE),
    });
    await notifications.passwordReset(user, token, RESET_TOKEN_MINUTES);
  }
}

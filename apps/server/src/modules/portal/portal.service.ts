import {
  PORTAL_EVALUATIONS_MAX,
  PORTAL_INVITATION_DAYS,
  type PortalEvaluation,
  type PortalStatusData,
} from '@medida/contracts';
import { tooManyRequests } from '../../lib/app-error.ts';
import { HOUR } from '../../lib/clock.ts';
import { generateToken, sha256Hex } from '../../lib/tokens.ts';
import type { AppDeps } from '../../types.ts';
import { createNotificationsService, type Recipient } from '../notifications/notifications.service.ts';
import { createRateLimitsService } from '../rate-limits/rate-limits.service.ts';
import { createPasswordLinksService } from '../password/password.service.ts';
import { createUserRecordsService } from '../people/user-records.service.ts';
import { createEvaluationsService } from '../evaluations/evaluations.service.ts';

const DAY = 24 * HOUR;
/** Re-invitations of one client: enough for a typo fixed and a lost e-mail, not a mail bomb. */
const INVITES_PER_CLIENT = { limit: 5, windowMs: HOUR };

/**
 * The client portal (decision 132): a client is created without a password; its professional invites
 * it, and the e-mailed one-time link (hashed, 7 days) lets it choose its own password through the
 * same set-password step as a reset. Professionals only reach `invite` and `status` (the routes say so).
 */
export function createPortalService(deps: Pick<AppDeps, 'db' | 'clock' | 'mailer' | 'config'>) {
  const evaluations = createEvaluationsService(deps);
  const users = createUserRecordsService(deps.db);
  const passwordLinks = createPasswordLinksService(deps.db);
  const notifications = createNotificationsService(deps);
  const rateLimits = createRateLimitsService(deps);

  return {
    async invite(a: { actorId: number; clientId: number; timeZone?: string | undefined }) {
      await users.findVisibleClient(a.actorId, a.clientId);
      const allowed = await rateLimits.consume('portal-invite', String(a.clientId), [INVITES_PER_CLIENT]);
      if (!allowed.allowed) throw tooManyRequests(allowed.retryAfterSeconds);
      const inviter = await users.findProfessionalContact(a.actorId);
      if (!inviter) throw new Error('an invitation needs a live professional as its sender');
      const token = generateToken();
      const now = deps.clock.now();
      const expiresAt = new Date(now.getTime() + PORTAL_INVITATION_DAYS * DAY);
      await passwordLinks.replace({ userId: a.clientId, tokenHash: sha256Hex(token), now, expiresAt });
      await notifications.portalInvitation(await users.findClientRecipient(a.clientId), {
        inviter: `${inviter.nombre} ${inviter.apellido}`.trim(),
        token,
        expiresAt,
        timeZone: a.timeZone ?? 'UTC',
      });
      return { expires_at: expiresAt.toISOString() };
    },

    /**
     * A network professional just created by the actor gets the same kind of link as a client (decision 186):
     * it chooses its own password; the e-mail names the inviter and the expiry in the inviter's time zone.
     */
    async inviteNetworkProfessional(a: { actorId: number; recipient: Recipient; timeZone?: string | undefined }) {
      const inviter = await users.findProfessionalContact(a.actorId);
      if (!inviter) throw new Error('an invitation needs a live professional as its sender');
      const token = generateToken();
      const now = deps.clock.now();
      const expiresAt = new Date(now.getTime() + PORTAL_INVITATION_DAYS * DAY);
      await passwordLinks.replace({ userId: a.recipient.id, tokenHash: sha256Hex(token), now, expiresAt });
      await notifications.invitation(a.recipient, {
        inviter: `${inviter.nombre} ${inviter.apellido}`.trim(),
        token,
        expiresAt,
        timeZone: a.timeZone ?? 'UTC',
      });
    },

    async status(actorId: number, clientId: number): Promise<PortalStatusData> {
      await users.findVisibleClient(actorId, clientId);
      if ((await users.passwordHashOf(clientId)) !== null) return { status: 'active', invitation_expires_at: null };
      const expiry = await passwordLinks.liveExpiry(clientId, deps.clock.now());
      return expiry
        ? { status: 'invited', invitation_expires_at: expiry.toISOString() }
        : { status: 'none', invitation_expires_at: null };
    },

    /** The signed-in client's own evaluations as timeline cards (the route lets only clients in). */
    async ownEvaluations(clientId: number): Promise<PortalEvaluation[]> {
      await users.findVisibleClient(clientId, clientId);
      const rows = await evaluations.timelineOf(clientId, PORTAL_EVALUATIONS_MAX);
      return rows.map(({ evaluator_nombre, evaluator_apellido, ...row }) => ({
        ...row,
        evaluator: { nombre: evaluator_nombre, apellido: evaluator_apellido },
      }));
    },

    /** The signed-in user's own professional (its parent account), or null for a top-level account. */
    async professionalOf(userId: number) {
      const parentId = await users.parentOf(userId);
      return (parentId !== null && (await users.findProfessionalContact(parentId))) || null;
    },
  };
}

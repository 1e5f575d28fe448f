import { randomBytes } from 'node:crypto';
import type * as WebAuthn from '@simplewebauthn/server';
import {
  ErrorCode,
  USER_TYPE,
  type AuthenticationCredential,
  type Passkey,
  type RegistrationCredential,
} from '@medida/contracts';
import type { Database } from '@medida/db';
import type { Config } from '../../config.ts';
import { AppError, fieldError, notFound, tooManyRequests } from '../../lib/app-error.ts';
import { MINUTE } from '../../lib/clock.ts';
import { onFirstUse } from '../../lib/on-first-use.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import type { AppDeps } from '../../types.ts';
import { createLockoutService } from '../lockout/lockout.service.ts';
import { createNotificationsService } from '../notifications/notifications.service.ts';
import { createUserRecordsService } from '../people/user-records.service.ts';
import { createRateLimitsService } from '../rate-limits/rate-limits.service.ts';
import { createSecondFactorService } from '../second-factor/second-factor.service.ts';
import { createSessionsService } from '../sessions/sessions.service.ts';
import { createPasskeysRepository } from './passkeys.repository.ts';

/** A ceremony's challenge works once, for 5 minutes (decision 209); the browser's own timeout is the same. */
const CEREMONY_MS = 5 * MINUTE;
/** ES256, EdDSA, RS256: what platform authenticators, password managers and security keys sign with. */
const ALGORITHMS = [-7, -8, -257];
/** A user may keep this many passkeys; more is a mistake or abuse, not a need. */
const MAX_PASSKEYS = 20;

type ChallengePurpose = Database['webauthn_challenges']['purpose'];
/** The WebAuthn library (and the X.509 parser under it), loaded on the first passkey ceremony (decision 242). */
const webAuthn = onFirstUse(() => import('@simplewebauthn/server'));

/** One refusal for every way a passkey sign-in fails: which step failed is nobody's business (R05). */
export const passkeyRefused = () => new AppError(401, ErrorCode.invalidCredentials, 'errors.passkeyRefused');
const responseRejected = () => fieldError('response', 'validation.passkeyRejected');

/**
 * The relying party (decision 209): the RP ID is PUBLIC_BASE_URL's host name and the one origin accepted is that
 * URL's origin. A loopback address (127.0.0.1, [::1]) is served as `localhost`: browsers refuse an IP address as an
 * RP ID, and `localhost` is a secure context on any port, so `npm start` and the browser tests work over http.
 */
export function relyingParty(config: Pick<Config, 'publicBaseUrl'>) {
  const url = new URL(config.publicBaseUrl);
  const loopback = url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  const rpID = loopback ? 'localhost' : url.hostname;
  return { rpID, origin: loopback ? `${url.protocol}//localhost${url.port ? `:${url.port}` : ''}` : url.origin };
}

/** The challenge the browser signed, read from clientDataJSON; null when it is not there (a forged response). */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && /^[A-Za-z0-9_-]{16,128}$/.test(challenge) ? challenge : null;
  } catch {
    return null;
  }
}

const toPasskey = (row: {
  id: number;
  name: string;
  device_type: 'singleDevice' | 'multiDevice';
  backed_up: boolean;
  created_at: Date;
  last_used_at: Date | null;
}): Passkey => ({
  id: row.id,
  name: row.name,
  device_type: row.device_type,
  backed_up: row.backed_up,
  created_at: row.created_at.toISOString(),
  last_used_at: row.last_used_at?.toISOString() ?? null,
});

/**
 * The passkeys of a user and the WebAuthn ceremonies (decisions 209 and 210). The sign-in itself (sessions,
 * throttles, the second step) is the auth and second-factor modules' business: this module proves that an assertion
 * is good and says whose it is.
 */
export function createPasskeysService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'background' | 'hasher'>,
) {
  const repo = createPasskeysRepository(deps.db);
  const users = createUserRecordsService(deps.db);
  const rateLimits = createRateLimitsService(deps);
  const lockout = createLockoutService(deps);
  const notifications = createNotificationsService(deps);
  const sessions = createSessionsService(deps);
  const factors = createSecondFactorService(deps);

  /**
   * Whether the user may lose this passkey (decision 210): yes unless its account requires a second factor
   * (decision 208) and the passkey is its last factor (no other passkey, no confirmed authenticator app).
   */
  async function mayGoWithoutOne(userId: number) {
    const policy = await users.findSecondFactorPolicy(userId);
    if (!policy?.account_requires || policy.type !== USER_TYPE.professional) return true;
    return (await repo.countOf(userId)) > 1 || (await factors.methodsOf(userId)).includes('totp');
  }
  const rp = relyingParty(deps.config);

  async function saveChallenge(
    challenge: string,
    purpose: ChallengePurpose,
    bound: { userId?: number; ticketHash?: string; userHandle?: string },
  ) {
    const now = deps.clock.now();
    await repo.saveChallenge({
      challengeHash: sha256Hex(challenge),
      purpose,
      userId: bound.userId ?? null,
      ticketHash: bound.ticketHash ?? null,
      userHandle: bound.userHandle ?? null,
      now,
      expiresAt: new Date(now.getTime() + CEREMONY_MS),
    });
  }

  /** The challenge the response answers, taken (single use); null when unknown, spent, expired or of another kind. */
  async function takeChallenge(clientDataJSON: string, purpose: ChallengePurpose) {
    const challenge = challengeOf(clientDataJSON);
    if (!challenge) return null;
    const row = await repo.takeChallenge(sha256Hex(challenge), purpose, deps.clock.now());
    return row ? { challenge, ...row } : null;
  }

  /**
   * Checks an assertion against the stored credential: signature, challenge, origin, RP ID, user verification when
   * asked, and the counter (decision 210: a counter that does not grow is refused, except 0 → 0, what synced
   * passkeys always report). The new counter is stored only if no parallel assertion stored one first.
   */
  async function verifyAssertion(
    response: AuthenticationCredential,
    challenge: string,
    options: {
      userId?: number;
      requireUserVerification: boolean;
      /** Runs once the owner is known, before the signature is checked: the sign-in's per-account throttle. */
      beforeSignature?: (userId: number) => Promise<void>;
    },
  ): Promise<{ userId: number; passkeyId: number }> {
    const stored = await repo.byCredentialId(response.id);
    if (!stored || (options.userId !== undefined && stored.user_id !== options.userId)) throw passkeyRefused();
    await options.beforeSignature?.(stored.user_id);
    // The authenticator says whose credential it is; it must be the one stored with it.
    if (response.response.userHandle !== undefined && response.response.userHandle !== stored.user_handle)
      throw passkeyRefused();
    let verification;
    try {
      verification = await (
        await webAuthn()
      ).verifyAuthenticationResponse({
        // @simplewebauthn/server's types: its AuthenticatorTransportFuture union, our strings from the database.
        response: response as Parameters<typeof WebAuthn.verifyAuthenticationResponse>[0]['response'],
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpID,
        requireUserVerification: options.requireUserVerification,
        credential: {
          id: stored.credential_id,
          publicKey: new Uint8Array(stored.public_key),
          counter: stored.sign_count,
        },
      });
    } catch {
      throw passkeyRefused();
    }
    if (!verification.verified) throw passkeyRefused();
    const { newCounter, credentialBackedUp } = verification.authenticationInfo;
    const recorded = await repo.recordUse({
      id: stored.id,
      expectedCount: stored.sign_count,
      signCount: newCounter,
      backedUp: credentialBackedUp,
      now: deps.clock.now(),
    });
    if (!recorded) throw passkeyRefused();
    return { userId: stored.user_id, passkeyId: stored.id };
  }

  return {
    list: async (userId: number) => (await repo.listOf(userId)).map(toPasskey),

    /**
     * Options for a new passkey of the signed-in user: discoverable (it can sign in without an e-mail) and with user
     * verification (a passkey is then two factors), excluding the user's passkeys so one authenticator holds one.
     */
    async registrationOptions(userId: number) {
      const user = await users.findLiveAccount(userId);
      if (!user) throw notFound();
      const existing = await repo.credentialsOf(userId);
      if (existing.length >= MAX_PASSKEYS) throw new AppError(409, ErrorCode.conflict, 'errors.passkeyLimit');
      const userHandle = existing[0]?.user_handle ?? randomBytes(16).toString('base64url');
      const options = await (
        await webAuthn()
      ).generateRegistrationOptions({
        rpName: 'Medida',
        rpID: rp.rpID,
        userName: user.email,
        userDisplayName: user.nombre,
        userID: new Uint8Array(Buffer.from(userHandle, 'base64url')),
        timeout: CEREMONY_MS,
        attestationType: 'none',
        excludeCredentials: existing.map((c) => ({
          id: c.credential_id,
          transports: c.transports ? c.transports.split(',') : undefined,
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        supportedAlgorithmIDs: ALGORITHMS,
      });
      await saveChallenge(options.challenge, 'register', { userId, userHandle });
      // A plain object (the library's interface has no index signature; the answer's schema keeps every key).
      return { ...options };
    },

    /**
     * Verifies the new credential against the user's own challenge and stores it under the given name. A session
     * that had no second factor now has one (the passkey was just verified with its user verification): an account
     * that requires one lets it go on (decision 208).
     */
    async register(
      actor: { userId: number; sessionId: string; secondFactor: string | null },
      input: { name: string; response: RegistrationCredential },
    ) {
      const userId = actor.userId;
      const taken = await takeChallenge(input.response.response.clientDataJSON, 'register');
      if (!taken || taken.user_id !== userId || !taken.user_handle) throw responseRejected();
      let verification;
      try {
        verification = await (
          await webAuthn()
        ).verifyRegistrationResponse({
          // @simplewebauthn/server's types: its AuthenticatorTransportFuture union, where the schema keeps strings.
          response: input.response as Parameters<typeof WebAuthn.verifyRegistrationResponse>[0]['response'],
          expectedChallenge: taken.challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.rpID,
          requireUserVerification: true,
          supportedAlgorithmIDs: ALGORITHMS,
        });
      } catch {
        throw responseRejected();
      }
      if (!verification.verified) throw responseRejected();
      const info = verification.registrationInfo;
      if ((await repo.countOf(userId)) >= MAX_PASSKEYS)
        throw new AppError(409, ErrorCode.conflict, 'errors.passkeyLimit');
      const row = await repo.insert({
        userId,
        credentialId: info.credential.id,
        publicKey: info.credential.publicKey,
        signCount: info.credential.counter,
        transports: (input.response.response.transports ?? []).join(','),
        userHandle: taken.user_handle,
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
        name: input.name,
        now: deps.clock.now(),
      });
      if (!row) throw fieldError('response', 'validation.passkeyAlreadyRegistered');
      if (actor.secondFactor === null) await sessions.setSecondFactor(actor.sessionId, 'passkey');
      const owner = await users.findLiveAccount(userId);
      if (owner) await notifications.passkeyChanged(owner, 'passkeyAdded', row.name);
      return toPasskey(row);
    },

    async rename(userId: number, id: number, name: string) {
      const row = await repo.rename(userId, id, name);
      if (!row) throw notFound();
      return toPasskey(row);
    },

    /**
     * With the password again (security.md R03: a credential change needs full re-authentication, counted by the
     * login throttle), then a notice to the owner. 404 for a passkey that is not the user's.
     */
    async remove(userId: number, id: number, password: string) {
      const user = await users.findLiveAccount(userId);
      if (!user) throw notFound();
      await lockout.recheckPassword({
        email: user.email,
        passwordHash: user.password_hash,
        password,
        field: 'password',
      });
      if (!(await repo.isOwn(userId, id))) throw notFound();
      if (!(await mayGoWithoutOne(userId)))
        throw new AppError(409, ErrorCode.conflict, 'errors.secondFactorStillRequired');
      const row = await repo.remove(userId, id);
      if (!row) throw notFound();
      await notifications.passkeyChanged(user, 'passkeyRemoved', row.name);
    },

    /** Usernameless sign-in: options with no credential list (the authenticator offers its own), UV required. */
    async signInOptions(ip: string) {
      const perIp = await rateLimits.consume('passkey-options-ip', ip, deps.config.loginIpLimits);
      if (!perIp.allowed) throw tooManyRequests(perIp.retryAfterSeconds, 'errors.loginThrottled');
      const options = await (
        await webAuthn()
      ).generateAuthenticationOptions({
        rpID: rp.rpID,
        userVerification: 'required',
        timeout: CEREMONY_MS,
      });
      await saveChallenge(options.challenge, 'sign_in', {});
      // A plain object (the library's interface has no index signature; the answer's schema keeps every key).
      return { ...options };
    },

    /**
     * A usernameless assertion: its challenge (single use), the credential's owner (handed to `beforeSignature`, the
     * caller's throttle), then the signature with user verification.
     */
    async verifySignIn(response: AuthenticationCredential, beforeSignature: (userId: number) => Promise<void>) {
      const taken = await takeChallenge(response.response.clientDataJSON, 'sign_in');
      if (!taken) throw passkeyRefused();
      return verifyAssertion(response, taken.challenge, { requireUserVerification: true, beforeSignature });
    },

    /**
     * Options for the second step after a password: the user's own passkeys only, bound to the sign-in ticket.
     * User verification is preferred, not required: the password was the other factor.
     */
    async secondStepOptions(userId: number, ticketHash: string) {
      const credentials = await repo.credentialsOf(userId);
      if (credentials.length === 0) throw passkeyRefused();
      const options = await (
        await webAuthn()
      ).generateAuthenticationOptions({
        rpID: rp.rpID,
        userVerification: 'preferred',
        timeout: CEREMONY_MS,
        allowCredentials: credentials.map((c) => ({
          id: c.credential_id,
          transports: c.transports ? c.transports.split(',') : undefined,
        })),
      });
      await saveChallenge(options.challenge, 'second_factor', { userId, ticketHash });
      // A plain object (the library's interface has no index signature; the answer's schema keeps every key).
      return { ...options };
    },

    /** The second step's assertion: the challenge of this ticket, a passkey of the ticket's user. */
    async verifySecondStep(userId: number, ticketHash: string, response: AuthenticationCredential) {
      const taken = await takeChallenge(response.response.clientDataJSON, 'second_factor');
      if (!taken || taken.user_id !== userId || taken.ticket_hash !== ticketHash) throw passkeyRefused();
      return verifyAssertion(response, taken.challenge, { userId, requireUserVerification: false });
    },
  };
}

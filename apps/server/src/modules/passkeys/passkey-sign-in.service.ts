import type { AuthenticationCredential } from '@medida/contracts';
import { tooManyRequests } from '../../lib/app-error.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import type { AppDeps } from '../../types.ts';
import { createKnownDevicesService } from '../known-devices/known-devices.service.ts';
import { createLockoutService } from '../lockout/lockout.service.ts';
import { createLoginThrottleService, type AttemptSource } from '../login-throttle/login-throttle.service.ts';
import { createUserRecordsService } from '../people/user-records.service.ts';
import { createRateLimitsService } from '../rate-limits/rate-limits.service.ts';
import { createSessionsService } from '../sessions/sessions.service.ts';
import {
  createSignInStepService,
  signInTicketInvalid,
  type SignInMeta,
} from '../second-factor/sign-in-step.service.ts';
import { createPasskeysService, passkeyRefused } from './passkeys.service.ts';

/**
 * Signing in with a passkey (decision 209): alone (usernameless, user verification required: the passkey is both
 * factors) or as the second step after a password (the sign-in ticket of decision 206). Throttled like the password:
 * the per-IP sign-in limit first, then the account's (or its known device's) back-off once the credential names its
 * owner, a failed signature a failure, a good one the end of the back-off.
 */
export function createPasskeySignInService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'background' | 'hasher'>,
) {
  const passkeys = createPasskeysService(deps);
  const users = createUserRecordsService(deps.db);
  const throttle = createLoginThrottleService(deps);
  const rateLimits = createRateLimitsService(deps);
  const devices = createKnownDevicesService(deps);
  const lockout = createLockoutService(deps);
  const sessions = createSessionsService(deps);
  const signInStep = createSignInStepService(deps);

  async function perIpLimit(ip: string) {
    const perIp = await rateLimits.consume('login-ip', ip, deps.config.loginIpLimits);
    if (!perIp.allowed) throw tooManyRequests(perIp.retryAfterSeconds, 'errors.loginThrottled');
  }

  /** The account's back-off before a signature is checked; the source to clear once it is good. */
  async function beginAttempt(userId: number, deviceToken: string | null): Promise<AttemptSource> {
    const user = await users.findLiveAccount(userId);
    if (!user) throw passkeyRefused();
    const source = { email: user.email, knownDeviceHash: await devices.recognise(deviceToken, user.id) };
    const attempt = await throttle.beginAttempt(source);
    if (attempt.lockoutNotice) lockout.noticeLater(user.email);
    if (!attempt.allowed) throw tooManyRequests(attempt.retryAfterSeconds, 'errors.loginThrottled');
    return source;
  }

  return {
    options: (ip: string) => passkeys.signInOptions(ip),

    /** POST /web/authenticate/passkey: a session whose second factor is the passkey. */
    async signIn(response: AuthenticationCredential, meta: SignInMeta) {
      await perIpLimit(meta.ip);
      let source: AttemptSource | undefined;
      const { userId } = await passkeys.verifySignIn(response, async (owner) => {
        source = await beginAttempt(owner, meta.deviceToken);
      });
      await throttle.succeeded(source!);
      const token = await sessions.issue(userId, { ip: meta.ip, userAgent: meta.userAgent, secondFactor: 'passkey' });
      return { token, userId, deviceToken: await devices.remember(userId, meta.deviceToken) };
    },

    /** Options for the second step: the ticket's user's passkeys. */
    async secondStepOptions(ticket: string) {
      const userId = await signInStep.ticketUser(ticket);
      if (userId === null) throw signInTicketInvalid();
      return passkeys.secondStepOptions(userId, sha256Hex(ticket));
    },

    /** The second step answered with a passkey: the ticket's user's, for this ticket's challenge. */
    async secondStep(input: { ticket: string; response: AuthenticationCredential } & SignInMeta) {
      await perIpLimit(input.ip);
      const userId = await signInStep.ticketUser(input.ticket);
      if (userId === null) throw signInTicketInvalid();
      const source = await beginAttempt(userId, input.deviceToken);
      await passkeys.verifySecondStep(userId, sha256Hex(input.ticket), input.response);
      await throttle.succeeded(source);
      return signInStep.finishSignIn(input.ticket, 'passkey', input);
    },
  };
}

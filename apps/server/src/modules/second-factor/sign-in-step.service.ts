import { ErrorCode } from '@medida/contracts';
import type { SecondFactorKind } from '@medida/db';
import { AppError, tooManyRequests } from '../../lib/app-error.ts';
import { MINUTE } from '../../lib/clock.ts';
import type { AppDeps } from '../../types.ts';
import { createAccountTokensService } from '../account-tokens/account-tokens.service.ts';
import { createKnownDevicesService } from '../known-devices/known-devices.service.ts';
import { createLockoutService } from '../lockout/lockout.service.ts';
import { createLoginThrottleService } from '../login-throttle/login-throttle.service.ts';
import { createUserRecordsService } from '../people/user-records.service.ts';
import { createRateLimitsService } from '../rate-limits/rate-limits.service.ts';
import { createSessionsService } from '../sessions/sessions.service.ts';
import { createSecondFactorService, type SecondFactorMethod } from './second-factor.service.ts';

/** How long a sign-in ticket (a correct password waiting for its second factor) stays valid. */
const SIGN_IN_TICKET_MS = 5 * MINUTE;

export const signInTicketInvalid = () => new AppError(401, ErrorCode.invalidCredentials, 'errors.signInTicketInvalid');
const codeRejected = () => new AppError(401, ErrorCode.invalidCredentials, 'errors.secondFactorCodeInvalid');

export interface SignInMeta {
  ip: string;
  userAgent: string | null;
  /** The browser's known-device cookie (decision 015), if any. */
  deviceToken: string | null;
}

/**
 * The sign-in's second step (decision 206). A correct password of a user with a second factor gets a ticket, not a
 * session: 32 random bytes, only the SHA-256 stored (`account_tokens`, purpose 'sign_in'), valid 5 minutes, spent
 * by the sign-in it completes, a newer one replacing an older. The ticket is kept across wrong codes; the login
 * throttle (per account or known device) and the per-IP limit count each code as they count each password.
 *
 * For the passkeys module: `ticketUser` tells whose ticket it is (to ask for that user's passkeys) and
 * `finishSignIn(ticket, 'passkey', meta)` completes the sign-in once the assertion is verified.
 */
export function createSignInStepService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'background' | 'hasher'>,
) {
  const tickets = createAccountTokensService(deps);
  const sessions = createSessionsService(deps);
  const devices = createKnownDevicesService(deps);
  const throttle = createLoginThrottleService(deps);
  const rateLimits = createRateLimitsService(deps);
  const lockout = createLockoutService(deps);
  const users = createUserRecordsService(deps.db);
  const factors = createSecondFactorService(deps);

  /** Spends the ticket and opens the session, recording the factor it used. */
  async function finishSignIn(
    ticket: string,
    factor: SecondFactorKind,
    meta: SignInMeta,
  ): Promise<{ token: string; userId: number; deviceToken: string }> {
    const userId = await tickets.consume('sign_in', ticket);
    if (userId === null) throw signInTicketInvalid();
    const token = await sessions.issue(userId, { ip: meta.ip, userAgent: meta.userAgent, secondFactor: factor });
    return { token, userId, deviceToken: await devices.remember(userId, meta.deviceToken) };
  }

  return {
    methodsOf: factors.methodsOf,

    /** After a correct password: a ticket for the second step and the factors the user can answer it with. */
    async startSecondStep(userId: number): Promise<{ ticket: string; methods: SecondFactorMethod[] }> {
      const [ticket, methods] = await Promise.all([
        tickets.issue('sign_in', userId, SIGN_IN_TICKET_MS),
        factors.methodsOf(userId),
      ]);
      return { ticket, methods };
    },

    /** The user a live ticket is for (not spent), or null. */
    ticketUser: (ticket: string) => tickets.peek('sign_in', ticket),

    finishSignIn,

    /**
     * POST /web/authenticate/second-factor: an authenticator's code or a recovery code for the ticket's user.
     * Throttled exactly like the password (per IP, then per account or known device, a wrong code a failure);
     * a right code ends the back-off and signs in.
     */
    async signInWithCode(input: { ticket: string; code: string } & SignInMeta) {
      const perIp = await rateLimits.consume('login-ip', input.ip, deps.config.loginIpLimits);
      if (!perIp.allowed) throw tooManyRequests(perIp.retryAfterSeconds, 'errors.loginThrottled');
      const userId = await tickets.peek('sign_in', input.ticket);
      const user = userId === null ? undefined : await users.findLiveAccount(userId);
      if (!user) throw signInTicketInvalid();
      const source = { email: user.email, knownDeviceHash: await devices.recognise(input.deviceToken, user.id) };
      const attempt = await throttle.beginAttempt(source);
      if (attempt.lockoutNotice) lockout.noticeLater(user.email);
      if (!attempt.allowed) throw tooManyRequests(attempt.retryAfterSeconds, 'errors.loginThrottled');
      const factor = await factors.verifyCode(user.id, input.code);
      if (!factor) throw codeRejected();
      await throttle.succeeded(source);
      return finishSignIn(input.ticket, factor, input);
    },
  };
}

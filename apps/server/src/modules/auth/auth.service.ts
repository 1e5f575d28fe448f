import { ErrorCode, type SessionUser } from '@medida/contracts';
import { AppError, tooManyRequests } from '../../lib/app-error.ts';
import type { AppDeps, RequestAuth } from '../../types.ts';
import { createKnownDevicesService } from '../known-devices/known-devices.service.ts';
import { createLockoutService } from '../lockout/lockout.service.ts';
import { createLoginThrottleService } from '../login-throttle/login-throttle.service.ts';
import { createRateLimitsService } from '../rate-limits/rate-limits.service.ts';
import { createSessionsService } from '../sessions/sessions.service.ts';
import { createUserRecordsService } from '../people/user-records.service.ts';
import type { SecondFactorMethod } from '../second-factor/second-factor.service.ts';
import { createSignInStepService } from '../second-factor/sign-in-step.service.ts';

const invalidCredentials = () => new AppError(401, ErrorCode.invalidCredentials, 'errors.invalidCredentials');

export function createAuthService(deps: Pick<AppDeps, 'db' | 'clock' | 'hasher' | 'config' | 'mailer' | 'background'>) {
  const users = createUserRecordsService(deps.db);
  const sessions = createSessionsService(deps);
  const throttle = createLoginThrottleService(deps);
  const rateLimits = createRateLimitsService(deps);
  const devices = createKnownDevicesService(deps);
  const lockout = createLockoutService(deps);
  const signInStep = createSignInStepService(deps);

  return {
    /**
     * Wrong password and unknown e-mail give the same 401 after the same work (a dummy argon2
     * verify for unknown accounts). Every throttle cause gives the same 429 with Retry-After. A
     * browser that signed in to this account before (`deviceToken`, decision 015) has its own
     * back-off, so guesses from elsewhere do not lock its owner out; the answer carries the
     * device token the browser should keep.
     *
     * A user with a second factor gets no session here (security.md R09, decision 206): a ticket for the second
     * step and its methods. The password attempt then stays counted by the throttle until the second step
     * succeeds, so alternating a right password and a guessed code never resets the back-off.
     */
    async login(input: {
      email: string;
      password: string;
      ip: string;
      userAgent: string | null;
      deviceToken: string | null;
    }): Promise<
      | { token: string; userId: number; deviceToken: string }
      | { secondFactor: { ticket: string; methods: SecondFactorMethod[] }; userId: number }
    > {
      const perIp = await rateLimits.consume('login-ip', input.ip, deps.config.loginIpLimits);
      if (!perIp.allowed) throw tooManyRequests(perIp.retryAfterSeconds, 'errors.loginThrottled');
      const user = await users.findLoginByEmail(input.email);
      const source = { email: input.email, knownDeviceHash: await devices.recognise(input.deviceToken, user?.id) };
      const attempt = await throttle.beginAttempt(source);
      if (attempt.lockoutNotice) lockout.noticeLater(input.email);
      if (!attempt.allowed) throw tooManyRequests(attempt.retryAfterSeconds, 'errors.loginThrottled');

      if (!user?.password_hash) {
        await deps.hasher.dummyVerify(input.password);
        throw invalidCredentials();
      }
      if (!(await deps.hasher.verify(user.password_hash, input.password))) throw invalidCredentials();
      // A temporary password (users created by a professional) stops working after its expiry.
      if (user.password_expires_at && deps.clock.now() >= user.password_expires_at) {
        throw new AppError(401, ErrorCode.invalidCredentials, 'errors.temporaryPasswordExpired');
      }

      if (deps.hasher.needsRehash(user.password_hash)) {
        await users.updatePasswordHash(user.id, await deps.hasher.hash(input.password), deps.clock.now());
      }
      if ((await signInStep.methodsOf(user.id)).length > 0)
        return { secondFactor: await signInStep.startSecondStep(user.id), userId: user.id };
      await throttle.succeeded(source);
      const token = await sessions.issue(user.id, { ip: input.ip, userAgent: input.userAgent });
      return { token, userId: user.id, deviceToken: await devices.remember(user.id, input.deviceToken) };
    },

    /** The session user, from what the auth hook's one session query read (a live session of a live user). */
    sessionUser: (
      auth: Pick<
        RequestAuth,
        'userId' | 'userType' | 'mustChangePassword' | 'emailVerified' | 'secondFactorMissing' | 'operator'
      >,
    ): SessionUser => ({
      id: auth.userId,
      type: auth.userType,
      cambia_pass: auth.mustChangePassword ? 1 : 0,
      email_verified: auth.emailVerified,
      second_factor_required: auth.secondFactorMissing,
      operator: auth.operator,
    }),

    logout: (sessionId: string) => sessions.revoke(sessionId).then(() => undefined),
  };
}

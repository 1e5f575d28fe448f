import { fieldError, tooManyRequests, unauthenticated } from '../../lib/app-error.ts';
import type { AppDeps } from '../../types.ts';
import { createLoginThrottleService } from '../login-throttle/login-throttle.service.ts';
import { createEmailChangeRepository } from './email-change.repository.ts';
import { createEmailChangeService } from './email-change.service.ts';

/**
 * The signed-in user changes its own login e-mail from the profile (issue 12): the current password
 * again (a borrowed open session is not enough to move the login to another inbox), then the same
 * pending change as any other: a link to the new address, a notice to the old one, the old address
 * in force until the link is opened.
 */
export function createOwnEmailChangeService(deps: Pick<AppDeps, 'db' | 'clock' | 'mailer' | 'config' | 'hasher'>) {
  const repo = createEmailChangeRepository(deps.db);
  const emailChange = createEmailChangeService(deps);
  const throttle = createLoginThrottleService(deps);

  return {
    async request(userId: number, body: { email: string; password: string }): Promise<void> {
      const user = await repo.findUser(userId);
      if (!user) throw unauthenticated();
      // Guessing the password through this form is throttled like the login form.
      const attempt = await throttle.beginAttempt(user.email);
      if (!attempt.allowed) throw tooManyRequests(attempt.retryAfterSeconds, 'errors.loginThrottled');
      const hash = await repo.passwordHash(user.id);
      if (!hash || !(await deps.hasher.verify(hash, body.password)))
        throw fieldError('password', 'validation.currentPasswordWrong');
      await throttle.succeeded(user.email);
      const outcome = await emailChange.request({
        userId: user.id,
        newEmail: body.email,
        requestedBy: user.id,
        alwaysConfirm: true,
      });
      if (outcome === 'unchanged') throw fieldError('email', 'validation.emailUnchanged');
    },
  };
}

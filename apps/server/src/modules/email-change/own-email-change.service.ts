import { fieldError, unauthenticated } from '../../lib/app-error.ts';
import type { AppDeps } from '../../types.ts';
import { createLockoutService } from '../lockout/lockout.service.ts';
import { createUserRecordsService } from '../people/user-records.service.ts';
import { createEmailChangeService } from './email-change.service.ts';

/**
 * The signed-in user changes its own login e-mail from the profile (issue 12): the current password
 * again (a borrowed open session is not enough to move the login to another inbox), then the same
 * pending change as any other: a link to the new address, a notice to the old one, the old address
 * in force until the link is opened.
 */
export function createOwnEmailChangeService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'mailer' | 'config' | 'hasher' | 'background'>,
) {
  const users = createUserRecordsService(deps.db);
  const emailChange = createEmailChangeService(deps);
  const lockout = createLockoutService(deps);

  return {
    async request(userId: number, body: { email: string; password: string }): Promise<void> {
      const user = await users.findLiveAccount(userId);
      if (!user) throw unauthenticated();
      await lockout.recheckPassword({
        email: user.email,
        passwordHash: await users.passwordHashOf(user.id),
        password: body.password,
        field: 'password',
      });
      const outcome = await emailChange.request({
        userId: user.id,
        newEmail: body.email,
        requestedBy: user.id,
      });
      if (outcome === 'unchanged') throw fieldError('email', 'validation.emailUnchanged');
    },
  };
}

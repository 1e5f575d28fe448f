import { ErrorCode } from '@medida/contracts';
import { AppError, fieldError, tooManyRequests } from '../../lib/app-error.ts';
import { HOUR } from '../../lib/clock.ts';
import { asLanguage } from '../../lib/i18n.ts';
import { renderMail } from '../../lib/mail-templates.ts';
import type { AppDeps } from '../../types.ts';
import { createAccountTokensService } from '../account-tokens/account-tokens.service.ts';
import { createLoginThrottleService } from '../login-throttle/login-throttle.service.ts';
import { createUserRecordsService } from '../people/user-records.service.ts';

/** How long the unlock link in the lockout notice works. */
const UNLOCK_LINK_HOURS = 24;

const unlockTokenInvalid = () => new AppError(410, ErrorCode.resetTokenInvalid, 'errors.unlockTokenInvalid');

/**
 * The owner's side of the login back-off (issue 10 item 13, decision 015): when the failures of an
 * e-mail reach the notice threshold, its owner is told, with a one-time link that lifts the back-off.
 */
export function createLockoutService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'mailer' | 'config' | 'background' | 'hasher'>,
) {
  const users = createUserRecordsService(deps.db);
  const links = createAccountTokensService(deps);
  const throttle = createLoginThrottleService(deps);
  const base = deps.config.publicBaseUrl;

  async function sendNotice(email: string) {
    const owner = await users.findRecipientByEmail(email);
    if (!owner) return; // an unknown e-mail is throttled alike, but nobody is told
    const token = await links.issue('unlock', owner.id, UNLOCK_LINK_HOURS * HOUR);
    deps.mailer.sendLater(
      renderMail('lockoutNotice', asLanguage(owner.lang), owner.email, {
        nombre: owner.nombre,
        hours: UNLOCK_LINK_HOURS,
        link: `${base}/pages/unlock#token=${token}`,
        resetUrl: `${base}/pages/forgot-password`,
      }),
    );
  }

  const noticeLater = (email: string) => deps.background.run('lockout-notice', () => sendNotice(email));

  return {
    /** After the answer, so the timing of a throttled attempt says nothing about the e-mail. */
    noticeLater,

    /**
     * A signed-in user's password asked again (change password or e-mail, delete the account): guessing
     * it through these forms is throttled, and noticed, like the login form. A wrong one is a 422 on `field`.
     */
    async recheckPassword(a: { email: string; passwordHash: string | null; password: string; field: string }) {
      const attempt = await throttle.beginAttempt({ email: a.email });
      if (attempt.lockoutNotice) noticeLater(a.email);
      if (!attempt.allowed) throw tooManyRequests(attempt.retryAfterSeconds, 'errors.loginThrottled');
      if (!a.passwordHash || !(await deps.hasher.verify(a.passwordHash, a.password)))
        throw fieldError(a.field, 'validation.currentPasswordWrong');
      await throttle.succeeded({ email: a.email });
    },

    /** The link from the notice: single use, 24 hours; lifts the e-mail's back-off. */
    async unlock(token: string): Promise<void> {
      const userId = await links.consume('unlock', token);
      const owner = userId === null ? undefined : await users.findRecipient(userId);
      if (!owner) throw unlockTokenInvalid();
      await throttle.clear(owner.email);
    },
  };
}

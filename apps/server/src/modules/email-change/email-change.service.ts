import { ErrorCode } from '@medida/contracts';
import { isUniqueViolation, type Database, type Transaction } from '@medida/db';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { HOUR } from '../../lib/clock.ts';
import { asLanguage } from '../../lib/i18n.ts';
import { renderMail } from '../../lib/mail-templates.ts';
import { generateToken, sha256Hex } from '../../lib/tokens.ts';
import type { AppDeps } from '../../types.ts';
import { createAccountTokensService } from '../account-tokens/account-tokens.service.ts';
import { createPasswordLinksService } from '../password/password.service.ts';
import { createUserRecordsService } from '../people/user-records.service.ts';

/** How long the confirmation link sent to the new address works. */
const EMAIL_CHANGE_HOURS = 24;

const emailTaken = () => fieldError('email', 'validation.emailTaken');
const tokenInvalid = () => new AppError(410, ErrorCode.resetTokenInvalid, 'errors.emailChangeTokenInvalid');

export type EmailChangeOutcome = 'unchanged' | 'changed' | 'pending';

/**
 * Changing a login e-mail (issue 10 item 3, decision 018). While an account still has the temporary
 * password its creator gave it, the creator may correct the address at once. Once the owner has chosen
 * its own password, a new address takes effect only when confirmed from it: a link goes to the new
 * address, a notice to the old one, and until then the old address stays (a parent can no longer move
 * a child's login to an inbox it controls and reset the password there).
 */
export function createEmailChangeService(deps: Pick<AppDeps, 'db' | 'clock' | 'mailer' | 'config'>) {
  const users = createUserRecordsService(deps.db);
  const tokens = createAccountTokensService(deps);
  const passwordLinks = createPasswordLinksService(deps.db);
  const transaction = <T>(fn: (trx: Transaction<Database>) => Promise<T>) => deps.db.transaction().execute(fn);
  const base = deps.config.publicBaseUrl;

  return {
    /** `changed` when applied now, `pending` when a confirmation went out, `unchanged` for the same address. */
    async request(a: {
      userId: number;
      newEmail: string;
      requestedBy: number;
      /** The owner's own change (POST /web/cambiaemail) always waits for the link, temporary password or not. */
      alwaysConfirm?: boolean;
    }): Promise<EmailChangeOutcome> {
      const user = await users.findLiveAccount(a.userId);
      if (!user) throw new AppError(404, ErrorCode.notFound, 'errors.notFound');
      const newEmail = a.newEmail.trim();
      if (newEmail.toLowerCase() === user.email.toLowerCase()) return 'unchanged';
      if (await users.emailTaken(newEmail, user.id)) throw emailTaken();
      const now = deps.clock.now();

      // Not yet the owner's account (a temporary password never changed, or a client never signed in):
      // its professional fixes the address at once, and links sent to the old one die (decision 132).
      const unclaimed = user.cambia_pass === 1 || (await users.passwordHashOf(user.id)) === null;
      if (unclaimed && !a.alwaysConfirm) {
        try {
          await transaction(async (trx) => {
            await createUserRecordsService(trx).setEmail(user.id, newEmail, now);
            await passwordLinks.invalidateInTransaction(trx, user.id, now);
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw emailTaken();
          throw error;
        }
        return 'changed';
      }

      const token = generateToken();
      await transaction(async (trx) => {
        await tokens.replaceEmailChangeInTransaction(trx, {
          userId: user.id,
          tokenHash: sha256Hex(token),
          newEmail,
          requestedBy: a.requestedBy,
          now,
          expiresAt: new Date(now.getTime() + EMAIL_CHANGE_HOURS * HOUR),
        });
      });
      const lang = asLanguage(user.lang);
      deps.mailer.sendLater(
        renderMail('emailChangeConfirm', lang, newEmail, {
          nombre: user.nombre,
          email: newEmail,
          hours: EMAIL_CHANGE_HOURS,
          link: `${base}/pages/confirm-email#token=${token}`,
        }),
      );
      deps.mailer.sendLater(
        renderMail('emailChangeNotice', lang, user.email, {
          nombre: user.nombre,
          newEmail,
          loginUrl: `${base}/pages/login`,
        }),
      );
      return 'pending';
    },

    /** The link from the new address: single use, 24 hours; 410 otherwise, 422 if the address was taken since. */
    async confirm(token: string): Promise<void> {
      const now = deps.clock.now();
      try {
        await transaction(async (trx) => {
          const pending = await tokens.consumeEmailChangeInTransaction(trx, sha256Hex(token), now);
          if (!pending?.new_email) throw tokenInvalid();
          const updated = await createUserRecordsService(trx).setEmail(pending.user_id, pending.new_email, now);
          if (Number(updated.numUpdatedRows) !== 1) throw tokenInvalid();
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
    },
  };
}

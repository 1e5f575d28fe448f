import { ErrorCode } from '@medida/contracts';
import { isUniqueViolation, type Database, type Transaction } from '@medida/db';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { HOUR } from '../../lib/clock.ts';
import { asLanguage } from '../../lib/i18n.ts';
import { renderMail } from '../../lib/mail-templates.ts';
import { generateToken, sha256Hex } from '../../lib/tokens.ts';
import type { AppDeps } from '../../types.ts';
import { createAccountTokensService } from '../account-tokens/account-tokens.service.ts';
import { createNotificationsService } from '../notifications/notifications.service.ts';
import { createPasswordLinksService } from '../password/password.service.ts';
import { createUserRecordsService } from '../people/user-records.service.ts';

/** How long the confirmation link sent to the new address works. */
const EMAIL_CHANGE_HOURS = 24;

const emailTaken = () => fieldError('email', 'validation.emailTaken');
const ownerOnly = () => fieldError('email', 'validation.emailOwnerOnly');
const tokenInvalid = () => new AppError(410, ErrorCode.resetTokenInvalid, 'errors.emailChangeTokenInvalid');

export type EmailChangeOutcome = 'unchanged' | 'changed' | 'pending';

/**
 * Whether the account holder chose its own password (decision 202): an invited or created account has none
 * (`password_hash` null) or only its creator's temporary one (`cambia_pass` 1) until it does.
 */
const choseOwnPassword = (user: { password_hash: string | null; cambia_pass: number }) =>
  user.password_hash !== null && user.cambia_pass !== 1;

/**
 * Changing a login e-mail (issue 10 item 3, decisions 018 and 202), the one place that decides who may.
 * While an account has no password of its own, the professional above it corrects the address at once.
 * Once the owner has chosen its own password, only the owner changes it (POST /web/cambiaemail: a link to
 * the new address, a notice to the old one); anyone else gets a 422 on `email` and may only ask the owner
 * to change it (`askOwner`, an e-mail to the current address). A link sent to an address the professional
 * controls would let it reset the password there and take the login over (issue 32 item 1).
 */
export function createEmailChangeService(deps: Pick<AppDeps, 'db' | 'clock' | 'mailer' | 'config'>) {
  const users = createUserRecordsService(deps.db);
  const tokens = createAccountTokensService(deps);
  const passwordLinks = createPasswordLinksService(deps.db);
  const notifications = createNotificationsService(deps);
  const transaction = <T>(fn: (trx: Transaction<Database>) => Promise<T>) => deps.db.transaction().execute(fn);
  const base = deps.config.publicBaseUrl;

  async function liveAccount(userId: number) {
    const user = await users.findLiveAccount(userId);
    if (!user) throw new AppError(404, ErrorCode.notFound, 'errors.notFound');
    return user;
  }
  const isSame = (user: { email: string }, newEmail: string) =>
    newEmail.trim().toLowerCase() === user.email.toLowerCase();

  return {
    /** Whether only the user itself may change its login e-mail now (the managed user's detail says so). */
    ownerOnly: async (userId: number) => choseOwnPassword(await liveAccount(userId)),

    /**
     * Throws the 422 on `email` when someone other than the owner asks for a new address of an account whose
     * owner chose its password; callers that save other fields first call it before their transaction.
     */
    async assertMayRequest(a: { userId: number; newEmail: string; requestedBy: number }): Promise<void> {
      if (a.requestedBy === a.userId) return;
      const user = await liveAccount(a.userId);
      if (!isSame(user, a.newEmail) && choseOwnPassword(user)) throw ownerOnly();
    },

    /**
     * `changed` when applied now (someone else's correction of an account without its own password), `pending`
     * when the owner's own change sent its confirmation link, `unchanged` for the same address.
     */
    async request(a: { userId: number; newEmail: string; requestedBy: number }): Promise<EmailChangeOutcome> {
      const user = await liveAccount(a.userId);
      const newEmail = a.newEmail.trim();
      if (isSame(user, newEmail)) return 'unchanged';
      const own = a.requestedBy === user.id;
      if (!own && choseOwnPassword(user)) throw ownerOnly();
      if (await users.emailTaken(newEmail, user.id)) throw emailTaken();
      const now = deps.clock.now();

      // Not yet the owner's account (a temporary password never changed, or a client never signed in):
      // its professional fixes the address at once, and links sent to the old one die (decision 132).
      // The owner's own change always waits for the link, temporary password or not.
      if (!own) {
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

    /**
     * A professional above the user asks it to change its login e-mail (decision 202): an e-mail to the current
     * address naming who asks and the suggested one; nothing changes until the owner does it itself.
     */
    async askOwner(a: { userId: number; requestedBy: { nombre: string; apellido: string }; suggestedEmail: string }) {
      const user = await liveAccount(a.userId);
      const suggested = a.suggestedEmail.trim();
      if (isSame(user, suggested)) throw fieldError('email', 'validation.emailSameAsCurrent');
      await notifications.emailChangeRequest(user, {
        requester: `${a.requestedBy.nombre} ${a.requestedBy.apellido}`.trim(),
        suggested,
      });
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

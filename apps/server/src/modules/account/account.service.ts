import { deletedEmailOf, deletionChoices, ErrorCode, USER_TYPE, type DeleteAccountBody } from '@medida/contracts';
import { AppError, fieldError, unauthenticated } from '../../lib/app-error.ts';
import type { AppDeps } from '../../types.ts';
import { createCreditsService } from '../credits/credits.service.ts';
import { createLockoutService } from '../lockout/lockout.service.ts';
import { createPasswordLinksService } from '../password/password.service.ts';
import { createUserRecordsService } from '../people/user-records.service.ts';
import { revokeAllSessionsInTransaction } from '../sessions/sessions.service.ts';

/** A professional still responsible for people: hand them over, or say what happens to them (decisions 113, 184). */
const stillHasPeople = () => new AppError(409, ErrorCode.conflict, 'errors.accountHasPeople');

/**
 * Deleting one's own account (decision 113): the password again and the e-mail typed as confirmation.
 * The login goes at once (all sessions, reset links); clinical records and the credit ledger stay. A professional
 * with people below says what happens to them (decision 184, `deletionChoices`): the network keeps its accounts
 * (`keep_network`, once the clients were handed over), or every account below closes too (`everything`).
 */
export function createAccountService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'hasher' | 'config' | 'mailer' | 'background'>,
) {
  const users = createUserRecordsService(deps.db);
  const passwordLinks = createPasswordLinksService(deps.db);
  const credits = createCreditsService(deps);
  const lockout = createLockoutService(deps);

  return {
    async deleteOwn(userId: number, body: DeleteAccountBody) {
      const user = await users.findLiveAccount(userId);
      if (!user) throw unauthenticated();
      await lockout.recheckPassword({
        email: user.email,
        passwordHash: user.password_hash,
        password: body.password,
        field: 'password',
      });
      if (body.confirmation.toLowerCase() !== user.email.toLowerCase())
        throw fieldError('confirmation', 'validation.deleteConfirmation');

      await deps.db.transaction().execute(async (trx) => {
        const trxUsers = createUserRecordsService(trx);
        const locked = await trxUsers.lockLive(userId);
        if (!locked) throw unauthenticated();
        const now = deps.clock.now();
        const isProfessional = locked.type === USER_TYPE.professional;
        if (isProfessional) {
          const children = await trxUsers.countLiveChildren(userId);
          const allowed = deletionChoices(children);
          if (!allowed.can_delete && (!body.people || !allowed.choices.includes(body.people))) throw stillHasPeople();
          // Everything below closes like the account itself; evaluations and balances stay (retention, ledger).
          if (!allowed.can_delete && body.people === 'everything') {
            for (const { id } of await trxUsers.lockLiveBelow(userId)) {
              await trxUsers.closeLogin(id, { email: deletedEmailOf(id), now, softDelete: true });
              await revokeAllSessionsInTransaction(trx, id, now);
              await passwordLinks.invalidateInTransaction(trx, id, now);
            }
          }
          // A network professional's balance goes back up, as when its parent removes it (decision 051).
          if (locked.parent_user_id !== null)
            await credits.returnAllToParentInTransaction(trx, {
              actorId: userId,
              userId,
              parentId: locked.parent_user_id,
            });
        }
        await trxUsers.closeLogin(userId, { email: deletedEmailOf(userId), now, softDelete: isProfessional });
        await revokeAllSessionsInTransaction(trx, userId, now);
        await passwordLinks.invalidateInTransaction(trx, userId, now);
      });
    },

    /** What the page tells a professional before it asks for the password, and the choices it may take. */
    async peopleOf(userId: number) {
      const people = await users.countLiveChildren(userId);
      return { ...people, ...deletionChoices(people) };
    },
  };
}

import { ErrorCode, type CreditRequest, type OperatorRequest } from '@medida/contracts';
import type { Database, Kysely, Transaction } from '@medida/db';
import type { Config } from '../../config.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { Actor } from '../../types.ts';
import { createCreditsService } from '../credits/credits.service.ts';
import { createNotificationsService } from '../notifications/notifications.service.ts';
import { createUserRecordsService } from '../people/user-records.service.ts';
import { createCreditRequestsRepository } from './credit-requests.repository.ts';
import { manualInvoiceProvider, packFor, type PaymentProvider } from './payment-provider.ts';

/** Requests an account may have waiting at once: a typo sent twice is fine, a flood of mail to the operator is not. */
const MAX_OPEN_REQUESTS = 3;

type Row = Awaited<ReturnType<ReturnType<typeof createCreditRequestsRepository>['insert']>>;
type RowWithAccount = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createCreditRequestsRepository>['findWithAccount']>>
>;

const toRequest = (r: Row | RowWithAccount): CreditRequest => ({
  id: r.id,
  credits: r.credits,
  price: r.price,
  currency: r.currency,
  note: r.note,
  state: r.state,
  created_at: r.created_at.toISOString(),
  decided_at: r.decided_at?.toISOString() ?? null,
  decision_note: r.decision_note,
});

export const toOperatorRequest = (r: RowWithAccount): OperatorRequest => ({
  ...toRequest(r),
  account: { id: r.account_id, nombre: r.account_nombre, apellido: r.account_apellido, email: r.account_email },
  requester_email: r.requester_email,
});

const decided = () => new AppError(409, ErrorCode.conflict, 'errors.creditRequestDecided');

/** Credit requests (decision 229): a top-level professional asks, an operator grants or declines once. */
export function createCreditRequestsService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  mailer: Mailer;
  config: Pick<Config, 'creditPacks' | 'operatorEmail' | 'publicBaseUrl'>;
  payments?: PaymentProvider;
}) {
  const repo = createCreditRequestsRepository(deps.db);
  const payments = deps.payments ?? manualInvoiceProvider();
  const notifications = createNotificationsService(deps);
  const users = createUserRecordsService(deps.db);

  /** Who is told of a new request: OPERATOR_EMAIL, or every operator. */
  async function operatorRecipients() {
    const operators = await users.operatorRecipients();
    const to = deps.config.operatorEmail;
    if (!to) return operators;
    const named = operators.find((o) => o.email.toLowerCase() === to.toLowerCase());
    return [named ?? { id: operators[0]?.id ?? 0, email: to, nombre: 'Medida', lang: 'es' }].filter((o) => o.id > 0);
  }

  return {
    /** GET /web/credit-requests: the packs on offer and the actor's account's requests. */
    async own(actor: Actor) {
      const requests = await repo.listForAccount(actor.userId, 50);
      return { packs: deps.config.creditPacks, requests: requests.map(toRequest) };
    },

    /**
     * POST /web/credit-requests: only the top of an account asks the operator (a network professional asks its
     * parent, decision 186); a pack's credits take its price. The operator is told by the payment driver's mail.
     */
    async ask(actor: Actor, a: { credits: number; note?: string | undefined }) {
      if (actor.parentId !== null) throw new AppError(403, ErrorCode.forbidden, 'errors.creditRequestTopOnly');
      if ((await repo.countOpenForAccount(actor.userId)) >= MAX_OPEN_REQUESTS)
        throw new AppError(409, ErrorCode.conflict, 'errors.creditRequestsOpen');
      const requester = await users.findProfessionalContact(actor.userId);
      if (!requester) throw notFound();
      const pack = packFor(deps.config.creditPacks, a.credits);
      const row = await repo.insert({
        requesterId: actor.userId,
        accountId: actor.userId,
        credits: a.credits,
        price: pack?.price ?? null,
        currency: pack?.currency ?? null,
        note: a.note || null,
        now: deps.clock.now(),
      });
      const { price } = payments.requested({ ...row, requester });
      for (const operator of await operatorRecipients())
        await notifications.creditRequested(operator, {
          requester: `${requester.nombre} ${requester.apellido}`.trim(),
          email: requester.email,
          credits: row.credits,
          price,
          note: row.note ?? '—',
        });
      return { request: toRequest(row) };
    },

    /** The operator's list: a page of every account's requests (or one state's, one account's). */
    async page(p: { state?: 'requested' | 'granted' | 'declined'; accountId?: number; limit: number; offset: number }) {
      const { rows, total } = await repo.page(p);
      return { requests: rows.map(toOperatorRequest), total };
    },

    /**
     * Inside the operator's transaction: decides a waiting request once. A grant is one ledger entry through the
     * credits service, with the operator and the note. A request already decided (two operators at once, a second
     * click) is 409 and changes nothing.
     */
    async decideInTransaction(
      trx: Transaction<Database>,
      d: { operatorId: number; requestId: number; state: 'granted' | 'declined'; note: string | null },
    ) {
      const txRepo = createCreditRequestsRepository(trx);
      const found = await txRepo.findWithAccount(d.requestId);
      if (!found) throw notFound();
      const row = await txRepo.decide({ id: d.requestId, ...d, now: deps.clock.now() });
      if (!row) throw decided();
      if (d.state === 'granted')
        await createCreditsService(deps).grantInTransaction(trx, {
          userId: row.account_id,
          amount: row.credits,
          // The request's number, in no language: the console shows the note to operators in es, en and pt.
          note: d.note ? `#${row.id}: ${d.note}` : `#${row.id}`,
          actorId: d.operatorId,
        });
      return { ...found, ...row };
    },

    /** After the decision's commit: the requester is told, in its language. */
    async tellRequester(row: RowWithAccount) {
      if (row.state === 'requested') return;
      await notifications.creditRequestDecided(
        { id: row.requester_id, email: row.requester_email, nombre: row.requester_nombre, lang: row.requester_lang },
        { state: row.state, credits: row.credits, note: row.decision_note ?? '—' },
      );
    },

    /** The requests of one account (the console's account page), newest first. */
    forAccount: async (accountId: number) => (await repo.page({ accountId, limit: 50, offset: 0 })).rows,
  };
}

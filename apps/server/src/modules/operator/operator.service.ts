import { ErrorCode, USER_TYPE, type OperatorAccount, type OperatorEvent } from '@medida/contracts';
import type { Database, Kysely, Transaction } from '@medida/db';
import type { Config } from '../../config.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { createCreditRequestsService, toOperatorRequest } from '../credit-requests/credit-requests.service.ts';
import { createCreditsService } from '../credits/credits.service.ts';
import { createUserRecordsService } from '../people/user-records.service.ts';
import { revokeAccountSessionsInTransaction } from '../sessions/sessions.service.ts';
import { createOperatorRepository } from './operator.repository.ts';

type AccountRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createOperatorRepository>['findAccount']>>>;
type Page = { limit: number; offset: number };

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

const toAccount = (r: AccountRow): OperatorAccount => ({
  id: r.id,
  nombre: r.nombre,
  apellido: r.apellido,
  email: r.email,
  lang: r.lang,
  creditos: r.creditos,
  users: r.users,
  evaluations_this_month: r.evaluations_this_month,
  last_sign_in_at: iso(r.last_sign_in_at),
  suspended_at: iso(r.suspended_at),
  created_at: r.created_at.toISOString(),
});

/**
 * `npm run operator -- create`: the only way an operator is made (never by sign-up, decision 229). It starts with a
 * temporary password to change at its first sign-in, then must enrol a second factor before the console answers.
 */
export async function createOperatorUser(
  deps: { db: Kysely<Database>; clock: Clock },
  o: { email: string; nombre: string; apellido: string; passwordHash: string; lang: string },
) {
  const users = createUserRecordsService(deps.db);
  if (await users.emailTaken(o.email)) throw new AppError(409, ErrorCode.conflict, 'errors.emailTaken');
  const now = deps.clock.now();
  return users.insert({
    type: USER_TYPE.professional,
    operator: true,
    email: o.email,
    nombre: o.nombre,
    apellido: o.apellido,
    lang: o.lang,
    password_hash: o.passwordHash,
    cambia_pass: 1,
    email_verified_at: now,
    terms_accepted_at: now,
  });
}

/**
 * The operator's console (decision 229): accounts and their metadata, credit requests, grants, suspensions and the
 * trail of what operators did. Every change is one transaction with its chained event. No health data is read.
 */
export function createOperatorService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  mailer: Mailer;
  config: Pick<Config, 'creditPacks' | 'operatorEmail' | 'publicBaseUrl'>;
}) {
  const repo = createOperatorRepository(deps.db);
  const requests = createCreditRequestsService(deps);
  const credits = createCreditsService(deps);

  /** The first instant of the clock's month (UTC): "evaluations this month". */
  const monthStart = () => {
    const now = deps.clock.now();
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  };

  async function accountIn(trx: Transaction<Database> | Kysely<Database>, id: number) {
    const row = await createOperatorRepository(trx).findAccount(id, monthStart());
    if (!row) throw notFound();
    return row;
  }

  const event = (
    trx: Transaction<Database>,
    e: {
      operatorId: number;
      action: OperatorEvent['action'];
      accountId: number;
      requestId?: number;
      credits?: number;
      note?: string | null;
    },
  ) =>
    createOperatorRepository(trx).appendEvent({
      operatorId: e.operatorId,
      action: e.action,
      accountId: e.accountId,
      requestId: e.requestId ?? null,
      credits: e.credits ?? null,
      note: e.note ?? null,
      now: deps.clock.now(),
    });

  return {
    async accounts(p: Page & { q?: string | undefined }) {
      const { rows, total } = await repo.accountsPage({ ...p, monthStart: monthStart() });
      return { accounts: rows.map(toAccount), total };
    },

    async account(id: number) {
      const account = await accountIn(deps.db, id);
      const [users, ledger, accountRequests] = await Promise.all([
        repo.accountUsers(id),
        credits.ledgerOf(id),
        requests.forAccount(id),
      ]);
      return {
        account: toAccount(account),
        users: users.map((u) => ({
          id: u.id,
          nombre: u.nombre,
          apellido: u.apellido,
          email: u.email,
          role: u.type === USER_TYPE.client ? ('client' as const) : ('professional' as const),
          creditos: u.creditos,
          last_sign_in_at: iso(u.last_sign_in_at),
        })),
        ledger,
        requests: accountRequests.map(toOperatorRequest),
      };
    },

    /** A grant without a request: one ledger entry with the operator and its note, and the event. */
    async grant(g: { operatorId: number; accountId: number; credits: number; note: string }) {
      const account = await deps.db.transaction().execute(async (trx) => {
        await accountIn(trx, g.accountId);
        await credits.grantInTransaction(trx, {
          userId: g.accountId,
          amount: g.credits,
          note: g.note,
          actorId: g.operatorId,
        });
        await event(trx, { ...g, action: 'grant' });
        return accountIn(trx, g.accountId);
      });
      return { account: toAccount(account) };
    },

    /** Suspends (its users' sessions end, none can sign in, its data stays) or reactivates an account. */
    async setSuspended(s: { operatorId: number; accountId: number; suspended: boolean }) {
      const account = await deps.db.transaction().execute(async (trx) => {
        const now = deps.clock.now();
        const changed = await createUserRecordsService(trx).setSuspended(s.accountId, s.suspended ? now : null, now);
        if (changed === 0) throw notFound();
        if (s.suspended) await revokeAccountSessionsInTransaction(trx, s.accountId, now);
        await event(trx, { ...s, action: s.suspended ? 'suspend' : 'reactivate' });
        return accountIn(trx, s.accountId);
      });
      return { account: toAccount(account) };
    },

    requests: (p: Page & { state?: 'requested' | 'granted' | 'declined' | undefined }) =>
      requests.page({ limit: p.limit, offset: p.offset, ...(p.state ? { state: p.state } : {}) }),

    /** Grants or declines a waiting request once; the requester is e-mailed after the commit. */
    async decide(d: {
      operatorId: number;
      requestId: number;
      state: 'granted' | 'declined';
      note?: string | undefined;
    }) {
      const note = d.note || null;
      const row = await deps.db.transaction().execute(async (trx) => {
        const decided = await requests.decideInTransaction(trx, { ...d, note });
        await event(trx, {
          operatorId: d.operatorId,
          action: d.state === 'granted' ? 'grant_request' : 'decline_request',
          accountId: decided.account_id,
          requestId: decided.id,
          credits: decided.credits,
          note,
        });
        return decided;
      });
      await requests.tellRequester(row);
      return { request: toOperatorRequest(row) };
    },

    async audit(p: Page & { accountId?: number | undefined }) {
      const { rows, total } = await repo.eventsPage(p);
      return {
        events: rows.map((r) => ({
          seq: r.seq,
          occurred_at: r.occurred_at.toISOString(),
          operator_email: r.operator_email ?? '',
          action: r.action as OperatorEvent['action'],
          account_id: r.account_id,
          request_id: r.request_id,
          credits: r.credits,
          note: r.note,
        })),
        total,
      };
    },
  };
}

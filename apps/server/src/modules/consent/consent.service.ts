import { createHash } from 'node:crypto';
import { CONSENT_TEXTS, ErrorCode, type Consent, type Language } from '@medida/contracts';
import type { Database, Transaction } from '@medida/db';
import type { RecordChange } from '../../lib/audit-route.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AppDeps } from '../../types.ts';
import { atCommit, type TailWriter } from '../../lib/commit-tail.ts';
import { createConsentRepository } from './consent.repository.ts';
import { createUserRecordsService } from '../people/user-records.service.ts';

export interface ConsentFields {
  consent_method: 'written' | 'verbal' | 'electronic';
  consent_version: string;
  consent_lang: Language;
}

const consentWithdrawn = () => new AppError(409, ErrorCode.conflict, 'errors.consentWithdrawn');
const consentAlreadyGiven = () => new AppError(409, ErrorCode.conflict, 'errors.consentAlreadyGiven');
const noConsentToWithdraw = () => new AppError(409, ErrorCode.conflict, 'errors.noConsentToWithdraw');

/** A client whose deciding consent record is withdrawn takes no changes (409). */
function refuseWithdrawn(withdrawn: boolean) {
  if (withdrawn) throw consentWithdrawn();
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

type ConsentRow = Parameters<ReturnType<typeof createConsentRepository>['insert']>[0][number];
/** A transaction's consent records in one statement, at its commit when it has a commit tail (decision 240). */
const writeConsents: TailWriter<ConsentRow> = (trx, rows) => createConsentRepository(trx).insert(rows);

/** Writes the change's audit event in its transaction (decision 142); routes pass it, seeds do not. */
type RecordIn = RecordChange<Transaction<Database>>;

/** The client's consent to store health data (security.md F4, decision 141). */
export function createConsentService(deps: Pick<AppDeps, 'db' | 'clock'>) {
  const repo = createConsentRepository(deps.db);
  const users = createUserRecordsService(deps.db);

  async function current(clientId: number): Promise<Consent | null> {
    const row = await repo.latest(clientId);
    if (!row) return null;
    return {
      purpose: 'health_data',
      text_version: row.text_version,
      text_sha256: row.text_sha256,
      lang: row.lang as Language,
      method: row.method as Consent['method'],
      given_at: row.given_at.toISOString(),
      withdrawn_at: row.withdrawn_at?.toISOString() ?? null,
    };
  }

  return {
    current,

    /** Client id → the method of its live consent, for many clients in one query (the client list spreadsheet). */
    async liveMethodsOf(clientIds: readonly number[]): Promise<Map<number, Consent['method']>> {
      const rows = await repo.liveMethods(clientIds);
      return new Map(rows.map((r) => [r.client_id, r.method as Consent['method']]));
    },

    /** Inside the transaction that creates the client: no client without its consent. */
    recordInTransaction: (
      trx: Transaction<Database>,
      a: { clientId: number; recordedBy: number; fields: ConsentFields; now: Date },
    ) =>
      atCommit(trx, writeConsents, {
        clientId: a.clientId,
        textVersion: a.fields.consent_version,
        textSha256: sha256(CONSENT_TEXTS[a.fields.consent_lang]),
        lang: a.fields.consent_lang,
        method: a.fields.consent_method,
        givenAt: a.now,
        recordedBy: a.recordedBy,
      }),

    async get(actorId: number, clientId: number) {
      await users.findVisibleClient(actorId, clientId);
      return current(clientId);
    },

    /** A professional (protectedRoute checks the type) records a consent for a client that has none live (created before, or given again). */
    async record(actorId: number, clientId: number, fields: ConsentFields, recordIn?: RecordIn) {
      await users.findVisibleClient(actorId, clientId);
      const latest = await current(clientId);
      if (latest && !latest.withdrawn_at) throw consentAlreadyGiven();
      await deps.db.transaction().execute(async (trx) => {
        await this.recordInTransaction(trx, { clientId, recordedBy: actorId, fields, now: deps.clock.now() });
        await recordIn?.(trx, clientId);
      });
      return current(clientId);
    },

    /** The client itself, or its professional on the client's word; the record becomes read-only. */
    async withdraw(actorId: number, clientId: number, recordIn?: RecordIn) {
      await users.findVisibleClient(actorId, clientId);
      await deps.db.transaction().execute(async (trx) => {
        if ((await createConsentRepository(trx).withdrawLive(clientId, actorId, deps.clock.now())) === 0)
          throw noConsentToWithdraw();
        await recordIn?.(trx, clientId);
      });
      return current(clientId);
    },

    /** Every consent record of a client the actor may see, oldest first (the data export). */
    async history(actorId: number, clientId: number) {
      await users.findVisibleClient(actorId, clientId);
      return (await repo.allForClient(clientId)).map((row) => ({
        purpose: 'health_data' as const,
        text_version: row.text_version,
        text_sha256: row.text_sha256,
        lang: row.lang as Language,
        method: row.method as Consent['method'],
        given_at: row.given_at.toISOString(),
        withdrawn_at: row.withdrawn_at?.toISOString() ?? null,
        recorded_by: row.recorded_by,
        withdrawn_by: row.withdrawn_by,
      }));
    },

    /** Changes to a client whose consent was withdrawn are refused (409); clients without any record are not. */
    async requireWritable(clientId: number) {
      refuseWithdrawn(Boolean((await repo.latest(clientId))?.withdrawn_at));
    },

    /** The same refusal on what the caller read in its own statement (an evaluation's create, decision 246). */
    refuseWithdrawn,
  };
}

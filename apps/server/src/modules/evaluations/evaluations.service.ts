import {
  DEFAULT_COMPANY_ID,
  EVALUATION_LISTING_MAX,
  ErrorCode,
  cleanRut,
  USER_TYPE,
  type CreateEvaluationRequest,
  type EditEvaluationRequest,
  type EvaluationDetail,
  type EvaluationListingItem,
  type ListEvaluationsResponse,
} from '@medida/contracts';
import { type Database, type Kysely, type Transaction } from '@medida/db';
import { AppError, fieldError, forbidden, notFound } from '../../lib/app-error.ts';
import { batchedMany } from '../../lib/batched.ts';
import { atCommit, type TailWriter } from '../../lib/commit-tail.ts';
import { groupedTransaction } from '../../lib/grouped-transactions.ts';
import { requireProfessional } from '../../lib/access.ts';
import type { RecordChange } from '../../lib/audit-route.ts';
import type { Actor, AppDeps } from '../../types.ts';
import { createConsentService } from '../consent/consent.service.ts';
import { createCreditsService } from '../credits/credits.service.ts';
import { createUserRecordsService } from '../people/user-records.service.ts';
import { runEngine } from './evaluation-input.ts';
import { createListLadders, ladderStep } from './list-ladder.ts';
import {
  toEvaluationColumns,
  toEvaluationDetail,
  toEvaluationExportRow,
  toEvaluationListItem,
  type EvaluationExportRow,
  toListingItem,
  toSavedEvaluation,
} from './evaluations.mapper.ts';
import {
  createEvaluationsRepository,
  LIST_COUNT_CAP,
  type EvaluationScope,
  type ListCursor,
  type ListFilters,
  type NewEvaluation,
  type NewEvaluationVersion,
} from './evaluations.repository.ts';

/** A transaction's new evaluations in one statement, at its commit when it has a commit tail (decision 240). */
const writeEvaluations: TailWriter<NewEvaluation> = (trx, rows) =>
  createEvaluationsRepository(trx).insertEvaluations(rows);
/** A transaction's new versions in one statement, at its commit when it has a commit tail (decision 240). */
const writeVersions: TailWriter<NewEvaluationVersion> = (trx, versions) =>
  createEvaluationsRepository(trx).insertVersions(versions);

/** Version `version` of an evaluation as the engine computed it, saved by `createdBy`. */
function versionRow(
  evaluationId: number,
  version: number,
  computed: { input: { evaluation_type: number }; result: { engine_version: string } },
  createdBy: number,
  now: Date,
): NewEvaluationVersion {
  const { input, result } = computed;
  return {
    evaluation_id: evaluationId,
    version,
    evaluation_type: input.evaluation_type,
    inputs: input,
    results: result,
    engine_version: result.engine_version,
    created_by: createdBy,
    now,
  };
}

const HISTORY_LIMIT = 100;

/** The list's filters on the client (prefixes, company, one client), for the list and its spreadsheet. */
export type EvaluationListFilters = ListFilters;

/** `<created_at in epoch microseconds>.<id>` of a page's last row (contract: listEvaluationsQuerySchema.cursor). */
const encodeCursor = (row: { created_micros: number; id: number }) => `${row.created_micros}.${row.id}`;
function decodeCursor(cursor: string): ListCursor {
  const [micros, id] = cursor.split('.');
  return { createdMicros: Number(micros), id: Number(id) };
}
/**
 * Writes the change's audit event in the change's transaction (decision 142). Routes always pass it;
 * only benches and seeds, which have no request to record, call the service without it.
 */
type RecordIn = RecordChange<Transaction<Database>>;
const noRecord: RecordIn = async () => undefined;

const validation = (fields: Record<string, string[]>) =>
  new AppError(422, ErrorCode.validation, 'errors.validation', { fields });

/**
 * Evaluations (spec §7): the server recomputes every result with the engine and stores it with the
 * engine version; edits add versions (security.md F9). A professional reaches the evaluations of the
 * clients in its account tree; a client only its own, read-only (decision 070).
 */
export function createEvaluationsService(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>) {
  const db: Kysely<Database> = deps.db;
  const repo = createEvaluationsRepository(db);
  const users = createUserRecordsService(db);
  const consent = createConsentService(deps);
  const credits = createCreditsService(deps);
  const today = () => deps.clock.now().toISOString().slice(0, 10);
  const ladders = createListLadders();
  /** Concurrent creates' reads in one statement (decision 251). */
  const clientForNewEvaluation = batchedMany(repo.clientsForNewEvaluations);

  /**
   * Reads: a professional sees its tree, a client itself. A professional without a parent is its account's top
   * (`account_root_id` is itself): its tree is the whole account, read from the account's index without a walk.
   */
  const readScope = (actor: Actor): EvaluationScope => {
    if (actor.userType !== USER_TYPE.professional) return { kind: 'self', clientId: actor.userId };
    return actor.parentId === null ? { kind: 'account', rootId: actor.userId } : { kind: 'tree', rootId: actor.userId };
  };

  /** The list's scope: the actor's, or narrowed to a professional of its own network (anybody else: not found). */
  async function listScope(actor: Actor, scopeUserId: number | undefined): Promise<EvaluationScope> {
    if (scopeUserId === undefined || scopeUserId === actor.userId) return readScope(actor);
    if (actor.userType !== USER_TYPE.professional || !(await users.findProfessionalBelow(actor.userId, scopeUserId)))
      throw notFound();
    return { kind: 'tree', rootId: scopeUserId };
  }

  /** Writes (create, edit, delete, send) are for professionals only. The actor comes from the session (no look-up). */
  function professional(actor: Actor): Actor {
    requireProfessional(actor.userType);
    return actor;
  }

  /** id_evaluador names who evaluates: only the session user (a mismatch is a forged claim). */
  function checkEvaluator(body: { id_evaluador: number }, actorId: number) {
    if (body.id_evaluador !== actorId) throw forbidden();
  }

  function engine(body: CreateEvaluationRequest | EditEvaluationRequest, client: Parameters<typeof runEngine>[1]) {
    const outcome = runEngine(body, client, today());
    if (!outcome.ok) throw validation(outcome.errors);
    return outcome;
  }

  /**
   * Everything create checks before it writes: the actor, the client in its tree and writable, the engine's input.
   * The client, its consent and (with `reserveId`) the new evaluation's id come in one statement (decision 246); a
   * client outside the actor's tree is 404 whatever its consent says.
   */
  async function checkNew(actor: Actor, body: CreateEvaluationRequest, reserveId: boolean) {
    professional(actor);
    checkEvaluator(body, actor.userId);
    const found = await clientForNewEvaluation({ actorId: actor.userId, clientId: body.id_evaluado, reserveId });
    if (!found) throw notFound();
    consent.refuseWithdrawn(found.consent_withdrawn === true);
    const { consent_withdrawn: _consent, reserved_id: id, ...client } = found;
    return { client, id, ...engine(body, client) };
  }

  return {
    /** A dry run of create (the import's preview): throws what create would, stores nothing. */
    async checkCreate(a: { actor: Actor; body: CreateEvaluationRequest }) {
      await checkNew(a.actor, a.body, false);
    },

    /**
     * Which of these (client, day, method) the actor's readable evaluations already have, read in one statement
     * (an import's batch): the keys `client|day|method` found.
     */
    async existingOn(a: { actor: Actor; keys: { clientId: number; day: string; evaluationType: number }[] }) {
      if (a.keys.length === 0) return new Set<string>();
      const rows = await repo.existingAmong(readScope(a.actor), {
        clientIds: [...new Set(a.keys.map((k) => k.clientId))],
        days: [...new Set(a.keys.map((k) => k.day))],
        evaluationTypes: [...new Set(a.keys.map((k) => k.evaluationType))],
      });
      return new Set(rows.map((r) => `${r.client_id}|${r.day}|${r.evaluation_type}`));
    },

    /** `cost`: what this evaluation charges instead of EVALUATION_CREDIT_COST (an imported one, decision 228). */
    async create(a: { actor: Actor; body: CreateEvaluationRequest; recordIn?: RecordIn; cost?: number }) {
      // Its id with the checks (one statement), so its rows need no answer inside the transaction and go in its
      // commit tail (decision 240). One refused by the engine or the balance leaves a gap in the ids, as a failed
      // insert does.
      const { client, id, input, result } = await checkNew(a.actor, a.body, true);
      if (id === null) throw new Error('clientsForNewEvaluations reserved no id');

      const cost = a.cost ?? deps.config.evaluationCreditCost;
      // Shared with the actor's other writes of the moment (decision 233), or a savepoint of the caller's
      // transaction (an import's batch of rows).
      return groupedTransaction(db, a.actor.userId, async (trx) => {
        const now = deps.clock.now();
        // Deferred in this order (the version and the ledger entry refer to the evaluation); without a commit tail
        // (an import's savepoint) each is written at once, in the same order.
        await atCommit(trx, writeEvaluations, {
          ...toEvaluationColumns(input, result),
          id,
          client_id: client.id,
          evaluator_id: a.actor.userId,
          now,
        });
        await atCommit(trx, writeVersions, versionRow(id, 1, { input, result }, a.actor.userId, now));
        // The charge and the evaluation commit together; too few credits rolls both back. The debit is the write's
        // one statement of its own: it answers the balance, and it locks the payer's row until the commit.
        const balance =
          cost > 0
            ? await credits.chargeInTransaction(trx, {
                actorId: a.actor.userId,
                userId: a.actor.userId,
                amount: cost,
                evaluationId: id,
              })
            : await createUserRecordsService(trx).balanceOf(a.actor.userId);
        await (a.recordIn ?? noRecord)(trx, id);
        const row = { id, created_at: now };
        return { evaluacion: toSavedEvaluation(row, 1, input, result), creditos: balance };
      });
    },

    /** Saves version n+1; edits are free (decision 070). The client of an evaluation never changes. */
    async edit(a: { actor: Actor; body: EditEvaluationRequest; recordIn?: RecordIn }) {
      const actor = professional(a.actor);
      checkEvaluator(a.body, a.actor.userId);
      const scope = readScope(actor);
      const current = await repo.findInScope(scope, a.body.evaluationID);
      if (!current) throw notFound();
      if (a.body.id_evaluado !== undefined && a.body.id_evaluado !== current.client_id)
        throw fieldError('id_evaluado', 'evaluation.errors.invalid');
      const client = await users.findClientBelow(a.actor.userId, current.client_id);
      if (!client) throw notFound();
      await consent.requireWritable(client.id);
      const { input, result } = engine(a.body, client);

      return db.transaction().execute(async (trx) => {
        const tx = createEvaluationsRepository(trx);
        const locked = await tx.lockInScope(scope, a.body.evaluationID);
        if (!locked) throw notFound();
        const now = deps.clock.now();
        const version = locked.current_version + 1;
        await tx.insertVersions([versionRow(locked.id, version, { input, result }, a.actor.userId, now)]);
        await tx.bumpVersion(locked.id, { ...toEvaluationColumns(input, result), version, now });
        await (a.recordIn ?? noRecord)(trx, locked.id);
        return { evaluacion: toSavedEvaluation(locked, version, input, result), creditos: actor.credits };
      });
    },

    /** Soft delete (decision 070): gone from lists and reads, versions kept; no refund. */
    async remove(a: { actor: Actor; evaluationId: number; recordIn?: RecordIn }) {
      const actor = professional(a.actor);
      await db.transaction().execute(async (trx) => {
        const tx = createEvaluationsRepository(trx);
        if (!(await tx.softDelete(readScope(actor), a.evaluationId, a.actor.userId, deps.clock.now())))
          throw notFound();
        await (a.recordIn ?? noRecord)(trx, a.evaluationId);
      });
    },

    /** GET /web/getevaluacion: one version (the latest by default) with everything the detail page shows. */
    async get(a: { actor: Actor; evaluationId: number; version?: number | undefined }): Promise<EvaluationDetail> {
      const detail = await repo.findDetail(readScope(a.actor), a.evaluationId, a.version, HISTORY_LIMIT);
      if (!detail) throw notFound();
      return toEvaluationDetail(detail, { id: a.actor.userId, type: a.actor.userType });
    },

    async list(a: {
      actor: Actor;
      page: number;
      limit: number;
      filters: ListFilters;
      scopeUserId?: number | undefined;
      cursor?: string | undefined;
      /** The actor's account and its data version at the session check: a page by number may use the ladder then. */
      dataVersion?: { accountId: number; version: number } | undefined;
    }): Promise<ListEvaluationsResponse> {
      const actor = a.actor;
      const scope = await listScope(actor, a.scopeUserId);
      const filters = { ...a.filters, rut: a.filters.rut ? cleanRut(a.filters.rut) : undefined };
      const offset = (a.page - 1) * a.limit;
      const cursor = a.cursor === undefined ? undefined : decodeCursor(a.cursor);
      // A page by number starts from the ladder's nearest rung, and its capped count is known when the ladder
      // reaches the cap past the page's start or the list's end (decision 238).
      const step = ladderStep(a.limit);
      const ladder =
        cursor || offset === 0 || !a.dataVersion
          ? undefined
          : await ladders.view(
              JSON.stringify([a.dataVersion.accountId, a.dataVersion.version, scope, filters, a.limit]),
              offset - 1,
              offset + LIST_COUNT_CAP,
              step,
              (after, take) => repo.listLadder({ scope, filters, after, take, step }),
            );
      const rung = ladder?.start;
      // The rung is the page's anchor itself: the page is the rows after it, as after a cursor.
      const fromRung =
        rung && rung.position < offset - 1 ? { row: rung.row, skip: offset - 2 - rung.position } : undefined;
      // Known when the list's length is, or when more rows than the cap follow the page's start; past the end the
      // count is left to the statement (it says where the end is).
      const ahead = ladder ? ladder.rowsAtLeast - offset : 0;
      const knownCount =
        ahead > 0 && (ladder?.total !== undefined || ahead > LIST_COUNT_CAP)
          ? Math.min(ahead, LIST_COUNT_CAP + 1)
          : undefined;
      // The page and the client check are independent: run together (the page is scoped either way).
      const [page, clientInScope] = await Promise.all([
        repo.list({
          scope,
          filters,
          limit: a.limit,
          offset,
          cursor: cursor ?? (rung && !fromRung ? rung.row : undefined),
          from: fromRung,
          knownCount,
          defaultCompanyId: DEFAULT_COMPANY_ID,
        }),
        a.filters.clientId === undefined ? true : repo.findClientInScope(scope, a.filters.clientId),
      ]);
      // Like id_usuario: a client outside the (narrowed) scope is not found rather than an empty page.
      if (!clientInScope) throw notFound();
      const { rows, total, capped, showCompany } = page;
      const last = rows.length === a.limit ? rows[rows.length - 1] : undefined;
      return {
        datos: rows.map((r) => toEvaluationListItem(r, actor.userId)),
        datos_total: total,
        datos_total_capped: capped,
        next_cursor: last && (capped || total > a.page * a.limit) ? encodeCursor(last) : null,
        show_company: showCompany,
      };
    },

    /**
     * The list's rows for its spreadsheet (decision 227): the same scope, filters and order as `list`, every row,
     * read a page at a time with each evaluation's current inputs and results. The scope and the client are checked
     * before the first page (not found, like the list); the pages are read while the file is written.
     */
    async exportPages(a: {
      actor: Actor;
      filters: ListFilters;
      scopeUserId?: number | undefined;
      pageSize: number;
    }): Promise<AsyncIterable<EvaluationExportRow[]>> {
      const scope = await listScope(a.actor, a.scopeUserId);
      if (a.filters.clientId !== undefined && !(await repo.findClientInScope(scope, a.filters.clientId)))
        throw notFound();
      const filters = { ...a.filters, rut: a.filters.rut ? cleanRut(a.filters.rut) : undefined };
      return (async function* pages() {
        let after: ListCursor | undefined;
        for (;;) {
          const rows = await repo.exportPage({ scope, filters, after, limit: a.pageSize });
          if (rows.length > 0) yield rows.map(toEvaluationExportRow);
          const last = rows.at(-1);
          if (!last || rows.length < a.pageSize) return;
          after = { createdMicros: Number(last.created_micros), id: last.id };
        }
      })();
    },

    /** A client's live evaluations (latest version of each) as the portal's timeline cards, newest first. */
    timelineOf: (clientId: number, limit: number) => repo.timelineOf(clientId, limit),

    idsOfClient: (a: { actor: Actor; clientId: number }) => repo.idsOfClient(readScope(a.actor), a.clientId),

    /** Who sent which version of an evaluation to whom (security.md F9 audit of disclosures). */
    recordEmail: (m: { evaluationId: number; version: number; sentBy: number; recipient: string; lang: string }) =>
      repo.insertEmail({
        evaluation_id: m.evaluationId,
        version: m.version,
        sent_by: m.sentBy,
        recipient: m.recipient,
        lang: m.lang,
        now: deps.clock.now(),
      }),

    /** GET /web/evaluationListing: the wizard's client search under parent_user_id (the actor or its network). */
    async listing(a: {
      actor: Actor;
      parentId: number;
      search?: string | undefined;
    }): Promise<{ lista: EvaluationListingItem[] }> {
      professional(a.actor);
      if (a.parentId !== a.actor.userId && !(await users.findProfessionalBelow(a.actor.userId, a.parentId)))
        throw notFound();
      const terms = (a.search ?? '').split(/\s+/).filter(Boolean).slice(0, 5);
      const rows = await users.searchClients(a.parentId, terms, EVALUATION_LISTING_MAX);
      const now = today();
      return {
        lista: rows.map((r) => toListingItem(r, now)),
      };
    },
  };
}

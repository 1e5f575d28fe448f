import {
  DEFAULT_COMPANY_ID,
  EVALUATION_LISTING_MAX,
  ErrorCode,
  cleanRut,
  evaluationReportPath,
  idSchema,
  USER_TYPE,
  type EvaluationListingItem,
  type ListEvaluationsResponse,
  type UserType,
} from '@medida/contracts';
import { ageInYears, type EvaluationInput, type EvaluationResult } from '@medida/domain';
import type { Database, Kysely } from '@medida/db';
import { AppError, fieldError, forbidden, notFound } from '../../lib/app-error.ts';
import { requireProfessional } from '../../lib/access.ts';
import type { AppDeps } from '../../types.ts';
import { createConsentService } from '../consent/consent.service.ts';
import { createCreditsService } from '../credits/credits.service.ts';
import { runEngine } from './evaluation-input.ts';
import {
  createEvaluationsRepository,
  type EvaluationFigures,
  type EvaluationScope,
  type ListCursor,
  type ListFilters,
} from './evaluations.repository.ts';

const HISTORY_LIMIT = 100;

/** `<created_at in epoch microseconds>.<id>` of a page's last row (contract: listEvaluationsQuerySchema.cursor). */
const encodeCursor = (row: { created_micros: number; id: number }) => `${row.created_micros}.${row.id}`;
function decodeCursor(cursor: string): ListCursor {
  const [micros, id] = cursor.split('.');
  return { createdMicros: Number(micros), id: Number(id) };
}
const iso = (d: Date) => d.toISOString();
const validation = (fields: Record<string, string[]>) =>
  new AppError(422, ErrorCode.validation, 'errors.validation', { fields });

/** What the dashboard and analytics aggregate, from the engine's result (never recomputed in SQL). */
const keyFigures = (input: EvaluationInput, result: EvaluationResult): EvaluationFigures => ({
  bmi: result.bmi.value,
  bmi_category: result.bmi.category,
  body_fat_percent: result.body_fat.percent,
  fat_category: result.body_fat.category?.value ?? null,
  waist_cm: input.pcintura ?? null,
});

type Actor = { id: number; type: UserType; nombre: string; apellido: string; email: string; creditos: number };

/**
 * Evaluations (spec §7): the server recomputes every result with the engine and stores it with the
 * engine version; edits add versions (security.md F9). A professional reaches the evaluations of the
 * clients in its account tree; a client only its own, read-only (decision 070).
 */
export function createEvaluationsService(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>) {
  const db: Kysely<Database> = deps.db;
  const repo = createEvaluationsRepository(db);
  const consent = createConsentService(deps);
  const credits = createCreditsService(deps);
  const today = () => deps.clock.now().toISOString().slice(0, 10);

  async function actorOf(actorId: number): Promise<Actor> {
    const actor = await repo.findActor(actorId);
    if (!actor) throw notFound();
    return actor;
  }

  /** Reads: a professional sees its tree, a client itself. */
  const readScope = (actor: Actor): EvaluationScope =>
    actor.type === USER_TYPE.professional ? { kind: 'tree', rootId: actor.id } : { kind: 'self', clientId: actor.id };

  /** Writes (create, edit, delete, send) are for professionals only. */
  async function professional(actorId: number): Promise<Actor> {
    const actor = await actorOf(actorId);
    requireProfessional(actor.type);
    return actor;
  }

  /** id_evaluador names who evaluates: only the session user (a mismatch is a forged claim). */
  function checkEvaluator(body: Record<string, unknown>, actorId: number) {
    const claimed = idSchema.safeParse(body.id_evaluador);
    if (body.id_evaluador === undefined || body.id_evaluador === null || body.id_evaluador === '')
      throw fieldError('id_evaluador', 'evaluation.errors.required');
    if (!claimed.success) throw fieldError('id_evaluador', 'evaluation.errors.type');
    if (claimed.data !== actorId) throw forbidden();
  }

  function engine(body: Record<string, unknown>, client: Parameters<typeof runEngine>[1]) {
    const outcome = runEngine(body, client, today());
    if (!outcome.ok) throw validation(outcome.errors);
    return outcome;
  }

  return {
    async create(a: { actorId: number; body: Record<string, unknown> }) {
      await professional(a.actorId);
      checkEvaluator(a.body, a.actorId);
      if (a.body.id_evaluado === undefined || a.body.id_evaluado === null || a.body.id_evaluado === '')
        throw fieldError('id_evaluado', 'evaluation.errors.required');
      const clientId = idSchema.safeParse(a.body.id_evaluado);
      if (!clientId.success) throw fieldError('id_evaluado', 'evaluation.errors.type');
      const client = await repo.findClientBelow(a.actorId, clientId.data);
      if (!client) throw notFound();
      await consent.requireWritable(client.id);
      const { input, result } = engine(a.body, client);

      const cost = deps.config.evaluationCreditCost;
      return db.transaction().execute(async (trx) => {
        const now = deps.clock.now();
        const tx = createEvaluationsRepository(trx);
        if (cost > 0) await credits.lockPayerInTransaction(trx, a.actorId);
        const row = await tx.insertEvaluation({
          client_id: client.id,
          evaluator_id: a.actorId,
          evaluation_type: input.evaluation_type,
          evaluated_on: input.fecha,
          figures: keyFigures(input, result),
          now,
        });
        await tx.insertVersion({
          evaluation_id: row.id,
          version: 1,
          evaluation_type: input.evaluation_type,
          inputs: input,
          results: result,
          engine_version: result.engine_version,
          created_by: a.actorId,
          now,
        });
        // The charge and the evaluation commit together; too few credits rolls both back.
        if (cost > 0)
          await credits.chargeInTransaction(trx, {
            actorId: a.actorId,
            userId: a.actorId,
            amount: cost,
            evaluationId: row.id,
          });
        const balance = (await tx.findActor(a.actorId))!.creditos;
        return {
          evaluacion: {
            id: row.id,
            version: 1,
            evaluation_type: input.evaluation_type,
            fecha: input.fecha,
            engine_version: result.engine_version,
            created_at: iso(row.created_at),
          },
          creditos: balance,
        };
      });
    },

    /** Saves version n+1; edits are free (decision 070). The client of an evaluation never changes. */
    async edit(a: { actorId: number; body: Record<string, unknown> }) {
      const actor = await professional(a.actorId);
      const id = idSchema.safeParse(a.body.evaluationID);
      if (!id.success) throw fieldError('evaluationID', 'evaluation.errors.required');
      checkEvaluator(a.body, a.actorId);
      const scope = readScope(actor);
      const current = await repo.findInScope(scope, id.data);
      if (!current) throw notFound();
      if (a.body.id_evaluado !== undefined && Number(a.body.id_evaluado) !== current.client_id)
        throw fieldError('id_evaluado', 'evaluation.errors.invalid');
      const client = await repo.findClientBelow(a.actorId, current.client_id);
      if (!client) throw notFound();
      await consent.requireWritable(client.id);
      const { input, result } = engine(a.body, client);

      return db.transaction().execute(async (trx) => {
        const tx = createEvaluationsRepository(trx);
        const locked = await tx.lockInScope(scope, id.data);
        if (!locked) throw notFound();
        const now = deps.clock.now();
        const version = locked.current_version + 1;
        await tx.insertVersion({
          evaluation_id: locked.id,
          version,
          evaluation_type: input.evaluation_type,
          inputs: input,
          results: result,
          engine_version: result.engine_version,
          created_by: a.actorId,
          now,
        });
        await tx.bumpVersion(locked.id, {
          version,
          evaluation_type: input.evaluation_type,
          evaluated_on: input.fecha,
          figures: keyFigures(input, result),
          now,
        });
        return {
          evaluacion: {
            id: locked.id,
            version,
            evaluation_type: input.evaluation_type,
            fecha: input.fecha,
            engine_version: result.engine_version,
            created_at: iso(locked.created_at),
          },
          creditos: actor.creditos,
        };
      });
    },

    /** Soft delete (decision 070): gone from lists and reads, versions kept; no refund. */
    async remove(a: { actorId: number; evaluationId: number }) {
      const actor = await professional(a.actorId);
      if (!(await repo.softDelete(readScope(actor), a.evaluationId, a.actorId, deps.clock.now()))) throw notFound();
    },

    /** GET /web/getevaluacion: one version (the latest by default) with everything the detail page shows. */
    async get(a: { actorId: number; evaluationId: number; version?: number | undefined }) {
      const actor = await actorOf(a.actorId);
      const e = await repo.findInScope(readScope(actor), a.evaluationId);
      if (!e) throw notFound();
      const version = a.version ?? e.current_version;
      const v = await repo.findVersion(e.id, version);
      if (!v) throw notFound();
      const [versions, history, emails] = await Promise.all([
        repo.listVersions(e.id),
        repo.history(e.client_id, HISTORY_LIMIT),
        repo.listEmails(e.id),
      ]);
      const inputs = v.inputs as unknown as EvaluationInput;
      return {
        id: e.id,
        evaluation_type: v.evaluation_type,
        created_at: iso(e.created_at),
        version,
        current_version: e.current_version,
        versions: versions.map((x) => ({
          version: x.version,
          created_at: iso(x.created_at),
          engine_version: x.engine_version,
          created_by: { id: x.by_id, nombre: x.by_nombre, apellido: x.by_apellido },
        })),
        fecha: inputs.fecha,
        engine_version: v.engine_version,
        inputs: v.inputs,
        results: v.results,
        client: {
          id: e.client_id,
          nombre: e.client_nombre,
          apellido: e.client_apellido,
          email: e.client_email,
          rut: e.client_rut,
          sexo: e.client_sexo,
          nacimiento: e.client_nacimiento,
          lang: e.client_lang,
          company: e.company_id !== null && e.company_name !== null ? { id: e.company_id, name: e.company_name } : null,
        },
        evaluator: {
          id: e.evaluator_id,
          nombre: e.evaluator_nombre,
          apellido: e.evaluator_apellido,
          especialidad: e.evaluator_especialidad,
          email: e.evaluator_email,
        },
        created_by_me: e.evaluator_id === actor.id,
        can_edit: actor.type === USER_TYPE.professional && version === e.current_version,
        history: history.reverse().map((h) => ({
          id: h.id,
          fecha: h.evaluated_on,
          evaluation_type: h.evaluation_type,
          peso: h.peso,
          bmi: h.bmi,
          body_fat_percent: h.body_fat_percent,
          lean_mass_kg: h.lean_mass_kg,
          muscle_mass_kg: h.muscle_mass_kg,
          waist_cm: h.waist_cm,
          vo2max: h.vo2max,
        })),
        emails: emails.map((m) => ({
          sent_at: iso(m.created_at),
          to: m.recipient,
          version: m.version,
          sent_by: { id: m.by_id, nombre: m.by_nombre, apellido: m.by_apellido },
        })),
        report_path: evaluationReportPath(e.id),
      };
    },

    async list(a: {
      actorId: number;
      page: number;
      limit: number;
      filters: ListFilters;
      scopeUserId?: number | undefined;
      cursor?: string | undefined;
    }): Promise<ListEvaluationsResponse> {
      const actor = await actorOf(a.actorId);
      let scope = readScope(actor);
      if (a.scopeUserId !== undefined && a.scopeUserId !== actor.id) {
        // Narrowing to a professional of one's own network; anybody else is not found.
        if (actor.type !== USER_TYPE.professional || !(await repo.findProfessionalBelow(actor.id, a.scopeUserId)))
          throw notFound();
        scope = { kind: 'tree', rootId: a.scopeUserId };
      }
      // Like id_usuario: a client outside the (narrowed) scope is not found rather than an empty page.
      if (a.filters.clientId !== undefined && !(await repo.findClientInScope(scope, a.filters.clientId)))
        throw notFound();
      const filters = { ...a.filters, rut: a.filters.rut ? cleanRut(a.filters.rut) : undefined };
      const { rows, total, capped, showCompany } = await repo.list({
        scope,
        filters,
        limit: a.limit,
        offset: (a.page - 1) * a.limit,
        cursor: a.cursor === undefined ? undefined : decodeCursor(a.cursor),
        defaultCompanyId: DEFAULT_COMPANY_ID,
      });
      const last = rows.length === a.limit ? rows[rows.length - 1] : undefined;
      return {
        datos: rows.map((r) => ({
          id: r.id,
          created_at: iso(r.created_at),
          fecha: r.evaluated_on,
          evaluation_type: r.evaluation_type,
          client: {
            id: r.client_id,
            nombre: r.client_nombre,
            apellido: r.client_apellido,
            email: r.client_email,
            rut: r.client_rut,
            company:
              r.company_id !== null && r.company_name !== null ? { id: r.company_id, name: r.company_name } : null,
          },
          evaluator: { id: r.evaluator_id, nombre: r.evaluator_nombre, apellido: r.evaluator_apellido },
          created_by_me: r.evaluator_id === actor.id,
        })),
        datos_total: total,
        datos_total_capped: capped,
        next_cursor: last && (capped || total > a.page * a.limit) ? encodeCursor(last) : null,
        show_company: showCompany,
      };
    },

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
      actorId: number;
      parentId: number;
      search?: string | undefined;
    }): Promise<{ lista: EvaluationListingItem[] }> {
      await professional(a.actorId);
      if (a.parentId !== a.actorId && !(await repo.findProfessionalBelow(a.actorId, a.parentId))) throw notFound();
      const terms = (a.search ?? '').split(/\s+/).filter(Boolean).slice(0, 5);
      const rows = await repo.searchClients(a.parentId, terms, EVALUATION_LISTING_MAX);
      const now = today();
      return {
        lista: rows.map((r) => ({
          id_usuario: r.id,
          nombre: r.nombre,
          apellido: r.apellido,
          email: r.email,
          rut: r.rut,
          nacimiento: r.nacimiento,
          sexo: r.sexo,
          age: r.nacimiento ? ageInYears(r.nacimiento, now) : null,
        })),
      };
    },
  };
}

export type EvaluationsService = ReturnType<typeof createEvaluationsService>;
export type EvaluationDetailData = Awaited<ReturnType<EvaluationsService['get']>>;
export type { EvaluationResult };

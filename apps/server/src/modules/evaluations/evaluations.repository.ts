import {
  accountRootOf,
  batchRows,
  parentInActorTree,
  compiledQueries,
  sql,
  type Database,
  type Expression,
  type InferResult,
  type Kysely,
  type RawBuilder,
  type Slots,
  type Transaction,
} from '@medida/db';
import { USER_TYPE } from '@medida/contracts';
import { storedResultJson } from '@medida/domain';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Who may see which evaluations: the top of an account all of its account (`account_root_id`, no walk of the tree),
 * a professional below the top its sub-tree (from `rootId` down), a client its own.
 */
export type EvaluationScope =
  { kind: 'account'; rootId: number } | { kind: 'tree'; rootId: number } | { kind: 'self'; clientId: number };

export interface ListFilters {
  nombre?: string | undefined;
  apellido?: string | undefined;
  email?: string | undefined;
  rut?: string | undefined;
  companyId?: number | undefined;
  /** One client's evaluations (index evaluations_client_id_idx: client_id, created_at desc, id desc). */
  clientId?: number | undefined;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const prefix = (s: string) => `${escapeLike(s.toLowerCase())}%`;

/** For queries that join the client as `c`. */
function clientInScope(scope: EvaluationScope) {
  if (scope.kind === 'self') return sql<boolean>`c.id = ${scope.clientId}`;
  if (scope.kind === 'account') return sql<boolean>`c.account_root_id = ${scope.rootId}`;
  return parentInActorTree(scope.rootId, 'c.parent_user_id');
}

/** For queries on `e` alone (single-row writes, the account's count). */
function inScope(scope: EvaluationScope) {
  if (scope.kind === 'self') return sql<boolean>`e.client_id = ${scope.clientId}`;
  if (scope.kind === 'account') return sql<boolean>`e.account_root_id = ${scope.rootId}`;
  return sql<boolean>`EXISTS (SELECT 1 FROM users c WHERE c.id = e.client_id AND ${parentInActorTree(scope.rootId, 'c.parent_user_id')})`;
}

/** The current version's key figures, kept on the evaluation row for the dashboard and analytics. */
export interface EvaluationFigures {
  bmi: number | null;
  bmi_category: string | null;
  body_fat_percent: number | null;
  fat_category: string | null;
  waist_cm: number | null;
  body_fat_series: string | null;
}

/**
 * The list counts at most this many rows past the page's start and then says "more" (decision 100):
 * an exact count walks every evaluation in scope, however deep the user ever pages.
 */
export const LIST_COUNT_CAP = 1000;

/** Where the previous page ended: its last row's created_at (epoch microseconds, exact) and id. */
export interface ListCursor {
  createdMicros: number;
  id: number;
}

/** Rows after (created_at, id) in the list's order (created_at desc, id desc); the first conjunct walks the index. */
const after = (at: Expression<unknown>, id: Expression<unknown>) =>
  sql<boolean>`(e.created_at <= ${at} AND (e.created_at < ${at} OR e.id < ${id}))`;

/** Rows after the cursor (the previous page's last row, sent back by the client). */
const afterCursor = (c: ListCursor) =>
  after(sql`(timestamptz 'epoch' + ${c.createdMicros}::int8 * interval '1 microsecond')`, sql`${c.id}`);

/**
 * Rows after the anchor: the last row before a page reached by number, found by the statement's `anchor` CTE
 * (decision 216). No anchor (fewer rows than the page's start) compares with NULL: no rows.
 */
const afterAnchor = () => after(sql`(SELECT created_at FROM anchor)`, sql`(SELECT id FROM anchor)`);

/**
 * A sub-query's rows as one JSON array in a stated order (json_agg keeps no order of its own), `[]` without rows.
 * Inside JSON a timestamp is text and a date its 'YYYY-MM-DD'.
 */
function jsonRows<R>(rows: Expression<unknown>, orderBy: RawBuilder<unknown>) {
  return sql<R[]>`(SELECT coalesce(json_agg(r ORDER BY ${orderBy}), '[]') FROM ${rows} AS r)`;
}

/** Who made each version of an evaluation, as the detail's JSON carries it. */
export interface VersionListRow {
  version: number;
  created_at: string;
  engine_version: string;
  by_id: number;
  by_nombre: string;
  by_apellido: string;
}
/** Who sent which version to whom, as the detail's JSON carries it. */
export interface EmailRow extends Omit<VersionListRow, 'engine_version'> {
  id: number;
  recipient: string;
}

/** The detail's values, one parameter each (compiledQueries; the shape is the scope's kind and whether a version is asked for). */
type DetailParams = { scopeId: number; id: number; version: number; historyLimit: number };

/** What decides the list's SQL text: everything else is a parameter (compiledQueries). */
interface ListShape {
  scope: EvaluationScope['kind'];
  nombre: boolean;
  apellido: boolean;
  email: boolean;
  rut: boolean;
  company: boolean;
  client: boolean;
  /**
   * Where the page starts: the first row, after the client's cursor, or after the anchor of a page's number, walked
   * from the first row or (`anchorFrom`) from a known row at or before it (the anchor ladder, decision 238).
   */
  start: 'first' | 'cursor' | 'anchor' | 'anchorFrom';
  /** The count from the page's start is known from the ladder (decision 238): not walked. */
  countKnown: boolean;
}

/** The list's values, one parameter each; a shape uses some of them. */
type ListParams = {
  scopeId: number;
  /** LIKE patterns, already escaped and lower-cased. */
  nombre: string;
  apellido: string;
  email: string;
  rut: string;
  companyId: number;
  clientId: number;
  /** The client's cursor, or (`anchorFrom`) the known row the anchor is walked from. */
  cursorMicros: number;
  cursorId: number;
  limit: number;
  /** The anchor's position (0-based): the row before the page, (page - 1) × limit - 1; counted after the known row. */
  anchorOffset: number;
  /** Rows before the page, (page - 1) × limit: counted only when no anchor exists (a page past the end). */
  skip: number;
  countLimit: number;
  /** With `countKnown`: the rows from the page's start, up to the cap + 1. */
  knownCount: number;
  defaultCompanyId: number;
};

/** The detail page's statements, compiled once each: one evaluation in scope (edits too), and getevaluacion's one. */
const detailQueries = {
  inScope: compiledQueries<{ scopeId: number; id: number }>(),
  detail: compiledQueries<DetailParams>(),
};

/** One compiled statement per list shape, shared by every repository (the SQL text does not depend on `db`). */
const listQueries = compiledQueries<ListParams>();
/** The ladder's statement per shape (decision 238): `take` rows after the known row (or from the first), every `step`-th. */
const ladderQueries = compiledQueries<ListParams & { take: number; step: number }>();

/** A new evaluation's row: its reserved id, client, evaluator, method, day and the engine's figures. */
export interface NewEvaluation {
  id: number;
  client_id: number;
  evaluator_id: number;
  evaluation_type: number;
  evaluated_on: string;
  figures: EvaluationFigures;
  now: Date;
}

/** One version of an evaluation as stored (its inputs and the engine's results). */
export interface NewEvaluationVersion {
  evaluation_id: number;
  version: number;
  evaluation_type: number;
  inputs: object;
  results: object;
  engine_version: string;
  created_by: number;
  now: Date;
}

/** A client as creating an evaluation reads it (`clientsForNewEvaluations`). */
export interface ClientForNewEvaluation {
  id: number;
  /** A calendar date, YYYY-MM-DD. */
  nacimiento: string | null;
  sexo: string | null;
  lang: string;
  iso2: string | null;
  consent_withdrawn: boolean | null;
  reserved_id: number | null;
}

export function createEvaluationsRepository(db: Db) {
  /**
   * Live evaluations in scope, with their client (the list's base). A tree is narrowed to its account first
   * (index evaluations_account_list_idx), so a page never walks other accounts' rows.
   */
  const scoped = (scope: EvaluationScope) => {
    const base = db
      .selectFrom('evaluations as e')
      .innerJoin('users as c', 'c.id', 'e.client_id')
      .where('e.deleted_at', 'is', null);
    if (scope.kind === 'account') return base.where(inScope(scope));
    const inTree = base.where(clientInScope(scope));
    return scope.kind === 'tree' ? inTree.where('e.account_root_id', '=', accountRootOf(scope.rootId)) : inTree;
  };

  /** A client's live evaluations (latest version of each) with their key figures, newest first. */
  const historyOf = (clientId: number | Expression<number>, limit: number) =>
    db
      .selectFrom('evaluations as e')
      .innerJoin('evaluation_versions as v', (j) =>
        j.onRef('v.evaluation_id', '=', 'e.id').onRef('v.version', '=', 'e.current_version'),
      )
      .select([
        'e.id',
        'e.evaluated_on',
        'e.evaluation_type',
        // The documents' figures from their generated columns, never the documents (migration 0032, decision 214).
        sql<number>`v.card_peso`.as('peso'),
        'v.card_bmi as bmi',
        'v.card_body_fat_percent as body_fat_percent',
        'v.card_lean_mass_kg as lean_mass_kg',
        'v.card_muscle_mass_kg as muscle_mass_kg',
        'v.card_body_fat_equation as body_fat_equation',
        'v.card_muscle_equation as muscle_equation',
        'v.card_waist_cm as waist_cm',
        // rockport is JSON null without a test; ->'vo2max' of it is SQL NULL.
        'v.card_vo2max as vo2max',
        // ISAK profile (type 5): the sums and the somatotype tracked over time; SQL NULL for other methods.
        'v.card_sum6_mm as sum6_mm',
        'v.card_sum8_mm as sum8_mm',
        'v.card_endomorphy as endomorphy',
        'v.card_mesomorphy as mesomorphy',
        'v.card_ectomorphy as ectomorphy',
      ])
      .where('e.client_id', '=', clientId)
      .where('e.deleted_at', 'is', null)
      .orderBy('e.evaluated_on', 'desc')
      .orderBy('e.id', 'desc')
      .limit(limit);

  /** getevaluacion's one statement (findDetail) for a shape, from parameter slots. */
  const detailQuery = (shape: { scope: EvaluationScope['kind']; versionGiven: boolean }, p: Slots<DetailParams>) => {
    return inScopeQuery(shape.scope, p)
      .innerJoin('evaluation_versions as v', (join) =>
        join
          .onRef('v.evaluation_id', '=', 'e.id')
          .on('v.version', '=', shape.versionGiven ? p.version : sql.ref<number>('e.current_version')),
      )
      .select([
        'v.version as v_version',
        'v.evaluation_type as v_evaluation_type',
        'v.engine_version as v_engine_version',
        'v.inputs as v_inputs',
        'v.results as v_results',
      ])
      .select((eb) => [
        jsonRows<VersionListRow>(
          eb
            .selectFrom('evaluation_versions as vs')
            .innerJoin('users as u', 'u.id', 'vs.created_by')
            .select(['vs.version', 'vs.created_at', 'vs.engine_version', 'u.id as by_id', 'u.nombre as by_nombre'])
            .select('u.apellido as by_apellido')
            .whereRef('vs.evaluation_id', '=', 'e.id'),
          sql`r.version`,
        ).as('versions'),
        jsonRows<EmailRow>(
          eb
            .selectFrom('evaluation_emails as m')
            .innerJoin('users as u', 'u.id', 'm.sent_by')
            .select(['m.id', 'm.created_at', 'm.recipient', 'm.version', 'u.id as by_id', 'u.nombre as by_nombre'])
            .select('u.apellido as by_apellido')
            .whereRef('m.evaluation_id', '=', 'e.id'),
          sql`r.id`,
        ).as('emails'),
        jsonRows<InferResult<ReturnType<typeof historyOf>>[number]>(
          historyOf(eb.ref('c.id'), p.historyLimit),
          sql`r.evaluated_on DESC, r.id DESC`,
        ).as('history'),
      ]);
  };

  /**
   * Whether any evaluation in scope belongs to a client of a company other than `defaultCompanyId`.
   * Driven from the clients (company index), not from the evaluations: cheap when the answer is no.
   */
  const nonDefaultCompany = (scope: EvaluationScope, defaultCompanyId: number) =>
    db
      .selectFrom('users as c')
      .select('c.id')
      .where(clientInScope(scope))
      .where('c.company_id', 'is not', null)
      .where('c.company_id', '<>', defaultCompanyId)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('evaluations as e')
            .select('e.id')
            .whereRef('e.client_id', '=', 'c.id')
            .where('e.deleted_at', 'is', null),
        ),
      )
      .limit(1);

  /** One live evaluation in scope with its client and evaluator, built from slots (detailQueries). */
  const inScopeQuery = (kind: EvaluationScope['kind'], p: Slots<{ scopeId: number; id: number }>) =>
    scoped(kind === 'self' ? { kind, clientId: p.scopeId } : { kind, rootId: p.scopeId })
      .innerJoin('users as ev', 'ev.id', 'e.evaluator_id')
      .leftJoin('companies as co', 'co.id', 'c.company_id')
      .select([
        'e.id',
        'e.evaluation_type',
        'e.current_version',
        'e.created_at',
        'e.evaluator_id',
        'c.id as client_id',
        'c.nombre as client_nombre',
        'c.apellido as client_apellido',
        'c.email as client_email',
        'c.rut as client_rut',
        'c.sexo as client_sexo',
        'c.nacimiento as client_nacimiento',
        'c.lang as client_lang',
        'c.company_id',
        'co.name as company_name',
        'ev.nombre as evaluator_nombre',
        'ev.apellido as evaluator_apellido',
        'ev.email as evaluator_email',
        'ev.especialidad as evaluator_especialidad',
      ])
      .where('e.id', '=', p.id);

  /** The shape's filters on the client (joined or sub-queried as `c`), from slots. */
  const clientFilters = (shape: ListShape, p: Slots<ListParams>) => {
    const on: Array<Expression<boolean>> = [];
    if (shape.nombre) on.push(sql<boolean>`lower(c.nombre) LIKE ${p.nombre}`);
    if (shape.apellido) on.push(sql<boolean>`lower(c.apellido) LIKE ${p.apellido}`);
    if (shape.email) on.push(sql<boolean>`lower(c.email) LIKE ${p.email}`);
    if (shape.rut) on.push(sql<boolean>`c.rut LIKE ${p.rut}`);
    if (shape.company) on.push(sql<boolean>`c.company_id = ${p.companyId}`);
    return on;
  };

  /** Rows after the statement's known row: the client's cursor, or the ladder's rung (`anchorFrom`). */
  const afterKnown = (p: Slots<ListParams>) => afterCursor({ createdMicros: p.cursorMicros, id: p.cursorId });

  const scopeOf = (shape: ListShape, p: Slots<ListParams>): EvaluationScope =>
    shape.scope === 'self' ? { kind: 'self', clientId: p.scopeId } : { kind: shape.scope, rootId: p.scopeId };

  // E-mail and rut identify a person: their prefixes match few clients. With such a filter, sort the few matches
  // rather than walk the created_at index hoping to meet 20 of them: the planner's guess for LIKE prefixes can be
  // 100x off and the walk then covers every row.
  const newestFirst = (shape: ListShape) =>
    shape.email || shape.rut ? sql`e.created_at + interval '0 seconds'` : sql.ref('e.created_at');

  /**
   * The list's rows as narrowly as the shape allows (decision 216): `evaluations` alone, the client's scope and
   * filters a semi-join on the matching clients (a client is one row: the same rows as the page's join). The
   * account's top without a filter on the client walks the account's index alone (evaluations_account_list_idx,
   * index-only once the visibility map is set): no client, no heap row. It finds anchors and counts; the page's own
   * rows are read from the scoped base, so a wrong position could never show a row out of scope.
   */
  const walk = (shape: ListShape, p: Slots<ListParams>) => {
    const scope = scopeOf(shape, p);
    let rows = db.selectFrom('evaluations as e').where('e.deleted_at', 'is', null);
    if (scope.kind === 'self') rows = rows.where('e.client_id', '=', scope.clientId);
    else if (scope.kind === 'account') rows = rows.where('e.account_root_id', '=', scope.rootId);
    else rows = rows.where('e.account_root_id', '=', accountRootOf(scope.rootId));
    if (shape.client) rows = rows.where('e.client_id', '=', p.clientId);
    const onClient = [...(scope.kind === 'tree' ? [clientInScope(scope)] : []), ...clientFilters(shape, p)];
    if (onClient.length === 0) return rows;
    return rows.where(
      'e.client_id',
      'in',
      db
        .selectFrom('users as c')
        .select('c.id')
        .where(({ and }) => and(onClient)),
    );
  };

  /**
   * The list's page for one shape (scope kind, which filters, where it starts), built from slots: compiled once per
   * shape and then run with each request's values (compiledQueries, issue 11). Every page is a keyset page: the
   * first, after the client's cursor, or after the anchor of a page's number (decision 216); none skips rows.
   */
  const listPage = (shape: ListShape, p: Slots<ListParams>) => {
    const scope = scopeOf(shape, p);
    let base = scoped(scope);
    for (const on of clientFilters(shape, p)) base = base.where(on);
    if (shape.client) base = base.where('e.client_id', '=', p.clientId);
    if (shape.start === 'cursor') base = base.where(afterKnown(p));
    if (shape.start === 'anchor' || shape.start === 'anchorFrom') base = base.where(afterAnchor());
    const page = base
      .innerJoin('users as ev', 'ev.id', 'e.evaluator_id')
      .leftJoin('companies as co', 'co.id', 'c.company_id')
      .select([
        'e.id',
        'e.created_at',
        sql<number>`(extract(epoch FROM e.created_at) * 1000000)::int8`.as('created_micros'),
        'e.evaluated_on',
        'e.evaluation_type',
        'e.evaluator_id',
        'c.id as client_id',
        'c.nombre as client_nombre',
        'c.apellido as client_apellido',
        'c.email as client_email',
        'c.rut as client_rut',
        'c.company_id',
        'co.name as company_name',
        'ev.nombre as evaluator_nombre',
        'ev.apellido as evaluator_apellido',
      ])
      .orderBy(newestFirst(shape), 'desc')
      .orderBy('e.id', 'desc')
      .limit(p.limit);
    return { scope, page };
  };

  const listShape = (
    f: ListFilters,
    scope: EvaluationScope,
    start: ListShape['start'],
    countKnown: boolean,
  ): ListShape => ({
    scope: scope.kind,
    nombre: Boolean(f.nombre),
    apellido: Boolean(f.apellido),
    email: Boolean(f.email),
    rut: Boolean(f.rut),
    company: f.companyId !== undefined,
    client: f.clientId !== undefined,
    start,
    countKnown,
  });

  /** The values of a list statement that come from its scope, filters and known row. */
  const listValues = (
    scope: EvaluationScope,
    f: ListFilters,
    known: ListCursor | undefined,
    defaultCompanyId: number,
  ) => ({
    scopeId: scope.kind === 'self' ? scope.clientId : scope.rootId,
    nombre: f.nombre ? prefix(f.nombre) : '',
    apellido: f.apellido ? prefix(f.apellido) : '',
    email: f.email ? prefix(f.email) : '',
    rut: f.rut ? `${escapeLike(f.rut)}%` : '',
    companyId: f.companyId ?? 0,
    clientId: f.clientId ?? 0,
    cursorMicros: known?.createdMicros ?? 0,
    cursorId: known?.id ?? 0,
    countLimit: LIST_COUNT_CAP + 1,
    defaultCompanyId,
  });

  const listQuery = (shape: ListShape, p: Slots<ListParams>) => {
    const { scope, page } = listPage(shape, p);
    const rows = walk(shape, p);
    const byAnchor = shape.start === 'anchor' || shape.start === 'anchorFrom';
    const fromStart =
      shape.start === 'cursor' ? rows.where(afterKnown(p)) : byAnchor ? rows.where(afterAnchor()) : rows;
    // Counted from the page's start, up to the cap: the count's cost does not grow with the depth (decision 100).
    const countOf = (q: typeof rows, limit: typeof p.countLimit) =>
      sql<number>`(SELECT count(*) FROM ${q.select(sql`1`.as('one')).limit(limit)} AS w)`;
    // No anchor: the page lies past the end. Then (only then) count the rows before it, so that the answer says
    // where the end is (the web list steps back to the last page); a negative count from the page's start.
    const counted = shape.countKnown
      ? sql<number>`${p.knownCount}::int`
      : byAnchor
        ? sql<number>`CASE WHEN EXISTS (SELECT 1 FROM anchor) THEN ${countOf(fromStart, p.countLimit)}
            ELSE ${countOf(rows, p.skip)} - ${p.skip} END`
        : countOf(fromStart, p.countLimit);
    const totals = db
      .selectNoFrom((eb) => [
        counted.as('counted'),
        eb.exists(nonDefaultCompany(scope, p.defaultCompanyId)).as('show_company'),
      ])
      .as('t');
    // The anchor: the row before the page, found by walking the narrow rows' order alone (created_at and id of an
    // index, no row read) and used like a cursor. Materialized: walked once, read by the page and the count.
    // (The outer query reads no column of `anchor`: typed as a statement without it.) From a known row of the ladder
    // the walk starts there (decision 238): at most a ladder step of rows, at any depth.
    const walkedFrom = shape.start === 'anchorFrom' ? rows.where(afterKnown(p)) : rows;
    const anchored: Pick<Db, 'selectFrom'> = byAnchor
      ? db.with(
          (cte) => cte('anchor').materialized(),
          () =>
            walkedFrom
              .select(['e.created_at', 'e.id'])
              .orderBy(newestFirst(shape), 'desc')
              .orderBy('e.id', 'desc')
              .offset(p.anchorOffset)
              .limit(1),
        )
      : db;
    return anchored
      .selectFrom(totals)
      .leftJoinLateral(page.as('p'), (join) => join.onTrue())
      .selectAll('p')
      .select(['t.counted', 't.show_company'])
      .orderBy('p.created_micros', 'desc')
      .orderBy('p.id', 'desc');
  };
  type ListPageRow = InferResult<ReturnType<typeof listPage>['page']>[number];

  return {
    /** A client's live evaluations (latest version of each) as timeline cards, newest first. */
    timelineOf: (clientId: number, limit: number) =>
      db
        .selectFrom('evaluations as e')
        .innerJoin('evaluation_versions as v', (j) =>
          j.onRef('v.evaluation_id', '=', 'e.id').onRef('v.version', '=', 'e.current_version'),
        )
        .innerJoin('users as u', 'u.id', 'e.evaluator_id')
        .select([
          'e.id',
          'e.evaluated_on as fecha',
          'e.evaluation_type',
          'u.nombre as evaluator_nombre',
          'u.apellido as evaluator_apellido',
          // The card's columns, never the documents (migration 0032, decision 214). Every method asks the weight.
          sql<number>`v.card_peso`.as('peso'),
          'v.card_bmi as bmi',
          'v.card_bmi_category as bmi_category',
          'v.card_body_fat_percent as body_fat_percent',
          'v.card_fat_category as fat_category',
          'v.card_body_fat_equation as body_fat_equation',
          'v.card_muscle_equation as muscle_equation',
          'v.card_muscle_mass_kg as muscle_mass_kg',
          'v.card_waist_cm as waist_cm',
          'v.card_vo2max as vo2max',
        ])
        .where('e.client_id', '=', clientId)
        .where('e.deleted_at', 'is', null)
        .orderBy('e.evaluated_on', 'desc')
        .orderBy('e.id', 'desc')
        .limit(limit)
        .execute(),

    /** The ids of one client's live evaluations in `scope`, oldest first (the data export). */
    idsOfClient: async (scope: EvaluationScope, clientId: number) =>
      (
        await db
          .selectFrom('evaluations as e')
          .select('e.id')
          .where('e.client_id', '=', clientId)
          .where('e.deleted_at', 'is', null)
          .where(inScope(scope))
          .orderBy('e.evaluated_on')
          .orderBy('e.id')
          .execute()
      ).map((r) => r.id),

    /**
     * The live evaluations in scope of these clients on these days by these methods, in one statement (an import's
     * batch; the caller keeps the exact triples it asked for).
     */
    existingAmong: (scope: EvaluationScope, q: { clientIds: number[]; days: string[]; evaluationTypes: number[] }) =>
      db
        .selectFrom('evaluations as e')
        .select(['e.client_id', sql<string>`to_char(e.evaluated_on, 'YYYY-MM-DD')`.as('day'), 'e.evaluation_type'])
        .where(sql<boolean>`e.client_id = ANY(${q.clientIds}::integer[])`)
        .where(sql<boolean>`e.evaluated_on = ANY(${q.days}::date[])`)
        .where(sql<boolean>`e.evaluation_type = ANY(${q.evaluationTypes}::integer[])`)
        .where('e.deleted_at', 'is', null)
        .where(inScope(scope))
        .execute(),

    /** A client (type 2) whose evaluations the list may show in `scope` (the list's own scope rule, deleted clients included). */
    findClientInScope: (scope: EvaluationScope, clientId: number) =>
      db
        .selectFrom('users as c')
        .select('c.id')
        .where('c.id', '=', clientId)
        .where('c.type', '=', USER_TYPE.client)
        .where(clientInScope(scope))
        .executeTakeFirst(),

    /**
     * Everything creating an evaluation reads (decision 246), for many creates in one statement and in their order
     * (decision 251): the live client strictly below the actor with what the engine needs (as the people module's
     * `findClientBelow`), whether its health-data consent stands withdrawn (the consent module's rule: its deciding
     * record, the live one else the newest, is withdrawn), and with `reserveId` an id for the evaluation not inserted
     * yet. Taken outside its transaction (nothing waits on a sequence), so the insert can go in the commit tail
     * (decision 240). `undefined`: not a client of that actor's tree (and no id taken).
     */
    clientsForNewEvaluations: async (asks: { actorId: number; clientId: number; reserveId: boolean }[]) => {
      const { rows } = await sql<ClientForNewEvaluation | { id: null }>`
        SELECT found.* FROM ${batchRows(
          asks.map((a) => ({ actor: a.actorId, client: a.clientId, reserve: a.reserveId })),
          'actor integer, client integer, reserve boolean',
        )}
        LEFT JOIN LATERAL (
          SELECT c.id, c.nacimiento, c.sexo, c.lang,
            -- By its key: a join here hashed all of countries again for every row.
            (SELECT countries.iso2 FROM countries WHERE countries.id = c.pais_id) AS iso2,
            -- Every record withdrawn, and at least one (no record: null): a live record decides for writing.
            (SELECT bool_and(cc.withdrawn_at IS NOT NULL) FROM client_consents cc
              WHERE cc.client_id = c.id AND cc.purpose = 'health_data') AS consent_withdrawn,
            CASE WHEN f.reserve THEN nextval(pg_get_serial_sequence('evaluations', 'id'))::integer END AS reserved_id
          FROM users c
          WHERE c.id = f.client AND c.type = ${sql.lit(USER_TYPE.client)} AND c.deleted_at IS NULL
            AND ${parentInActorTree(sql.ref<number>('f.actor'), 'c.parent_user_id')}
        ) found ON true
        ORDER BY f.n`.execute(db);
      return rows.map((row) => (row.id === null ? undefined : (row as ClientForNewEvaluation)));
    },

    /** New evaluations (version 1) with their reserved ids, in one statement. */
    insertEvaluations: (rows: NewEvaluation[]) =>
      db
        .insertInto('evaluations')
        .values(
          rows.map((row) => ({
            ...row.figures,
            id: row.id,
            client_id: row.client_id,
            evaluator_id: row.evaluator_id,
            evaluation_type: row.evaluation_type,
            evaluated_on: row.evaluated_on,
            current_version: 1,
            created_at: row.now,
            updated_at: row.now,
          })),
        )
        .execute(),

    /** Versions in one statement (a transaction's commit tail may carry several, decision 240). */
    insertVersions: (versions: NewEvaluationVersion[]) =>
      db
        .insertInto('evaluation_versions')
        .values(
          versions.map((v) => ({
            evaluation_id: v.evaluation_id,
            version: v.version,
            evaluation_type: v.evaluation_type,
            inputs: JSON.stringify(v.inputs),
            // Known equation references by their id (decision 253); the mapper fills their texts in on read.
            results: storedResultJson(v.results),
            engine_version: v.engine_version,
            created_by: v.created_by,
            created_at: v.now,
          })),
        )
        .execute(),

    /** Locks a live evaluation in scope (edits and deletes serialise on it). */
    lockInScope: (scope: EvaluationScope, id: number) =>
      db
        .selectFrom('evaluations as e')
        .select(['e.id', 'e.client_id', 'e.current_version', 'e.created_at'])
        .where('e.id', '=', id)
        .where('e.deleted_at', 'is', null)
        .where(inScope(scope))
        .forUpdate()
        .executeTakeFirst(),

    bumpVersion: (
      id: number,
      p: { version: number; evaluation_type: number; evaluated_on: string; figures: EvaluationFigures; now: Date },
    ) =>
      db
        .updateTable('evaluations')
        .set({
          ...p.figures,
          current_version: p.version,
          evaluation_type: p.evaluation_type,
          evaluated_on: p.evaluated_on,
          updated_at: p.now,
        })
        .where('id', '=', id)
        .execute(),

    softDelete: async (scope: EvaluationScope, id: number, actorId: number, now: Date) => {
      const r = await db
        .updateTable('evaluations as e')
        .set({ deleted_at: now, deleted_by: actorId, updated_at: now })
        .where('e.id', '=', id)
        .where('e.deleted_at', 'is', null)
        .where(inScope(scope))
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** The measurements of the evaluator's own live ISAK profiles (current versions) since a date, oldest first. */
    isakSessionsOf: (evaluatorId: number, since: string) =>
      db
        .selectFrom('evaluations as e')
        .innerJoin('evaluation_versions as v', (j) =>
          j.onRef('v.evaluation_id', '=', 'e.id').onRef('v.version', '=', 'e.current_version'),
        )
        .select(['e.evaluated_on', sql<Record<string, unknown> | null>`v.inputs->'isak'->'sites'`.as('sites')])
        .where('e.evaluator_id', '=', evaluatorId)
        .where('e.evaluation_type', '=', 5)
        .where('e.deleted_at', 'is', null)
        .where('e.evaluated_on', '>=', since)
        .orderBy('e.evaluated_on')
        .execute(),

    /** One live evaluation in scope with its client and evaluator. */
    findInScope: async (scope: EvaluationScope, id: number) =>
      (
        await detailQueries.inScope.execute(
          db,
          scope.kind,
          { scopeId: scope.kind === 'self' ? scope.clientId : scope.rootId, id },
          (p) => inScopeQuery(scope.kind, p),
        )
      )[0],

    /**
     * Everything GET /web/getevaluacion shows, in one statement (decision 162): the evaluation in scope with its
     * client and evaluator, one version (the current one unless given) and, as JSON arrays, its versions, its
     * e-mails and the client's history (latest `historyLimit` live evaluations, newest first). No row: not found.
     */
    findDetail: async (scope: EvaluationScope, id: number, version: number | undefined, historyLimit: number) => {
      const shape = { scope: scope.kind, versionGiven: version !== undefined };
      const params = {
        scopeId: scope.kind === 'self' ? scope.clientId : scope.rootId,
        id,
        version: version ?? 0,
        historyLimit,
      };
      const [row] = await detailQueries.detail.execute(db, JSON.stringify(shape), params, (p) => detailQuery(shape, p));
      return row;
    },

    /**
     * One page of the list, newest first, in one statement with its capped count and `show_company`
     * (decision 100). A page continues from the client's cursor or, reached by number, from the anchor its
     * `offset` maps to (decision 216): no page fetches the rows before it.
     */
    async list(q: {
      scope: EvaluationScope;
      filters: ListFilters;
      limit: number;
      offset: number;
      cursor?: ListCursor | undefined;
      /** A page by number: a known row of the list (the ladder's) and how many rows after it the anchor lies. */
      from?: { row: ListCursor; skip: number } | undefined;
      /** The rows from the page's start up to LIST_COUNT_CAP + 1, when the ladder knows them. */
      knownCount?: number | undefined;
      defaultCompanyId: number;
    }) {
      const start: ListShape['start'] = q.cursor
        ? 'cursor'
        : q.offset === 0
          ? 'first'
          : q.from
            ? 'anchorFrom'
            : 'anchor';
      const shape = listShape(q.filters, q.scope, start, q.knownCount !== undefined);
      const known = q.cursor ?? q.from?.row;
      const result = await listQueries.execute(
        db,
        JSON.stringify(shape),
        {
          ...listValues(q.scope, q.filters, known, q.defaultCompanyId),
          limit: q.limit,
          anchorOffset: q.from ? q.from.skip : Math.max(0, q.offset - 1),
          skip: q.offset,
          knownCount: q.knownCount ?? 0,
        },
        (p) => listQuery(shape, p),
      );
      const [head] = result; // the outer join answers at least one row
      // Rows from the page's start (past the end: minus how many the page's start lies beyond the last row).
      const counted_ = Number(head?.counted ?? 0);
      return {
        // An empty page comes back as one row of nulls from the outer join; the others are whole page rows.
        // kysely's types: an outer join's columns are all nullable; a row whose id is not null is a whole row.
        rows: result.filter((r) => r.id !== null) as unknown as ListPageRow[],
        total: q.offset + Math.min(counted_, LIST_COUNT_CAP),
        capped: counted_ > LIST_COUNT_CAP,
        showCompany: Boolean(head?.show_company),
      };
    },

    /**
     * The anchor ladder's next rungs (decision 238): of the `take` rows after `after` (from the first without it), in
     * the list's order, every `step`-th (the step-th, the 2·step-th, …), as cursors; and how many rows there were
     * (fewer than `take`: the list ends there).
     */
    async listLadder(q: {
      scope: EvaluationScope;
      filters: ListFilters;
      after: ListCursor | undefined;
      take: number;
      step: number;
    }): Promise<{ rungs: ListCursor[]; walked: number }> {
      const shape = listShape(q.filters, q.scope, q.after ? 'anchorFrom' : 'first', false);
      const rows = await ladderQueries.execute(
        db,
        JSON.stringify(shape),
        {
          ...listValues(q.scope, q.filters, q.after, 0),
          limit: 0,
          anchorOffset: 0,
          skip: 0,
          take: q.take,
          step: q.step,
          knownCount: 0,
        },
        (p) => {
          const numbered = (q.after ? walk(shape, p).where(afterKnown(p)) : walk(shape, p))
            .select([
              'e.created_at',
              'e.id',
              sql<number>`row_number() OVER (ORDER BY ${newestFirst(shape)} DESC, e.id DESC)`.as('n'),
            ])
            .orderBy(newestFirst(shape), 'desc')
            .orderBy('e.id', 'desc')
            .limit(p.take);
          // One pass, nothing held but the rungs: every step-th row's position, and how many rows were walked.
          const rung = sql<boolean>`w.n % ${p.step} = 0`;
          return db.selectFrom(numbered.as('w')).select([
            sql<string[]>`coalesce(array_agg((extract(epoch FROM w.created_at) * 1000000)::int8 ORDER BY w.n)
                FILTER (WHERE ${rung}), '{}')`.as('micros'),
            sql<number[]>`coalesce(array_agg(w.id ORDER BY w.n) FILTER (WHERE ${rung}), '{}')`.as('ids'),
            sql<string>`count(*)`.as('walked'),
          ]);
        },
      );
      const [found] = rows;
      return {
        rungs: (found?.ids ?? []).map((id, i) => ({ createdMicros: Number(found!.micros[i]), id: Number(id) })),
        walked: Number(found?.walked ?? 0),
      };
    },

    /**
     * One page of the list's spreadsheet (decision 227): the list's rows (scope, filters, order) with their client
     * and their current version's inputs and results, after the previous page's last row (keyset, never an offset).
     */
    exportPage: (q: {
      scope: EvaluationScope;
      filters: ListFilters;
      after?: ListCursor | undefined;
      limit: number;
    }) => {
      const f = q.filters;
      let base = scoped(q.scope);
      if (f.nombre) base = base.where(sql<boolean>`lower(c.nombre) LIKE ${prefix(f.nombre)}`);
      if (f.apellido) base = base.where(sql<boolean>`lower(c.apellido) LIKE ${prefix(f.apellido)}`);
      if (f.email) base = base.where(sql<boolean>`lower(c.email) LIKE ${prefix(f.email)}`);
      if (f.rut) base = base.where(sql<boolean>`c.rut LIKE ${`${escapeLike(f.rut)}%`}`);
      if (f.companyId !== undefined) base = base.where('c.company_id', '=', f.companyId);
      if (f.clientId !== undefined) base = base.where('e.client_id', '=', f.clientId);
      if (q.after) base = base.where(afterCursor(q.after));
      return base
        .innerJoin('evaluation_versions as v', (j) =>
          j.onRef('v.evaluation_id', '=', 'e.id').onRef('v.version', '=', 'e.current_version'),
        )
        .select([
          'e.id',
          sql<number>`(extract(epoch FROM e.created_at) * 1000000)::int8`.as('created_micros'),
          'c.nombre as client_nombre',
          'c.apellido as client_apellido',
          'c.email as client_email',
          'c.rut as client_rut',
          'v.inputs',
          'v.results',
        ])
        .orderBy('e.created_at', 'desc')
        .orderBy('e.id', 'desc')
        .limit(q.limit)
        .execute();
    },

    insertEmail: (m: {
      evaluation_id: number;
      version: number;
      sent_by: number;
      recipient: string;
      lang: string;
      now: Date;
    }) =>
      db
        .insertInto('evaluation_emails')
        .values({
          evaluation_id: m.evaluation_id,
          version: m.version,
          sent_by: m.sent_by,
          recipient: m.recipient,
          lang: m.lang,
          created_at: m.now,
        })
        .execute(),
  };
}

export type EvaluationsRepository = ReturnType<typeof createEvaluationsRepository>;

import {
  userBelowActor,
  compiledQueries,
  sql,
  type Database,
  type Kysely,
  type Slots,
  type Transaction,
  type UserUpdate,
} from '@medida/db';
import { USER_TYPE, type UserType } from '@medida/contracts';

type Db = Kysely<Database> | Transaction<Database>;

const managedColumns = [
  'users.id',
  'users.type',
  'users.parent_user_id',
  'users.creditos',
  'users.created_at',
  'users.nombre',
  'users.apellido',
  'users.email',
  'users.telefono',
  'users.nacimiento',
  'users.sexo',
  'users.img_url',
  'users.direccion',
  'users.pais_id',
  'users.region_id',
  'users.comuna_id',
  'users.rut',
  'users.especialidad',
  'users.trabajo',
  'users.empresa',
  'users.company_id',
  'users.lang',
] as const;

function selectManaged(db: Db) {
  return db
    .selectFrom('users')
    .leftJoin('countries', 'countries.id', 'users.pais_id')
    .leftJoin('states', 'states.id', 'users.region_id')
    .leftJoin('cities', 'cities.id', 'users.comuna_id')
    .leftJoin('companies', 'companies.id', 'users.company_id')
    .select(managedColumns)
    .select([
      'countries.name as pais',
      'states.name as region',
      'cities.name as comuna',
      'companies.name as company_name',
    ])
    .where('users.deleted_at', 'is', null);
}

export type ManagedRow = Awaited<ReturnType<ReturnType<typeof selectManaged>['executeTakeFirstOrThrow']>>;

/** What decides the SQL text of a list of children: everything else is a parameter (compiledQueries). */
interface ChildrenShape {
  /** The parent is not the actor: it must be below the actor. */
  belowActor: boolean;
  search: boolean;
  paged: boolean;
}

type ChildrenParams = {
  actorId: number;
  parentId: number;
  type: UserType;
  /** ILIKE pattern, already escaped. */
  pattern: string;
  limit: number;
  skip: number;
};

/** Live users directly under a parent, with their total, in one statement built from slots. */
function childrenQuery(db: Db, shape: ChildrenShape, p: Slots<ChildrenParams>) {
  const conditions = [
    sql<boolean>`users.deleted_at IS NULL`,
    sql<boolean>`users.parent_user_id = ${p.parentId}`,
    sql<boolean>`users.type = ${p.type}`,
  ];
  if (shape.belowActor) conditions.push(userBelowActor(p.actorId, 'users'));
  if (shape.search)
    conditions.push(
      sql<boolean>`(users.nombre ILIKE ${p.pattern} OR users.apellido ILIKE ${p.pattern} OR users.email ILIKE ${p.pattern} OR users.rut ILIKE ${p.pattern})`,
    );
  const match = sql.join(conditions, sql` AND `);
  let page = selectManaged(db)
    .where(sql<boolean>`${match}`)
    .orderBy('users.apellido')
    .orderBy('users.nombre')
    .orderBy('users.id');
  if (shape.paged) page = page.limit(p.limit).offset(p.skip);
  return db
    .selectFrom(
      db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where(sql<boolean>`${match}`)
        .as('t'),
    )
    .leftJoinLateral(page.as('p'), (join) => join.onTrue())
    .selectAll('p')
    .select('t.total')
    .orderBy('p.apellido')
    .orderBy('p.nombre')
    .orderBy('p.id');
}

/** One compiled statement per shape, shared by every repository (the SQL text does not depend on `db`). */
const childrenQueries = compiledQueries<ChildrenParams>();

export function createPeopleRepository(db: Db) {
  return {
    /** A live user strictly below the actor, or undefined (never someone else's). */
    findManaged: (actorId: number, userId: number) =>
      selectManaged(db).where('users.id', '=', userId).where(userBelowActor(actorId, 'users')).executeTakeFirst(),

    /** The actor itself, in the same shape (a client reading its own record). */
    findSelf: (actorId: number) =>
      selectManaged(db).select('users.units').where('users.id', '=', actorId).executeTakeFirst(),

    /**
     * Direct children of `parentId` of one type, paged, with the exact total, in one statement; scoped to the
     * actor's tree (the actor's own children need no tree walk). The count reads `users` alone, without the
     * page's joins (decision 100).
     */
    async listChildren(q: {
      actorId: number;
      parentId: number;
      type: UserType;
      limit?: number;
      skip?: number;
      search?: string;
    }) {
      const shape: ChildrenShape = {
        belowActor: q.parentId !== q.actorId,
        search: Boolean(q.search),
        paged: q.limit !== undefined,
      };
      const result = await childrenQueries.execute(
        db,
        JSON.stringify(shape),
        {
          actorId: q.actorId,
          parentId: q.parentId,
          type: q.type,
          pattern: q.search ? `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : '',
          limit: q.limit ?? 0,
          skip: q.skip ?? 0,
        },
        (p) => childrenQuery(db, shape, p),
      );
      return {
        // An empty page comes back as one row of nulls from the outer join.
        // kysely's types: an outer join's columns are all nullable; a row whose id is not null is a whole row.
        rows: result.filter((r) => r.id !== null) as unknown as ManagedRow[],
        total: Number(result[0]?.total ?? 0),
      };
    },

    /**
     * The live clients below the actor with any of these (lowercase) e-mails or cleaned national ids, in one
     * statement: an import's rows find theirs a batch at a time.
     */
    findManagedClientsByKeys: (actorId: number, keys: { emails: string[]; ruts: string[] }) =>
      selectManaged(db)
        .where(
          sql<boolean>`(lower(users.email) = ANY(${keys.emails}::text[]) OR users.rut = ANY(${keys.ruts}::text[]))`,
        )
        .where('users.type', '=', USER_TYPE.client)
        .where(userBelowActor(actorId, 'users'))
        .orderBy('users.id')
        .execute(),

    /** Only users below the actor can be changed; returns false when none matched. */
    updateManaged: async (actorId: number, userId: number, patch: UserUpdate) => {
      const result = await db
        .updateTable('users')
        .set(patch)
        .where('id', '=', userId)
        .where('deleted_at', 'is', null)
        .where(userBelowActor(actorId, 'users'))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** One's own record (profile page). */
    updateSelf: (userId: number, patch: UserUpdate) =>
      db.updateTable('users').set(patch).where('id', '=', userId).where('deleted_at', 'is', null).execute(),

    /** Soft delete (decision 051); returns the row's parent, or undefined when nothing matched. */
    softDeleteManaged: (actorId: number, userId: number, now: Date) =>
      db
        .updateTable('users')
        .set({ deleted_at: now, updated_at: now })
        .where('id', '=', userId)
        .where('deleted_at', 'is', null)
        .where(userBelowActor(actorId, 'users'))
        .returning(['id', 'parent_user_id'])
        .executeTakeFirst(),

    /** The removed user's clients and network users move up to its parent, so nobody is orphaned. */
    reparentChildren: (fromUserId: number, toUserId: number, now: Date) =>
      db
        .updateTable('users')
        .set({ parent_user_id: toUserId, updated_at: now })
        .where('parent_user_id', '=', fromUserId)
        .execute(),
  };
}

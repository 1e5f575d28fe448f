import { DEFAULT_COMPANY_ID, USER_TYPE } from '@medida/contracts';
import { accountRootOf, sql, type Database, type Kysely } from '@medida/db';

/** The account (tree root) a user belongs to: companies are the account's, shared by its professionals. */
const rootOf = accountRootOf;

/** The partner company the account was registered under (register-pacific…), if any. */
const partnerCompanyOf = (userId: number) =>
  sql<number>`(SELECT r.company_id FROM users u JOIN users r ON r.id = u.account_root_id WHERE u.id = ${userId})`;

export const createCompaniesRepository = (db: Kysely<Database>) => {
  /** The account's own companies with their live clients (one grouped scan of the account's clients). */
  const managed = (actorId: number) =>
    db
      .selectFrom('companies as co')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('users')
            .select(['company_id', (e) => e.fn.countAll<string>().as('n')])
            .where('account_root_id', '=', rootOf(actorId))
            .where('type', '=', USER_TYPE.client)
            .where('deleted_at', 'is', null)
            .where('company_id', 'is not', null)
            .groupBy('company_id')
            .as('cl'),
        (join) => join.onRef('cl.company_id', '=', 'co.id'),
      )
      .select([
        'co.id',
        'co.name',
        'co.tax_id',
        'co.archived_at',
        (eb) => eb.fn.coalesce('cl.n', sql<string>`0`).as('clients'),
      ])
      .where('co.owner_id', '=', rootOf(actorId));

  return {
    /**
     * What a user of the account can choose for a client: the default company (9), the account's partner
     * company and the account's own companies that are not archived.
     */
    listAssignable: (actorId: number) =>
      db
        .selectFrom('companies')
        .select(['id', 'name'])
        .where((eb) =>
          eb.or([
            eb('id', '=', DEFAULT_COMPANY_ID),
            eb('id', '=', partnerCompanyOf(actorId)),
            eb.and([eb('owner_id', '=', rootOf(actorId)), eb('archived_at', 'is', null)]),
          ]),
        )
        .orderBy('name')
        .orderBy('id')
        .execute(),

    isAssignable: async (actorId: number, companyId: number) =>
      (await db
        .selectFrom('companies')
        .select('id')
        .where('id', '=', companyId)
        .where((eb) =>
          eb.or([
            eb('id', '=', DEFAULT_COMPANY_ID),
            eb('id', '=', partnerCompanyOf(actorId)),
            eb.and([eb('owner_id', '=', rootOf(actorId)), eb('archived_at', 'is', null)]),
          ]),
        )
        .executeTakeFirst()) !== undefined,

    listManaged: (actorId: number) => managed(actorId).orderBy('co.name').orderBy('co.id').execute(),

    findManaged: (actorId: number, companyId: number) =>
      managed(actorId).where('co.id', '=', companyId).executeTakeFirst(),

    /** Another of the account's companies (archived included) already has this name, case and accents as typed. */
    nameTaken: async (actorId: number, name: string, exceptId?: number) => {
      let q = db
        .selectFrom('companies')
        .select('id')
        .where('owner_id', '=', rootOf(actorId))
        .where(sql<boolean>`lower(name) = lower(${name})`);
      if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },

    insert: (actorId: number, row: { name: string; tax_id: string | null; now: Date }) =>
      db
        .insertInto('companies')
        .values({ name: row.name, tax_id: row.tax_id, owner_id: rootOf(actorId), created_at: row.now })
        .returning('id')
        .executeTakeFirstOrThrow(),

    /** Only the account's own companies change; false when none matched. */
    update: async (
      actorId: number,
      companyId: number,
      patch: { name?: string; tax_id?: string | null; archived_at?: Date | null },
    ) => {
      const result = await db
        .updateTable('companies')
        .set(patch)
        .where('id', '=', companyId)
        .where('owner_id', '=', rootOf(actorId))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** The partner company of a registration page (register-pacific → Pacific), or undefined. */
    partnerCompanyId: async (variantSlug: string) =>
      (await db.selectFrom('companies').select('id').where('partner_variant', '=', variantSlug).executeTakeFirst())?.id,
  };
};

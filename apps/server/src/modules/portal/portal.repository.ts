import { USER_TYPE } from '@medida/contracts';
import { sql, type Database, type Kysely } from '@medida/db';

export function createPortalRepository(db: Kysely<Database>) {
  return {
    /** Whether the client can sign in already (it has chosen a password). */
    hasPassword: async (userId: number) =>
      (await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst())
        ?.password_hash != null,

    /** The newest unused, unexpired set-password link of a user (an invitation, or a reset). */
    liveLinkExpiry: async (userId: number, now: Date) =>
      (
        await db
          .selectFrom('password_resets')
          .select('expires_at')
          .where('user_id', '=', userId)
          .where('used_at', 'is', null)
          .where('expires_at', '>', now)
          .orderBy('expires_at', 'desc')
          .limit(1)
          .executeTakeFirst()
      )?.expires_at ?? null,

    /** A new link replaces the outstanding ones: only the newest e-mail works. */
    replaceLinks: (row: { userId: number; tokenHash: string; now: Date; expiresAt: Date }) =>
      db.transaction().execute(async (trx) => {
        await trx
          .updateTable('password_resets')
          .set({ used_at: row.now })
          .where('user_id', '=', row.userId)
          .where('used_at', 'is', null)
          .execute();
        await trx
          .insertInto('password_resets')
          .values({ token_hash: row.tokenHash, user_id: row.userId, created_at: row.now, expires_at: row.expiresAt })
          .execute();
      }),

    /** The client's e-mail data (the invitation needs its address and language). */
    recipient: (clientId: number) =>
      db
        .selectFrom('users')
        .select(['id', 'email', 'nombre', 'lang'])
        .where('id', '=', clientId)
        .where('type', '=', USER_TYPE.client)
        .executeTakeFirstOrThrow(),

    /** A live professional's public contact: the one who invites, or a client's own professional. */
    professional: (userId: number) =>
      db
        .selectFrom('users')
        .select(['id', 'nombre', 'apellido', 'email', 'telefono', 'especialidad'])
        .where('id', '=', userId)
        .where('type', '=', USER_TYPE.professional)
        .where('deleted_at', 'is', null)
        .executeTakeFirst(),

    parentOf: async (userId: number) =>
      (await db.selectFrom('users').select('parent_user_id').where('id', '=', userId).executeTakeFirst())
        ?.parent_user_id ?? null,

    /** A client's live evaluations (latest version of each) as timeline cards, newest first. */
    evaluationsOf: (clientId: number, limit: number) =>
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
          sql<number>`(v.inputs->>'peso')::float8`.as('peso'),
          sql<number | null>`(v.results->'bmi'->>'value')::float8`.as('bmi'),
          sql<string | null>`v.results->'bmi'->>'category'`.as('bmi_category'),
          sql<number | null>`(v.results->'body_fat'->>'percent')::float8`.as('body_fat_percent'),
          sql<string | null>`v.results->'body_fat'->'category'->>'value'`.as('fat_category'),
          sql<string | null>`v.results->'body_fat'->'equation'->>'id'`.as('body_fat_equation'),
          sql<string | null>`v.results->'muscle_mass'->'equation'->>'id'`.as('muscle_equation'),
          sql<number | null>`(v.results->'muscle_mass'->>'kg')::float8`.as('muscle_mass_kg'),
          sql<number | null>`(v.inputs->>'pcintura')::float8`.as('waist_cm'),
          sql<number | null>`(v.results->'rockport'->>'vo2max')::float8`.as('vo2max'),
        ])
        .where('e.client_id', '=', clientId)
        .where('e.deleted_at', 'is', null)
        .orderBy('e.evaluated_on', 'desc')
        .orderBy('e.id', 'desc')
        .limit(limit)
        .execute(),
  };
}

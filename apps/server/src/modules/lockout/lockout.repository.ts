import { sql, type Database, type Kysely } from '@medida/db';

export function createLockoutRepository(db: Kysely<Database>) {
  const owner = () => db.selectFrom('users').select(['id', 'email', 'nombre', 'lang']).where('deleted_at', 'is', null);
  return {
    ownerByEmail: (email: string) =>
      owner()
        .where(sql`lower(email)`, '=', email.trim().toLowerCase())
        .executeTakeFirst(),
    ownerById: (userId: number) => owner().where('id', '=', userId).executeTakeFirst(),
  };
}

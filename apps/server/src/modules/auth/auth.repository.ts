import { sql, type Database, type Kysely } from '@medida/db';

export function createAuthRepository(db: Kysely<Database>) {
  return {
    /** Case-insensitive; deleted accounts and accounts without a password cannot log in. */
    findLoginByEmail: (email: string) =>
      db
        .selectFrom('users')
        .select(['id', 'password_hash', 'password_expires_at'])
        .where(sql`lower(email)`, '=', email.trim().toLowerCase())
        .where('deleted_at', 'is', null)
        .where('password_hash', 'is not', null)
        .executeTakeFirst(),

    updatePasswordHash: (userId: number, passwordHash: string, now: Date) =>
      db.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', userId).execute(),
  };
}

import type { Database, Kysely } from '@medida/db';

export function createNotificationsRepository(db: Kysely<Database>) {
  return {
    logEmail: (row: { userId: number | null; template: string; recipient: string; now: Date }) =>
      db
        .insertInto('email_log')
        .values({ user_id: row.userId, template: row.template, recipient: row.recipient, created_at: row.now })
        .execute(),
  };
}

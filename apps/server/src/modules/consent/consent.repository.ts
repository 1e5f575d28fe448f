import type { Database, Kysely } from '@medida/db';

const HEALTH_DATA = 'health_data';

export function createConsentRepository(db: Kysely<Database>) {
  return {
    /** Records in one statement (a transaction's commit tail may carry several, decision 240). */
    insert: (
      rows: {
        clientId: number;
        textVersion: string;
        textSha256: string;
        lang: string;
        method: string;
        givenAt: Date;
        recordedBy: number;
      }[],
    ) =>
      db
        .insertInto('client_consents')
        .values(
          rows.map((row) => ({
            client_id: row.clientId,
            purpose: HEALTH_DATA,
            text_version: row.textVersion,
            text_sha256: row.textSha256,
            lang: row.lang,
            method: row.method,
            given_at: row.givenAt,
            recorded_by: row.recordedBy,
          })),
        )
        .execute(),

    /** The live consent if there is one, else the most recent withdrawn one. */
    latest: (clientId: number) =>
      db
        .selectFrom('client_consents')
        .select(['purpose', 'text_version', 'text_sha256', 'lang', 'method', 'given_at', 'withdrawn_at'])
        .where('client_id', '=', clientId)
        .where('purpose', '=', HEALTH_DATA)
        .orderBy((eb) => eb('withdrawn_at', 'is', null), 'desc')
        .orderBy('given_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),

    /** The method of each client's live consent (the list spreadsheet's column); a client without one is absent. */
    liveMethods: (clientIds: readonly number[]) =>
      clientIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('client_consents')
            .select(['client_id', 'method'])
            .where('client_id', 'in', clientIds)
            .where('purpose', '=', HEALTH_DATA)
            .where('withdrawn_at', 'is', null)
            .execute(),

    /** Every record of the client, oldest first (the data export). */
    allForClient: (clientId: number) =>
      db
        .selectFrom('client_consents')
        .select([
          'purpose',
          'text_version',
          'text_sha256',
          'lang',
          'method',
          'given_at',
          'recorded_by',
          'withdrawn_at',
          'withdrawn_by',
        ])
        .where('client_id', '=', clientId)
        .where('purpose', '=', HEALTH_DATA)
        .orderBy('given_at')
        .orderBy('id')
        .execute(),

    withdrawLive: async (clientId: number, actorId: number, now: Date) => {
      const result = await db
        .updateTable('client_consents')
        .set({ withdrawn_at: now, withdrawn_by: actorId })
        .where('client_id', '=', clientId)
        .where('purpose', '=', HEALTH_DATA)
        .where('withdrawn_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

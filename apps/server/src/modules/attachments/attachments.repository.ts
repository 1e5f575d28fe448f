import { sql, type Database, type Kysely, type NewAttachment, type Transaction } from '@medida/db';
import { belowActor } from '../../lib/account-tree.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Who may see an attachment: the client itself or anyone above it in the account tree. */
const visibleTo = (actorId: number) =>
  sql<boolean>`(attachments.user_id = ${actorId} OR ${belowActor(actorId, 'attachments.user_id')})`;

export function createAttachmentsRepository(db: Db) {
  return {
    insert: (row: NewAttachment) => db.insertInto('attachments').values(row).returning('id').executeTakeFirstOrThrow(),

    listForUser: (actorId: number, userId: number) =>
      db
        .selectFrom('attachments')
        .innerJoin('users as uploader', 'uploader.id', 'attachments.uploader_id')
        .innerJoin('users as owner', 'owner.id', 'attachments.user_id')
        .selectAll('attachments')
        .select([
          'uploader.nombre as uploader_nombre',
          'uploader.apellido as uploader_apellido',
          'uploader.especialidad as uploader_especialidad',
        ])
        .where('attachments.user_id', '=', userId)
        .where('owner.deleted_at', 'is', null)
        .where(visibleTo(actorId))
        .orderBy('attachments.created_at')
        .orderBy('attachments.id')
        .execute(),

    findVisible: (actorId: number, attachmentId: number) =>
      db
        .selectFrom('attachments')
        .innerJoin('users as owner', 'owner.id', 'attachments.user_id')
        .selectAll('attachments')
        .where('attachments.id', '=', attachmentId)
        .where('owner.deleted_at', 'is', null)
        .where(visibleTo(actorId))
        .executeTakeFirst(),

    /** Removes the given attachments of one user; returns the storage keys of what was removed. */
    deleteForUser: (userId: number, ids: number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .deleteFrom('attachments')
            .where('user_id', '=', userId)
            .where('id', 'in', ids)
            .returning(['id', 'storage_key'])
            .execute(),
  };
}

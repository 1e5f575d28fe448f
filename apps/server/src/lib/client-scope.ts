import { USER_TYPE } from '@medida/contracts';
import type { Database, Kysely } from '@medida/db';
import { notFound } from './app-error.ts';
import { belowActor } from './account-tree.ts';

/**
 * A live client (type 2) the actor may see: the client itself, or a client below the actor in its
 * account tree. Anything else is 404, so ids of other accounts reveal nothing (decision 012).
 */
export async function findVisibleClient(db: Kysely<Database>, actorId: number, clientId: number) {
  const client = await db
    .selectFrom('users')
    .select(['id', 'parent_user_id', 'nombre', 'apellido', 'lang'])
    .where('id', '=', clientId)
    .where('type', '=', USER_TYPE.client)
    .where('deleted_at', 'is', null)
    .where((eb) => (actorId === clientId ? eb.lit(true) : belowActor(actorId, 'users.id')))
    .executeTakeFirst();
  if (!client) throw notFound();
  return { ...client, isSelf: actorId === clientId };
}

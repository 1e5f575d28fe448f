/** The HTTP benches' account: the list bench's tree plus one real evaluation and a session for its owner. */
import { USER_TYPE } from '@medida/contracts';
import type { DbHandle } from '@medida/db';
import { insertTestUser } from '@medida/db/testing';
import type { Config } from '../src/config.ts';
import { systemClock } from '../src/lib/clock.ts';
import { createChatService } from '../src/modules/chat/chat.service.ts';
import { createEvaluationsService } from '../src/modules/evaluations/evaluations.service.ts';
import { createSessionsService } from '../src/modules/sessions/sessions.service.ts';
import { evaluationBody } from '../src/test/evaluation-factories.ts';
import { chileIds, type ChileIds } from '../src/test/people-factories.ts';
import { seedBenchTree } from './bench-tree.ts';

export const BENCH_OWNER_EMAIL = 'owner@bench.test';

export interface BenchAccount {
  /** The owner's bearer token (a live session). */
  token: string;
  ownerId: number;
  /** A client of the owner with one evaluation stored through the evaluations service. */
  clientId: number;
  evaluationId: number;
  /** That client's own bearer token (the portal's routes). */
  clientToken: string;
  /** The owner's room with that client, holding a page of messages. */
  roomId: string;
  /** A network professional of the owner's (a credit transfer's receiver). */
  colleagueId: number;
  /** Chile's country, region and city ids (a new client's address). */
  places: ChileIds;
}

/** Evaluations stored through the real service without charging credits (the seed is not what is measured). */
export const freeEvaluations = (handle: DbHandle) =>
  createEvaluationsService({ db: handle.db, clock: systemClock, config: { evaluationCreditCost: 0 } as Config });

/** Sessions that outlive a whole bench run. */
export const benchSessions = (handle: DbHandle) =>
  createSessionsService({
    db: handle.db,
    clock: systemClock,
    config: { session: { idleMinutes: 24 * 60, absoluteMinutes: 24 * 60 } },
  });

/**
 * 10,000 clients and 100,000 evaluations (bench-tree.ts) under a verified professional at the top of its account,
 * plus a client of its own with one evaluation through the service: the seeded ones hold empty documents,
 * which a detail page or a report cannot show.
 */
export async function seedBenchAccount(handle: DbHandle): Promise<BenchAccount> {
  const owner = await handle.db
    .insertInto('users')
    .values({
      type: USER_TYPE.professional,
      email: BENCH_OWNER_EMAIL,
      nombre: 'Owner',
      apellido: 'Bench',
      email_verified_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await seedBenchTree(handle.db, owner);
  const ownerId = owner.id;
  const clientId = await insertTestUser(handle.db, {
    type: USER_TYPE.client,
    email: 'detail-client@bench.test',
    password_hash: 'not-used',
    parent_user_id: ownerId,
  });
  const actor = { userId: ownerId, userType: USER_TYPE.professional, parentId: null, credits: 0 };
  const saved = await freeEvaluations(handle).create({ actor, body: evaluationBody(clientId, ownerId) });
  const sessions = benchSessions(handle);
  const meta = { ip: '127.0.0.1', userAgent: 'bench' };
  const token = await sessions.issue(ownerId, meta);
  const clientToken = await sessions.issue(clientId, meta);
  const chat = createChatService({ db: handle.db, clock: systemClock });
  const { chat_room_id: roomId } = await chat.getOrCreateRoom({ actorId: ownerId, otherId: clientId });
  for (let i = 0; i < 40; i++) {
    const userId = i % 2 === 0 ? ownerId : clientId;
    await chat.send({ userId, roomId, clientId: `bench-${i}`, message: `Message ${i} of the bench conversation.` });
  }
  const colleagueId = await insertTestUser(handle.db, {
    type: USER_TYPE.professional,
    email: 'colleague@bench.test',
    password_hash: 'not-used',
    parent_user_id: ownerId,
  });
  // Enough for every evaluation and transfer a write bench can make.
  await handle.db.updateTable('users').set({ creditos: 1_000_000_000 }).where('id', '=', ownerId).execute();
  return {
    token,
    ownerId,
    clientId,
    evaluationId: saved.evaluacion.id,
    clientToken,
    roomId,
    colleagueId,
    places: await chileIds(handle.db),
  };
}

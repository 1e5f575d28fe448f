import { randomUUID } from 'node:crypto';
import type { Database, Kysely } from '@medida/db';
import type { Clock } from '../../lib/clock.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import { createSocketSlotsRepository } from './socket-slots.repository.ts';

/** An instance whose heartbeat is older than this many intervals is taken for dead: its sockets stop counting. */
const STALE_AFTER_INTERVALS = 4;

/**
 * The chat's socket caps across instances (decision 222): per user and per client address, counted in the database,
 * so N instances together admit no more than one would. Each instance has an id and a heartbeat; a killed instance's
 * sockets stop counting once its heartbeat is stale, so nothing leaks.
 */
export function createSocketSlots(deps: {
  db: Kysely<Database>;
  clock: Clock;
  perUser: number;
  perAddress: number;
  heartbeatMs: number;
}) {
  const repo = createSocketSlotsRepository(deps.db);
  const instanceId = randomUUID();
  const open = new Set<string>();
  const staleMs = deps.heartbeatMs * STALE_AFTER_INTERVALS;

  return {
    instanceId,

    /** The socket's slot id, or undefined when its user or its address has every slot taken. */
    async claim(userId: number, address: string): Promise<string | undefined> {
      const id = randomUUID();
      const now = deps.clock.now();
      // Open before the row commits: a heartbeat running meanwhile must not take it for a leftover.
      open.add(id);
      let admitted = false;
      try {
        admitted = await repo.claim({
          id,
          instanceId,
          userId,
          addressKey: sha256Hex(address),
          now,
          freshSince: new Date(now.getTime() - staleMs),
          perUser: deps.perUser,
          perAddress: deps.perAddress,
        });
      } finally {
        if (!admitted) open.delete(id);
      }
      return admitted ? id : undefined;
    },

    async release(id: string) {
      open.delete(id);
      await repo.release(id);
    },

    heartbeat() {
      const now = deps.clock.now();
      return repo.heartbeat({
        instanceId,
        now,
        staleBefore: new Date(now.getTime() - staleMs),
        openIds: [...open],
      });
    },

    /** At shutdown, after the sockets closed: the instance and whatever of its slots is left. */
    async leave() {
      open.clear();
      await repo.leave(instanceId);
    },
  };
}

export type SocketSlots = ReturnType<typeof createSocketSlots>;

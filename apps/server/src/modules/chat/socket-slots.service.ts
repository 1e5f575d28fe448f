import { randomUUID } from 'node:crypto';
import type { Database, Kysely } from '@medida/db';
import type { Clock } from '../../lib/clock.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import type { InstanceRegistry } from '../instances/instances.service.ts';
import { createSocketSlotsRepository } from './socket-slots.repository.ts';

/** PostgreSQL's code for a foreign key violation: the instance's row is gone (a peer swept it while it was paused). */
const FOREIGN_KEY_VIOLATION = '23503';

/**
 * The chat's socket caps across instances (decision 222): per user and per client address, counted in the database,
 * so N instances together admit no more than one would. Each socket names its instance (the registry of decision
 * 231); a killed instance's sockets stop counting once its heartbeat is stale, so nothing leaks.
 */
export function createSocketSlots(deps: {
  db: Kysely<Database>;
  clock: Clock;
  instance: Pick<InstanceRegistry, 'id' | 'freshSince' | 'beat'>;
  perUser: number;
  perAddress: number;
}) {
  const repo = createSocketSlotsRepository(deps.db);
  const instanceId = deps.instance.id;
  const open = new Set<string>();

  const claimRow = (id: string, userId: number, address: string) =>
    repo.claim({
      id,
      instanceId,
      userId,
      addressKey: sha256Hex(address),
      now: deps.clock.now(),
      freshSince: deps.instance.freshSince(),
      perUser: deps.perUser,
      perAddress: deps.perAddress,
    });

  return {
    /** The socket's slot id, or undefined when its user or its address has every slot taken. */
    async claim(userId: number, address: string): Promise<string | undefined> {
      const id = randomUUID();
      // Open before the row commits: a prune running meanwhile must not take it for a leftover.
      open.add(id);
      let admitted = false;
      try {
        admitted = await claimRow(id, userId, address).catch(async (error: unknown) => {
          if ((error as { code?: string }).code !== FOREIGN_KEY_VIOLATION) throw error;
          await deps.instance.beat();
          return claimRow(id, userId, address);
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

    /** This instance's slots whose sockets are no longer open (a release that failed). */
    pruneClosed: () => repo.pruneClosed({ instanceId, openIds: [...open] }),

    /** At shutdown, after the sockets closed: whatever of its slots is left. */
    async leave() {
      open.clear();
      await repo.leave(instanceId);
    },
  };
}

export type SocketSlots = ReturnType<typeof createSocketSlots>;

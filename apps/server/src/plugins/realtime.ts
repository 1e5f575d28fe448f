import { notifyChannel, type Database, type DbHandle, type Kysely, type Listener } from '@medida/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The PostgreSQL channel every instance listens on. */
const REALTIME_CHANNEL = 'medida_realtime';
/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more; publishers keep under this. */
export const REALTIME_PAYLOAD_MAX_BYTES = 7900;

/**
 * Events between server instances (architecture "realtime"). A payload is a short reference
 * ("chat.read:<room>:<user>") or, for chat messages, the committed rows themselves (decision 217; at most
 * REALTIME_PAYLOAD_MAX_BYTES). On PGlite there is one process, so events go straight to the subscribers; on
 * PostgreSQL they go through NOTIFY, so every instance (this one included) hears them the same way.
 */
export interface RealtimeBus {
  /**
   * With `within` (a transaction) on PostgreSQL, the NOTIFY is part of that transaction: delivered at its
   * commit, never for a rolled-back one. In-process (`crossInstance` false) a caller with a transaction
   * publishes after its commit instead, since nothing could hold the event back until then.
   */
  publish(payload: string, within?: Kysely<Database>): Promise<void>;
  /** True when events travel through PostgreSQL NOTIFY (and `publish(…, trx)` is transactional). */
  readonly crossInstance: boolean;
  /** Returns the unsubscribe function. */
  subscribe(handler: (payload: string) => void): () => void;
  /** Called after the cross-instance link came back from an outage: events may have been missed. */
  onResync(handler: () => void): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeBus;
  }
}

async function realtimePlugin(app: FastifyInstance, options: { handle: DbHandle }) {
  const handlers = new Set<(payload: string) => void>();
  const resyncHandlers: Array<() => void> = [];
  const deliver = (payload: string) => {
    for (const handler of handlers) {
      try {
        handler(payload);
      } catch (err) {
        app.log.error({ err, payload }, 'realtime handler failed');
      }
    }
  };

  let listener: Listener | undefined;
  let publish: RealtimeBus['publish'];
  if (options.handle.listen) {
    listener = await options.handle.listen(REALTIME_CHANNEL, {
      onPayload: deliver,
      onReconnect: () => {
        app.log.warn('realtime: LISTEN connection restored');
        for (const handler of resyncHandlers) handler();
      },
      onError: (err) => app.log.warn({ err }, 'realtime: LISTEN connection failed'),
    });
    publish = (payload, within) => notifyChannel(within ?? app.deps.db, REALTIME_CHANNEL, payload);
  } else {
    // Asynchronous like NOTIFY, so a publisher never runs subscribers inside its own call stack.
    publish = async (payload) => void setImmediate(deliver, payload);
  }

  app.decorate('realtime', {
    publish,
    crossInstance: listener !== undefined,
    subscribe: (handler) => {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    onResync: (handler) => void resyncHandlers.push(handler),
  } satisfies RealtimeBus);

  app.addHook('onClose', async () => {
    handlers.clear();
    await listener?.close();
  });
}

export const realtime = fp(realtimePlugin, { name: 'realtime' });

import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from './database.ts';

export interface ListenHandlers {
  onPayload(payload: string): void;
  /** Called after a dropped connection is back: notifications sent meanwhile were lost. */
  onReconnect?(): void;
  onError?(error: Error): void;
}

export interface Listener {
  close(): Promise<void>;
}

/**
 * LISTEN on one channel over a dedicated connection (a pooled one would be handed to other queries).
 * A dropped connection is reopened with backoff; PostgreSQL does not queue notifications for a closed
 * session, so the caller hears about it through `onReconnect`.
 */
export async function listenOnChannel(
  connectionString: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<Listener> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Invalid channel name ${channel}`);
  let client: pg.Client | undefined;
  let closed = false;
  let reconnecting = false;

  const connect = async () => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.onPayload(message.payload);
    });
    next.on('error', (error) => {
      handlers.onError?.(error);
      if (client === next) void reconnect();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (closed) await next.end().catch(() => {});
    else client = next;
  };

  const reconnect = async () => {
    if (reconnecting || closed) return;
    reconnecting = true;
    void client?.end().catch(() => {});
    client = undefined;
    for (let delay = 250; !closed; delay = Math.min(delay * 2, 10_000)) {
      await sleep(delay);
      if (closed) break;
      try {
        await connect();
        handlers.onReconnect?.();
        break;
      } catch (error) {
        handlers.onError?.(error as Error);
      }
    }
    reconnecting = false;
  };

  await connect();
  return {
    close: async () => {
      closed = true;
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}

/** NOTIFY on `channel` through `db`'s pool: every instance LISTENing (listenOnChannel), this one too, hears it. */
export async function notifyChannel(db: Kysely<Database>, channel: string, payload: string): Promise<void> {
  await sql`SELECT pg_notify(${channel}, ${payload})`.execute(db);
}

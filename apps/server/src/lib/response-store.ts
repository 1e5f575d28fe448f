import type { AuditTarget } from './audit-route.ts';

/**
 * The response cache's memory (decision 160): serialized answers, least recently used first, bounded by
 * bytes and by age, grouped by account so that an account's answers of an older data version go as soon as
 * a newer version is seen.
 */
export interface StoredResponse {
  body: string;
  contentType: string;
  /** What the answer is a read of, for an audited route (decision 172: a held read's event names it). */
  auditTarget?: AuditTarget | undefined;
}

interface Entry extends StoredResponse {
  accountId: number;
  bytes: number;
  storedAt: number;
}

export interface ResponseStoreOptions {
  maxBytes: number;
  ttlMs: number;
  now: () => number;
}

/** Fixed cost of an entry beside its body (key, maps, object headers), so many tiny answers still count. */
const ENTRY_OVERHEAD_BYTES = 200;

export function createResponseStore(options: ResponseStoreOptions) {
  // A Map iterates in insertion order: re-inserting on a hit makes the first entry the least recently used.
  const entries = new Map<string, Entry>();
  const accounts = new Map<number, { version: number; keys: Set<string> }>();
  let bytes = 0;
  const stats = { hits: 0, misses: 0, stored: 0 };
  // One answer may take at most this share of the bound: a huge page must not flush everything else.
  const maxEntryBytes = Math.floor(options.maxBytes / 8);

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
    accounts.get(entry.accountId)?.keys.delete(key);
  }

  /**
   * The account's latest known version: a newer one drops every answer of the older ones. Returns whether
   * `version` is the latest (an older one belongs to a request that began before a write: never stored).
   */
  function observe(accountId: number, version: number): boolean {
    const account = accounts.get(accountId);
    if (!account) {
      accounts.set(accountId, { version, keys: new Set() });
      return true;
    }
    if (version > account.version) {
      for (const key of account.keys) remove(key);
      account.version = version;
    }
    return version >= account.version;
  }

  /** The live answer under `key`, now the most recently used; an expired one is dropped. */
  function find(key: string, accountId: number, version: number): StoredResponse | undefined {
    observe(accountId, version);
    const entry = entries.get(key);
    if (entry && options.now() - entry.storedAt < options.ttlMs) {
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    }
    if (entry) remove(key);
    return undefined;
  }

  return {
    enabled: options.maxBytes > 0,

    get(key: string, accountId: number, version: number): StoredResponse | undefined {
      const entry = find(key, accountId, version);
      if (entry) stats.hits += 1;
      else stats.misses += 1;
      return entry;
    },

    /** get, without counting a hit or a miss: whether the answer is there before the request is sure to use it. */
    peek: (key: string, accountId: number, version: number): StoredResponse | undefined =>
      find(key, accountId, version),

    /** A hit on an answer found by peek. */
    countHit(): void {
      stats.hits += 1;
    },

    set(key: string, accountId: number, version: number, response: StoredResponse): void {
      if (!observe(accountId, version)) return;
      const size = Buffer.byteLength(response.body) + key.length + ENTRY_OVERHEAD_BYTES;
      if (size > maxEntryBytes) return;
      remove(key);
      entries.set(key, { ...response, accountId, bytes: size, storedAt: options.now() });
      accounts.get(accountId)!.keys.add(key);
      bytes += size;
      stats.stored += 1;
      for (const [oldest] of entries) {
        if (bytes <= options.maxBytes) break;
        remove(oldest);
      }
      // Accounts with nothing left keep only their version (a few bytes); forget them when idle.
      if (accounts.size > 4 * entries.size + 1000)
        for (const [id, account] of accounts) if (account.keys.size === 0) accounts.delete(id);
    },

    stats: () => ({ ...stats, entries: entries.size, bytes }),
  };
}

export type ResponseStore = ReturnType<typeof createResponseStore>;

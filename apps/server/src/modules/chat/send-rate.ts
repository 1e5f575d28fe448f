import { CHAT_LIMITS } from '@medida/contracts';

/**
 * Messages per second per user (decision 121): a token bucket of `burst` tokens refilled at `perSecond`,
 * shared by all of the user's sockets on this instance. Buckets of users who stopped sending are
 * dropped once full again, so the map stays as small as the set of active senders.
 */
export function createSendRate(
  options: { perSecond: number; burst: number; now?: () => number } = {
    perSecond: CHAT_LIMITS.messagesPerSecond,
    burst: CHAT_LIMITS.messageBurst,
  },
) {
  const now = options.now ?? (() => performance.now());
  const buckets = new Map<number, { tokens: number; at: number }>();

  return {
    /** Takes one token; false when the user is over the limit. */
    take(userId: number): boolean {
      const t = now();
      const bucket = buckets.get(userId) ?? { tokens: options.burst, at: t };
      bucket.tokens = Math.min(options.burst, bucket.tokens + ((t - bucket.at) / 1000) * options.perSecond);
      bucket.at = t;
      if (bucket.tokens < 1) {
        buckets.set(userId, bucket);
        return false;
      }
      bucket.tokens -= 1;
      buckets.set(userId, bucket);
      return true;
    },

    /** Forgets buckets that have refilled completely. */
    prune() {
      const t = now();
      for (const [userId, bucket] of buckets)
        if (bucket.tokens + ((t - bucket.at) / 1000) * options.perSecond >= options.burst) buckets.delete(userId);
    },
  };
}

import type { Database, Kysely } from '@medida/db';
import { HOUR, type Clock } from '../../lib/clock.ts';
import { generateToken, sha256Hex } from '../../lib/tokens.ts';
import { createKnownDevicesRepository } from './known-devices.repository.ts';

/** A device unseen for this long is a stranger again (the cookie's Max-Age is the same). */
export const KNOWN_DEVICE_DAYS = 365;
/** Browsers remembered per user; API clients without cookies would otherwise add one row per sign-in. */
const DEVICES_PER_USER = 20;

/**
 * Browsers that signed in to an account before (decision 015). The browser keeps an opaque random
 * token in an httpOnly cookie; the server keeps its SHA-256 and the user it signed in as.
 */
export function createKnownDevicesService(deps: { db: Kysely<Database>; clock: Clock }) {
  const repo = createKnownDevicesRepository(deps.db);
  const seenSince = () => new Date(deps.clock.now().getTime() - KNOWN_DEVICE_DAYS * 24 * HOUR);
  return {
    /** The token's hash when this browser signed in as `userId` before, else null. */
    async recognise(deviceToken: string | null, userId: number | undefined): Promise<string | null> {
      if (!deviceToken || userId === undefined) return null;
      const hash = sha256Hex(deviceToken);
      return (await repo.ownerOf(hash, seenSince())) === userId ? hash : null;
    },
    /** After a correct password: the token the browser should keep (the same one if it was known). */
    async remember(userId: number, deviceToken: string | null): Promise<string> {
      const now = deps.clock.now();
      if (deviceToken && (await repo.ownerOf(sha256Hex(deviceToken), seenSince())) === userId) {
        await repo.touch(sha256Hex(deviceToken), now);
        return deviceToken;
      }
      const token = generateToken();
      await repo.add({ tokenHash: sha256Hex(token), userId, now }, DEVICES_PER_USER);
      return token;
    },
  };
}

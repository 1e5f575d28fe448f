import { avatarAsPng } from '../../lib/images.ts';
import { readVerified, type BlobStorage } from '../../lib/storage.ts';
import type { createReportCache } from './report-cache.ts';

/** Pixels a side of the header logo: ~3.5 × its 44 pt width, sharp when printed. */
const LOGO_PIXELS = 160;

export interface StoredAvatar {
  storage_key: string;
  size_bytes: number;
  sha256: string;
}

/**
 * The professional's avatar (decision 118) as the report header's logo: a PNG data URI, converted once
 * per stored picture (its key changes on every upload, so a cached conversion is never stale). A picture
 * that fails its hash check or does not decode leaves the header without a logo, never the report unmade.
 */
export function createReportLogos(deps: { storage: BlobStorage; cache: ReturnType<typeof createReportCache> }) {
  return {
    async logoOf(avatar: StoredAvatar | null): Promise<string | null> {
      if (!avatar) return null;
      try {
        const png = await deps.cache.get(`logo:${avatar.storage_key}`, async () => {
          const webp = await readVerified(deps.storage, avatar);
          if (!webp) throw new Error('avatar blob missing or altered');
          return (await avatarAsPng(webp, LOGO_PIXELS)).data;
        });
        return `data:image/png;base64,${png.toString('base64')}`;
      } catch {
        return null;
      }
    },
  };
}

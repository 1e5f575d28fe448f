import { createHash } from 'node:crypto';

/**
 * Rendered report bytes, least recently used out first, bounded in bytes. The key is the (evaluation,
 * version, language) of issue 10 item 1 plus a digest of everything the report shows, so a renamed
 * client or a newly added earlier visit can never be served from an older rendering.
 */
export function createReportCache(maxBytes: number) {
  const entries = new Map<string, Buffer>();
  const inFlight = new Map<string, Promise<Buffer>>();
  let bytes = 0;

  return {
    key(parts: { evaluationId: number; version: number; lang: string }, content: unknown): string {
      const digest = createHash('sha256').update(JSON.stringify(content)).digest('base64url');
      return `${parts.evaluationId}:${parts.version}:${parts.lang}:${digest}`;
    },

    /** The cached bytes, or one rendering shared by every concurrent request for the same key. */
    async get(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit); // most recently used last
        return hit;
      }
      const running = inFlight.get(key);
      if (running) return running;
      const job = render().finally(() => inFlight.delete(key));
      inFlight.set(key, job);
      const pdf = await job;
      if (pdf.byteLength <= maxBytes) {
        entries.set(key, pdf);
        bytes += pdf.byteLength;
        for (const [oldKey, old] of entries) {
          if (bytes <= maxBytes) break;
          entries.delete(oldKey);
          bytes -= old.byteLength;
        }
      }
      return pdf;
    },

    get size() {
      return { entries: entries.size, bytes };
    },
  };
}

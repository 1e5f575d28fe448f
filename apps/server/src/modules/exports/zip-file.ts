import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/**
 * A ZIP written to disk entry by entry (fflate's streaming Zip): only the entry being added is in memory.
 * PDFs and uploaded files are already compressed, so they are stored; JSON is deflated.
 */
export function createZipFile(filePath: string) {
  const out = createWriteStream(filePath, { flags: 'wx', mode: 0o600 });
  let failure: Error | null = null;
  out.on('error', (error) => (failure ??= error));
  const zip = new Zip((error, chunk, final) => {
    if (error) failure ??= error;
    else out.write(chunk);
    if (final || error) out.end();
  });

  const check = () => {
    if (failure) throw failure;
  };

  return {
    async add(name: string, data: Uint8Array, options: { compress: boolean }) {
      check();
      const entry = options.compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
      zip.add(entry);
      entry.push(data, true);
      // Let the disk catch up before the next entry.
      if (out.writableNeedDrain) await once(out, 'drain');
      check();
    },

    /** Writes the central directory and closes the file. */
    async finish() {
      zip.end();
      if (!out.writableFinished) await once(out, 'finish');
      check();
    },

    /** After a failure: stop writing (the caller removes the file). */
    abort() {
      zip.terminate();
      out.destroy();
    },
  };
}

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceWorkerEntry } from './source-worker.ts';

describe('sourceWorkerEntry (decision 263)', () => {
  const entry = new URL('./pglite-worker.ts', import.meta.url);

  it('bundles the entry and the workspace modules it imports into one JavaScript file, keeping packages as imports', async () => {
    const url = await sourceWorkerEntry(entry);
    expect(url.pathname).toMatch(
      /\/packages\/db\/node_modules\/\.cache\/medida-workers\/pglite-worker-[0-9a-f]{16}\.mjs$/,
    );
    const code = readFileSync(fileURLToPath(url), 'utf8');
    // The worker's own modules are in the file (no TypeScript left for plain node to load)…
    expect(code).not.toMatch(/from ["']\.{1,2}\//);
    expect(code).not.toMatch(/\.ts["']/);
    expect(code).toContain('queryAfterBegin');
    // …and npm packages resolve from node_modules as the compiled server's do.
    expect(code).toMatch(/from ["']@electric-sql\/pglite["']/);
  });

  it('bundles once per process and names the file by its content', async () => {
    const [first, second] = await Promise.all([sourceWorkerEntry(entry), sourceWorkerEntry(entry)]);
    expect(second.href).toBe(first.href);
    expect(await sourceWorkerEntry(entry)).toBe(first);
  });
});

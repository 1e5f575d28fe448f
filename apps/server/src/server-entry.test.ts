// Decision 244: the entry starts the database before the rest of the server loads, so it imports statically only
// what that start needs; everything else comes through serve.ts, imported once the database is on its way.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const source = readFileSync(new URL('./server.ts', import.meta.url), 'utf8');
const staticImports = [...source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1]);

describe('the process entry (server.ts)', () => {
  it('imports statically only the configuration, the database and the data directory’s preparation', () => {
    expect(staticImports.sort()).toEqual(
      [
        './config.ts',
        './lib/fail-start.ts',
        './lib/open-database.ts',
        './lib/prepare-data-dir.ts',
        '@medida/db',
      ].sort(),
    );
  });

  it('loads the rest of the server with a dynamic import', () => {
    expect(source).toMatch(/import\('\.\/serve\.ts'\)/);
  });
});

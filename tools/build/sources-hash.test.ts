import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sourcesHash } from './sources-hash.mjs';

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

function write(relative: string, content: string) {
  mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  writeFileSync(path.join(root, relative), content);
}

describe('the sources fingerprint npm start rebuilds on (decision 211)', () => {
  it('changes with a source, the lockfile or a new file, and not with installs, builds or caches', () => {
    root = mkdtempSync(path.join(tmpdir(), 'sources-hash-'));
    write('apps/web/src/main.tsx', 'export {};');
    write('packages/domain/src/bmi.ts', 'export const a = 1;');
    write('package-lock.json', '{}');
    const first = sourcesHash(root);
    expect(sourcesHash(root)).toBe(first);

    write('apps/web/node_modules/x/index.js', 'x');
    write('apps/server/dist/server.js', 'built');
    write('apps/web/dist/index.html', '<html>');
    write('packages/db/node_modules/.vite/cache.json', '{}');
    expect(sourcesHash(root)).toBe(first);

    write('packages/domain/src/bmi.ts', 'export const a = 2;');
    const edited = sourcesHash(root);
    expect(edited).not.toBe(first);
    write('apps/server/src/new-route.ts', 'export {};');
    expect(sourcesHash(root)).not.toBe(edited);
    const withRoute = sourcesHash(root);
    write('package-lock.json', '{"lockfileVersion":3}');
    expect(sourcesHash(root)).not.toBe(withRoute);
  });
});

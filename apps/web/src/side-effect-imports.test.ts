import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const webRoot = path.resolve(import.meta.dirname, '..');
const srcRoot = path.join(webRoot, 'src');
const declared = (JSON.parse(readFileSync(path.join(webRoot, 'package.json'), 'utf8')) as { sideEffects: string[] })
  .sideEffects;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Whether package.json's `sideEffects` keeps a module of the app (decision 169): CSS by pattern, others by path. */
const keptForItsEffect = (file: string) =>
  declared.some((entry) =>
    entry.startsWith('*.') ? file.endsWith(entry.slice(1)) : path.resolve(webRoot, entry) === file,
  );

describe('modules imported for their effect alone', () => {
  it('are all declared in package.json sideEffects, so the build does not drop them', () => {
    const bare = sourceFiles(srcRoot).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/^import '(\.{1,2}\/[^']+)';$/gm)].map((m) =>
        path.resolve(path.dirname(file), m[1]!),
      ),
    );
    expect(bare.length).toBeGreaterThan(0);
    expect([...new Set(bare)].filter((file) => !keptForItsEffect(file))).toEqual([]);
  });
});

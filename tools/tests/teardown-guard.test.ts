import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A resource that beforeAll assigns to a `let` is undefined when beforeAll fails or times out. An afterAll that
// closes it unguarded then fails too, and the report shows two errors, the second hiding the first. Every such
// teardown reads `ctx?.close()` (issue 29, decision 179).

const ROOT = path.resolve(import.meta.dirname, '../..');
const TEST_FILE = /\.(test\.tsx?|e2e\.ts)$/;
const SKIPPED = new Set(['node_modules', 'dist', 'artifacts', '.git']);
const TEARDOWN = /\b([A-Za-z_$][\w$]*)((?:\??\.[\w$]+)*?)\??\.(close|destroy|stop|kill|end|dispose|terminate)\(/g;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return TEST_FILE.test(entry.name) ? [full] : [];
  });
}

/** The text of the call that opens at `start` (`afterAll(`), up to its closing parenthesis. */
function callAt(source: string, start: number): string {
  let depth = 0;
  for (let i = source.indexOf('(', start); i < source.length; i++) {
    if (source[i] === '(') depth++;
    else if (source[i] === ')' && --depth === 0) return source.slice(start, i + 1);
  }
  return source.slice(start);
}

/** Names declared with `let` anywhere in the file: what a beforeAll may leave unassigned. */
function letNames(source: string): Set<string> {
  const names = new Set<string>();
  for (const [, declaration = ''] of source.matchAll(/\blet\s+([^;=]+?)\s*[;=]/g)) {
    for (const [, name] of declaration.matchAll(/(?:^|,)\s*([A-Za-z_$][\w$]*)/g)) if (name) names.add(name);
  }
  return names;
}

/** Each afterAll teardown of a `let` resource without `?.` right after its name, as `line: call`. */
function unguardedTeardowns(source: string): string[] {
  const lets = letNames(source);
  const found: string[] = [];
  for (const hook of source.matchAll(/\bafterAll\(/g)) {
    const body = callAt(source, hook.index);
    for (const call of body.matchAll(TEARDOWN)) {
      const [text, name = ''] = call;
      if (lets.has(name) && !text.startsWith(`${name}?.`)) {
        found.push(`${source.slice(0, hook.index).split('\n').length}: ${text}`);
      }
    }
  }
  return found;
}

describe('afterAll teardowns', () => {
  it('finds an unguarded close and accepts a guarded one', () => {
    const setup =
      'let ctx: App;\nlet s: Setup;\nconst pool = open();\nbeforeAll(async () => { ctx = await start(); });\n';
    expect(unguardedTeardowns(`${setup}afterAll(() => ctx.close());`)).toEqual(['5: ctx.close(']);
    expect(unguardedTeardowns(`${setup}afterAll(async () => {\n  await s.ctx.close();\n});`)).toEqual([
      '5: s.ctx.close(',
    ]);
    expect(unguardedTeardowns(`${setup}afterAll(() => ctx?.close());`)).toEqual([]);
    expect(unguardedTeardowns(`${setup}afterAll(async () => {\n  await s?.ctx.close();\n});`)).toEqual([]);
    // A const was assigned before any hook ran: it cannot be missing.
    expect(unguardedTeardowns(`${setup}afterAll(() => pool.close());`)).toEqual([]);
  });

  it('every test file guards what its beforeAll assigns', () => {
    // This file is left out: its examples above break the rule on purpose.
    const files = ['apps', 'packages', 'e2e', 'tools']
      .flatMap((dir) => testFiles(path.join(ROOT, dir)))
      .filter((file) => file !== import.meta.filename);
    expect(files.length).toBeGreaterThan(100);
    const problems = files.flatMap((file) =>
      unguardedTeardowns(readFileSync(file, 'utf8')).map((problem) => `${path.relative(ROOT, file)}:${problem}`),
    );
    expect(problems).toEqual([]);
  });
});

import { ESLint } from 'eslint';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

// Each house rule of eslint.config.js, fired by a fixture with the repository's own config, so a rule that is
// switched off or scoped to the wrong folder fails here. Import rules lint a snippet as if it stood at `file`
// (no type information needed); cycles and the type-aware rules lint the files in ./fixtures (ignored by `npm run lint`).
const root = path.resolve(import.meta.dirname, '../..');
const TIMEOUT = 120_000;
let snippets: ESLint;
let fixtures: ESLint;

beforeAll(() => {
  snippets = new ESLint({
    cwd: root,
    overrideConfig: {
      files: ['**/*.{ts,tsx}'],
      languageOptions: { parserOptions: { projectService: false } },
      rules: {
        '@typescript-eslint/no-floating-promises': 'off',
        '@typescript-eslint/switch-exhaustiveness-check': 'off',
      },
    },
  });
  fixtures = new ESLint({ cwd: root, ignore: false });
});

async function rulesFired(file: string, code: string): Promise<string[]> {
  const [result] = await snippets.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

async function fixtureRules(name: string): Promise<string[]> {
  const [result] = await fixtures.lintFiles([path.join(import.meta.dirname, 'fixtures', name)]);
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('test-only code', () => {
  it('product code never imports test factories; tests may', { timeout: TIMEOUT }, async () => {
    const domain = "export { subjectA } from '@medida/domain/test';\n";
    expect(await rulesFired('apps/web/src/features/evaluations/fixture.ts', domain)).toContain('no-restricted-imports');
    expect(await rulesFired('apps/web/src/features/evaluations/fixture.test.ts', domain)).not.toContain(
      'no-restricted-imports',
    );
    const server = "export { insertUser } from '../../test/people-factories.ts';\n";
    expect(await rulesFired('apps/server/src/modules/people/fixture.ts', server)).toContain('no-restricted-imports');
  });
});

describe('web layering', () => {
  it('lib/ never imports features/', { timeout: TIMEOUT }, async () => {
    const code = "export { usePeopleModals } from '../features/people/index.ts';\n";
    expect(await rulesFired('apps/web/src/lib/fixture.ts', code)).toContain('import-x/no-restricted-paths');
  });

  it('components/ never imports app/', { timeout: TIMEOUT }, async () => {
    const code = "export { router } from '../app/router.tsx';\n";
    expect(await rulesFired('apps/web/src/components/fixture.ts', code)).toContain('import-x/no-restricted-paths');
  });

  it('a feature reaches another feature only through its index.ts', { timeout: TIMEOUT }, async () => {
    const deep = "export { fetchClients } from '../people/people-api.ts';\n";
    expect(await rulesFired('apps/web/src/features/credits/fixture.ts', deep)).toContain('medida/feature-entry-only');
    const entry = "export { usePeopleModals } from '../people/index.ts';\n";
    expect(await rulesFired('apps/web/src/features/credits/fixture.ts', entry)).not.toContain(
      'medida/feature-entry-only',
    );
    const own = "export { fetchClients } from './people-api.ts';\n";
    expect(await rulesFired('apps/web/src/features/people/fixture.ts', own)).not.toContain('medida/feature-entry-only');
  });
});

describe('server layering', () => {
  it("a module never imports another module's repository", { timeout: TIMEOUT }, async () => {
    const foreign = "export { createCreditsRepository } from '../credits/credits.repository.ts';\n";
    expect(await rulesFired('apps/server/src/modules/people/fixture.ts', foreign)).toContain(
      'medida/module-own-repository',
    );
    const own = "export { createCreditsRepository } from './credits.repository.ts';\n";
    expect(await rulesFired('apps/server/src/modules/credits/fixture.ts', own)).not.toContain(
      'medida/module-own-repository',
    );
  });

  it('plugins/ never import modules/', { timeout: TIMEOUT }, async () => {
    const code = "export { createSessionsService } from '../modules/sessions/sessions.service.ts';\n";
    expect(await rulesFired('apps/server/src/plugins/fixture.ts', code)).toContain('import-x/no-restricted-paths');
  });

  it('inside db.transaction().execute(trx => …) the outer db is not used', { timeout: TIMEOUT }, async () => {
    const code = [
      "import type { Database, Kysely } from '@medida/db';",
      'export async function fixture(db: Kysely<Database>, deps: { db: Kysely<Database> }) {',
      '  await db.transaction().execute(async (trx) => {',
      "    await trx.selectFrom('users').select('id').execute();",
      "    await db.selectFrom('users').select('id').execute();",
      '  });',
      '  await deps.db.transaction().execute(async (trx) => {',
      "    await deps.db.selectFrom('users').select('id').execute();",
      "    return trx.selectFrom('users').select('id').execute();",
      '  });',
      '  await db.transaction().execute(async (db) => {',
      "    await db.selectFrom('users').select('id').execute();",
      '  });',
      '}',
      '',
    ].join('\n');
    const fired = await rulesFired('apps/server/src/modules/credits/fixture.ts', code);
    // The outer `db` and the outer `deps.db`; a callback parameter that shadows the name is the transaction.
    expect(fired.filter((r) => r === 'medida/no-outer-db-in-transaction')).toHaveLength(2);
  });
});

describe('everywhere', () => {
  it('no import cycles', { timeout: TIMEOUT }, async () => {
    expect(await fixtureRules('cycle-a.ts')).toContain('import-x/no-cycle');
  });

  it('no floating promises', { timeout: TIMEOUT }, async () => {
    expect(await fixtureRules('floating-promise.ts')).toContain('@typescript-eslint/no-floating-promises');
  });

  it('a switch over a union names every member', { timeout: TIMEOUT }, async () => {
    expect(await fixtureRules('switch-not-exhaustive.ts')).toContain('@typescript-eslint/switch-exhaustiveness-check');
  });
});

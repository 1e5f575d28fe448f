import { ESLint } from 'eslint';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
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
  const TEST_ONLY = 'medida/no-test-code-in-product';
  const imports = [
    "export { subjectA } from '@medida/domain/test';\n",
    "export { createTestDatabase } from '@medida/db/testing';\n",
    "export { pdfText } from '@medida/server/testing/pdf-text';\n",
    "export { subjectA } from '../test/factories.ts';\n",
    "export { helper } from './helper.test.ts';\n",
    "export { insertUser } from './people-factories.ts';\n",
  ];
  // One product file in each workspace: the domain's own import rule must not replace this one (it once did).
  const productFiles = [
    'packages/domain/src/fixture.ts',
    'packages/contracts/src/fixture.ts',
    'packages/db/src/fixture.ts',
    'apps/server/src/modules/people/fixture.ts',
    'apps/web/src/features/evaluations/fixture.ts',
  ];

  it('product code never imports test factories, test files or testing entries', { timeout: TIMEOUT }, async () => {
    for (const file of productFiles) {
      for (const code of imports) expect(await rulesFired(file, code), `${file}: ${code}`).toContain(TEST_ONLY);
    }
  });

  it('tests and test helpers may', { timeout: TIMEOUT }, async () => {
    for (const file of [
      'apps/web/src/features/evaluations/fixture.test.ts',
      'apps/server/src/test/fixture.ts',
      'packages/domain/src/test/fixture.ts',
      'e2e/support/fixture.ts',
    ]) {
      for (const code of imports) expect(await rulesFired(file, code), `${file}: ${code}`).not.toContain(TEST_ONLY);
    }
  });

  it('in the engine both its own rule and this one hold', { timeout: TIMEOUT }, async () => {
    const code =
      "import { readFileSync } from 'node:fs';\nexport { subjectA } from './test/factories.ts';\nexport { readFileSync };\n";
    const fired = await rulesFired('packages/domain/src/fixture.ts', code);
    expect(fired).toContain(TEST_ONLY);
    expect(fired).toContain('medida/package-graph');
  });
});

describe('package graph', () => {
  const GRAPH = 'medida/package-graph';
  const edges: { file: string; code: string; allowed: boolean }[] = [
    // domain imports only zod
    { file: 'packages/domain/src/fixture.ts', code: "export { z } from 'zod';", allowed: true },
    { file: 'packages/domain/src/fixture.ts', code: "export { USER_TYPE } from '@medida/contracts';", allowed: false },
    { file: 'packages/domain/src/fixture.ts', code: "export { sql } from '@medida/db';", allowed: false },
    { file: 'packages/domain/src/fixture.ts', code: "export { readFileSync } from 'node:fs';", allowed: false },
    { file: 'packages/domain/src/fixture.ts', code: "export { buildApp } from '@medida/server';", allowed: false },
    { file: 'packages/domain/src/fixture.ts', code: "export { paths } from '@medida/web';", allowed: false },
    { file: 'packages/domain/src/fixture.ts', code: "export { sql } from 'kysely';", allowed: false },
    {
      file: 'packages/domain/src/fixture.ts',
      code: "export { USER_TYPE } from '../../contracts/src/constants.ts';",
      allowed: false,
    },
    // contracts imports only domain and zod
    { file: 'packages/contracts/src/fixture.ts', code: "export { z } from 'zod';", allowed: true },
    { file: 'packages/contracts/src/fixture.ts', code: "export { evaluate } from '@medida/domain';", allowed: true },
    { file: 'packages/contracts/src/fixture.ts', code: "export { sql } from '@medida/db';", allowed: false },
    { file: 'packages/contracts/src/fixture.ts', code: "export type { Database } from '@medida/db';", allowed: false },
    { file: 'packages/contracts/src/fixture.ts', code: "export { sql } from 'kysely';", allowed: false },
    { file: 'packages/contracts/src/fixture.ts', code: "export { buildApp } from '@medida/server';", allowed: false },
    { file: 'packages/contracts/src/fixture.ts', code: "export { paths } from '@medida/web';", allowed: false },
    {
      file: 'packages/contracts/src/fixture.ts',
      code: "export { createDb } from '../../db/src/index.ts';",
      allowed: false,
    },
    // db imports only domain and contracts among the workspaces
    { file: 'packages/db/src/fixture.ts', code: "export { USER_TYPE } from '@medida/contracts';", allowed: true },
    { file: 'packages/db/src/fixture.ts', code: "export { buildApp } from '@medida/server';", allowed: false },
    { file: 'packages/db/src/fixture.ts', code: "export { paths } from '@medida/web';", allowed: false },
    {
      file: 'packages/db/src/fixture.ts',
      code: "export { buildApp } from '../../../apps/server/src/app.ts';",
      allowed: false,
    },
    {
      file: 'packages/db/src/fixture.ts',
      code: "export { paths } from '../../../apps/web/src/config/paths.ts';",
      allowed: false,
    },
    // server: domain, contracts, db
    { file: 'apps/server/src/lib/fixture.ts', code: "export { createDb } from '@medida/db';", allowed: true },
    { file: 'apps/server/src/lib/fixture.ts', code: "export { paths } from '@medida/web';", allowed: false },
    {
      file: 'apps/server/src/lib/fixture.ts',
      code: "export { paths } from '../../../web/src/config/paths.ts';",
      allowed: false,
    },
    {
      file: 'apps/server/src/lib/fixture.ts',
      code: "export { createDb } from '../../../../packages/db/src/index.ts';",
      allowed: false,
    },
    // web: domain and contracts, never db or the server
    { file: 'apps/web/src/lib/fixture.ts', code: "export { USER_TYPE } from '@medida/contracts';", allowed: true },
    { file: 'apps/web/src/lib/fixture.ts', code: "export { evaluate } from '@medida/domain';", allowed: true },
    { file: 'apps/web/src/lib/fixture.ts', code: "export { sql } from '@medida/db';", allowed: false },
    { file: 'apps/web/src/lib/fixture.ts', code: "export { buildApp } from '@medida/server';", allowed: false },
    { file: 'apps/web/src/lib/fixture.ts', code: "export type { Database } from '@medida/db';", allowed: false },
    {
      file: 'apps/web/src/lib/fixture.ts',
      code: "export { buildApp } from '../../../server/src/app.ts';",
      allowed: false,
    },
    { file: 'apps/web/src/lib/fixture.test.ts', code: "export { sql } from '@medida/db';", allowed: false },
    // the browser tests drive the whole system
    { file: 'e2e/support/fixture.ts', code: "export { createDb } from '@medida/db';", allowed: true },
    {
      file: 'e2e/support/fixture.ts',
      code: "export { paths } from '../../apps/web/src/config/paths.ts';",
      allowed: true,
    },
  ];

  it.each(edges)('$file: $code', { timeout: TIMEOUT }, async ({ file, code, allowed }) => {
    const fired = await rulesFired(file, `${code}\n`);
    if (allowed) expect(fired).not.toContain(GRAPH);
    else expect(fired).toContain(GRAPH);
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

describe('SQL only in repositories', () => {
  const SQL = 'medida/sql-in-repositories';
  const builder = [
    "import type { Database, Kysely } from '@medida/db';",
    'export const fixture = (db: Kysely<Database>) =>',
    "  db.selectFrom('users').select('id').where('id', '=', 1).execute();",
    '',
  ].join('\n');
  const template = [
    "import { sql, type Database, type Kysely } from '@medida/db';",
    'export const fixture = (db: Kysely<Database>) => sql`SELECT 1`.execute(db);',
    '',
  ].join('\n');
  const kyselyTemplate = [
    "import { sql } from 'kysely';",
    "export const fixture = () => sql.raw('SELECT 1');",
    '',
  ].join('\n');
  const others = [
    "import type { Database, Kysely } from '@medida/db';",
    'export const fixture = (db: Kysely<Database>) => [',
    "  db.with('x', (q) => q.selectFrom('users').select('id')),",
    "  db.insertInto('users'),",
    "  db.updateTable('users'),",
    "  db.deleteFrom('users'),",
    "  db.mergeInto('users'),",
    "  db.executeQuery(db.selectNoFrom((eb) => eb.lit(1).as('one')).compile()),",
    '];',
    '',
  ].join('\n');

  it('fires in a service, a route, a plugin, lib/ and cli/', { timeout: TIMEOUT }, async () => {
    for (const file of [
      'apps/server/src/modules/people/people.service.ts',
      'apps/server/src/modules/people/people.routes.ts',
      'apps/server/src/plugins/fixture.ts',
      'apps/server/src/lib/fixture.ts',
      'apps/server/src/cli/fixture.ts',
    ]) {
      for (const code of [builder, template, kyselyTemplate]) {
        expect(await rulesFired(file, code), `${file}: ${code}`).toContain(SQL);
      }
    }
    const fired = await rulesFired('apps/server/src/modules/people/people.service.ts', others);
    // with, its selectFrom, insertInto, updateTable, deleteFrom, mergeInto, executeQuery and selectNoFrom.
    expect(fired.filter((r) => r === SQL)).toHaveLength(8);
  });

  it(
    'is silent in a repository, in tests, in packages/db and on Array.prototype.with',
    { timeout: TIMEOUT },
    async () => {
      for (const file of [
        'apps/server/src/modules/people/people.repository.ts',
        'apps/server/src/modules/people/people.int.test.ts',
        'apps/server/src/test/fixture.ts',
        'packages/db/src/fixture.ts',
      ]) {
        for (const code of [builder, template, kyselyTemplate, others]) {
          expect(await rulesFired(file, code), `${file}: ${code}`).not.toContain(SQL);
        }
      }
      const array = 'export const fixture = (list: number[]) => list.with(0, 1);\n';
      expect(await rulesFired('apps/server/src/lib/fixture.ts', array)).not.toContain(SQL);
    },
  );
});

describe('user types only through USER_TYPE', () => {
  const LITERAL = 'medida/no-user-type-literal';
  const broken = [
    'export const f = (u: { type: number }) => u.type === 2;',
    'export const f = (type: number) => type !== 1;',
    'export const f = (userType: number) => 2 === userType;',
    'export const f = (row: { user_type: number }) => row.user_type == 1;',
    "export const f = (db: any) => db.selectFrom('users').where('type', '=', 1);",
    "export const f = (db: any) => db.selectFrom('users as u').where('u.type', 'in', [1, 2]);",
    "import { sql } from 'kysely';\nexport const f = () => sql`SELECT id FROM users p WHERE p.type = 1`;",
    "import { sql } from 'kysely';\nexport const f = () => sql.raw('SELECT id FROM users WHERE type <> 2');",
    'export function f(type: number) {\n  switch (type) {\n    case 1:\n      return 0;\n  }\n  return 1;\n}',
  ];
  const fine = [
    "import { USER_TYPE } from '@medida/contracts';\nexport const f = (u: { type: number }) => u.type === USER_TYPE.client;",
    "import { sql } from 'kysely';\nimport { USER_TYPE } from '@medida/contracts';\nexport const f = () => sql`SELECT id FROM users p WHERE p.type = ${sql.lit(USER_TYPE.professional)}`;",
    'export const url = (id: number) => `/web/getMyClients?type=2&parent_user_id=${id}`;',
    "export const f = (u: { type: string }) => u.type === 'file';",
    'export const f = (e: { evaluation_type: number }) => e.evaluation_type === 2;',
  ];

  it('fires on a literal user type in product code', { timeout: TIMEOUT }, async () => {
    for (const file of [
      'apps/server/src/modules/people/people.service.ts',
      'apps/web/src/features/people/fixture.ts',
    ]) {
      for (const code of broken) expect(await rulesFired(file, `${code}\n`), `${file}: ${code}`).toContain(LITERAL);
    }
    for (const code of broken.slice(4, 8)) {
      expect(await rulesFired('apps/server/src/modules/people/people.repository.ts', `${code}\n`)).toContain(LITERAL);
    }
  });

  it('is silent on USER_TYPE, URLs, other names, tests, migrations and the engine', { timeout: TIMEOUT }, async () => {
    for (const code of fine) {
      expect(await rulesFired('apps/server/src/modules/people/people.repository.ts', `${code}\n`), code).not.toContain(
        LITERAL,
      );
    }
    for (const file of [
      'apps/server/src/modules/people/people.int.test.ts',
      'packages/db/src/migrations/0099_fixture.ts',
      // The engine's `type` is the evaluation method (1–4), not a user type.
      'packages/domain/src/fixture.ts',
    ]) {
      for (const code of broken) expect(await rulesFired(file, `${code}\n`), `${file}: ${code}`).not.toContain(LITERAL);
    }
  });
});

describe('double casts', () => {
  const CAST = 'medida/double-cast-names-library';
  const bare = 'export const f = (x: string) => x as unknown as number;\n';
  const unnamed = '// the types are wrong here\nexport const f = (x: string) => x as unknown as number;\n';
  const notADependency = "// leftpad's types: wrong\nexport const f = (x: string) => x as unknown as number;\n";
  const above =
    "// pg's types: they leave out the client's connection.\nexport const f = (x: string) => x as unknown as number;\n";
  const sameLine = "export const f = (x: string) => x as unknown as number; // kysely's types: outer joins\n";

  it("fires on `as unknown as` without a `// <library>'s types:` comment", { timeout: TIMEOUT }, async () => {
    for (const code of [bare, unnamed, notADependency]) {
      expect(await rulesFired('packages/db/src/fixture.ts', code), code).toContain(CAST);
    }
  });

  it('is silent with the comment above or on the line, and in tests', { timeout: TIMEOUT }, async () => {
    for (const code of [above, sameLine]) {
      expect(await rulesFired('packages/db/src/fixture.ts', code), code).not.toContain(CAST);
    }
    expect(await rulesFired('apps/web/src/features/evaluations/fixture.test.ts', bare)).not.toContain(CAST);
  });
});

describe('request flow', () => {
  it('a service never sees the request', { timeout: TIMEOUT }, async () => {
    const code =
      "import type { FastifyRequest } from 'fastify';\nexport const f = (request: FastifyRequest) => request.id;\n";
    expect(await rulesFired('apps/server/src/modules/people/people.service.ts', code)).toContain(
      'medida/service-without-request',
    );
    expect(await rulesFired('apps/server/src/modules/people/people.routes.ts', code)).not.toContain(
      'medida/service-without-request',
    );
  });

  it('every route declares who may call it', { timeout: TIMEOUT }, async () => {
    const ACCESS = 'medida/route-declares-access';
    const file = 'apps/server/src/modules/people/people.routes.ts';
    const route = (options: string) =>
      [
        "import type { FastifyInstance } from 'fastify';",
        "import { protectedRoute } from '../../lib/access.ts';",
        'declare const audited: <T>(options: T, event: object) => T;',
        'export function routes(app: FastifyInstance) {',
        `  app.get('/web/fixture', ${options}, async () => ({}));`,
        '  void protectedRoute;',
        '  void audited;',
        '}',
        '',
      ].join('\n');
    for (const options of ['{ schema: {} }', '{ config: { public: false } }']) {
      expect(await rulesFired(file, route(options)), options).toContain(ACCESS);
    }
    const bare =
      "import type { FastifyInstance } from 'fastify';\nexport const r = (app: FastifyInstance) => app.get('/web/x', async () => ({}));\n";
    expect(await rulesFired(file, bare)).toContain(ACCESS);
    for (const options of [
      "protectedRoute('any', {})",
      "{ ...protectedRoute('professional', {}), bodyLimit: 10 }",
      "audited(protectedRoute('any', {}), { action: 'read' })",
      "{ ...audited(protectedRoute('any', {}), { action: 'read' }), onResponse: async () => {} }",
      '{ config: { public: true } }',
    ]) {
      expect(await rulesFired(file, route(options)), options).not.toContain(ACCESS);
    }
  });

  it("a query key comes from its domain's key factory", { timeout: TIMEOUT }, async () => {
    const literal = "export const options = { queryKey: ['people', 1], queryFn: () => null };\n";
    const derived =
      "import { peopleKeys } from './people-queries.ts';\nexport const options = { queryKey: [...peopleKeys.all, 1] };\n";
    const factory =
      "import { peopleKeys } from './people-queries.ts';\nexport const options = { queryKey: peopleKeys.all };\n";
    expect(await rulesFired('apps/web/src/features/people/fixture.ts', literal)).toContain(
      'medida/query-key-from-factory',
    );
    for (const code of [derived, factory]) {
      expect(await rulesFired('apps/web/src/features/people/fixture.ts', code)).not.toContain(
        'medida/query-key-from-factory',
      );
    }
  });

  it("a feature's calls live in its <x>-api.ts", { timeout: TIMEOUT }, async () => {
    const API = 'medida/api-calls-in-api-files';
    const code =
      "import { messageSchema } from '@medida/contracts';\nimport { apiRequest } from '../../lib/api.ts';\nexport const remove = () => apiRequest('/web/avatar', { method: 'DELETE', schema: messageSchema });\n";
    expect(await rulesFired('apps/web/src/features/profile/avatar-editor.tsx', code)).toContain(API);
    expect(await rulesFired('apps/web/src/features/profile/account-api.ts', code)).not.toContain(API);
    const lib = code.replace('../../lib/api.ts', './api.ts');
    expect(await rulesFired('apps/web/src/lib/own-profile.ts', lib)).not.toContain(API);
  });

  it('a screen path comes from config/paths.ts', { timeout: TIMEOUT }, async () => {
    const PATHS = 'medida/paths-from-config';
    const file = 'apps/web/src/features/dashboard/fixture.tsx';
    for (const code of [
      "import { Link } from 'react-router';\nexport const A = ({ id }: { id: number }) => <Link to={`/users/${id}`}>x</Link>;\n",
      'import { Link } from \'react-router\';\nexport const A = () => <Link to="/login">x</Link>;\n',
      "import { useNavigate } from 'react-router';\nexport const useGo = () => {\n  const navigate = useNavigate();\n  return () => navigate('/dashboard');\n};\n",
    ]) {
      expect(await rulesFired(file, code), code).toContain(PATHS);
    }
    const fine =
      "import { Link } from 'react-router';\nimport { paths } from '../../config/paths.ts';\nexport const A = () => <Link to={paths.login}>x</Link>;\n";
    expect(await rulesFired(file, fine)).not.toContain(PATHS);
    const api = 'export const A = ({ id }: { id: number }) => <a href={`/web/attachments/${id}`}>x</a>;\n';
    expect(await rulesFired(file, api)).not.toContain(PATHS);
  });
});

describe('format', () => {
  it('npm run lint runs ESLint, Prettier (width 120) and knip over the whole repository', async () => {
    const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    // Two parts, which CI runs in its two lanes (decision 257): both must be in `lint` and in CI.
    expect(scripts.lint).toBe('npm run lint:code && npm run lint:rest');
    expect(scripts['lint:code']).toBe('eslint .');
    expect(scripts['lint:rest']).toContain('prettier --check .');
    expect(scripts['lint:rest']).toContain('knip');
    const ci = readFileSync(path.join(root, '.ci/run'), 'utf8');
    expect(ci).toContain('npm run lint:code');
    expect(ci).toContain('npm run lint:rest');
    const file = path.join(root, 'apps/server/src/lib/fixture.ts');
    const options = { ...(await prettier.resolveConfig(file)), filepath: file };
    expect(options.printWidth).toBe(120);
    const long = `export const text = '${'x'.repeat(100)}' + '${'y'.repeat(10)}';\n`;
    expect(await prettier.check(long, options)).toBe(false);
    expect(await prettier.check(await prettier.format(long, options), options)).toBe(true);
  });
});

describe('everywhere', () => {
  it('no import cycles, type-only imports included', { timeout: TIMEOUT }, async () => {
    expect(await fixtureRules('cycle-a.ts')).toContain('medida/no-import-cycle');
    expect(await fixtureRules('cycle-type-a.ts')).toContain('medida/no-import-cycle');
    expect(await fixtureRules('cycle-type-b.ts')).toContain('medida/no-import-cycle');
    expect(await fixtureRules('floating-promise.ts')).not.toContain('medida/no-import-cycle');
  });

  it('no floating promises', { timeout: TIMEOUT }, async () => {
    expect(await fixtureRules('floating-promise.ts')).toContain('@typescript-eslint/no-floating-promises');
  });

  it('a switch over a union names every member', { timeout: TIMEOUT }, async () => {
    expect(await fixtureRules('switch-not-exhaustive.ts')).toContain('@typescript-eslint/switch-exhaustiveness-check');
  });
});

describe('browser specs', () => {
  it('save pictures through saveShot, which CI switches off', { timeout: TIMEOUT }, async () => {
    const direct =
      "export async function show(page: { screenshot(o: object): Promise<void> }) {\n  await page.screenshot({ path: 'x.png' });\n}\n";
    expect(await rulesFired('e2e/specs/fixture.e2e.ts', direct)).toContain('no-restricted-syntax');
    expect(await rulesFired('e2e/support/fixture.ts', direct)).not.toContain('no-restricted-syntax');
  });
});

describe('dates in the web app', () => {
  it("take dayjs from lib/dates-locale.ts, which sets the UI language's locale", { timeout: TIMEOUT }, async () => {
    const direct = "import dayjs from 'dayjs';\nexport const today = () => dayjs().format('D MMM');\n";
    expect(await rulesFired('apps/web/src/features/fixture.ts', direct)).toContain('no-restricted-imports');
    expect(await rulesFired('apps/web/src/lib/dates-locale.ts', direct)).not.toContain('no-restricted-imports');
  });
});

describe('Intl formatters', () => {
  it('come from @medida/domain, made once per locale and options', { timeout: TIMEOUT }, async () => {
    const direct = "export const pct = (v: number) => new Intl.NumberFormat('es', {}).format(v);\n";
    for (const file of [
      'apps/web/src/features/fixture.ts',
      'apps/server/src/modules/reports/fixture.ts',
      'packages/domain/src/fixture.ts',
    ])
      expect(await rulesFired(file, direct)).toContain('no-restricted-syntax');
    expect(await rulesFired('packages/domain/src/i18n/intl-formats.ts', direct)).not.toContain('no-restricted-syntax');
  });
});

describe('the evaluation wizard', () => {
  it('lays out with CSS classes, not components that write a <style> per render', { timeout: TIMEOUT }, async () => {
    const wizard = 'apps/web/src/features/evaluations/wizard/fixture.tsx';
    const layouts = [
      "import { SimpleGrid } from '@mantine/core';\nexport const A = () => <SimpleGrid cols={2} />;\n",
      "import { Grid } from '@mantine/core';\nexport const A = () => <Grid><Grid.Col span={6} /></Grid>;\n",
      "import { Text } from '@mantine/core';\nexport const A = () => <Text w={{ sm: 250 }} />;\n",
    ];
    for (const code of layouts) {
      expect(await rulesFired(wizard, code)).toContain('no-restricted-syntax');
      expect(await rulesFired('apps/web/src/features/people/fixture.tsx', code)).not.toContain('no-restricted-syntax');
    }
    const intl = "export const f = () => new Intl.NumberFormat('es', {});\n";
    expect(await rulesFired(wizard, intl)).toContain('no-restricted-syntax');
    const plain =
      "import { Text } from '@mantine/core';\nexport const A = () => <Text w={250} style={{ flexShrink: 0 }} />;\n";
    expect(await rulesFired(wizard, plain)).not.toContain('no-restricted-syntax');
  });
});

describe('tooltips in the web app', () => {
  it('go through TooltipOnDemand, which mounts them on the first hover or focus', { timeout: TIMEOUT }, async () => {
    const direct = "import { Tooltip } from '@mantine/core';\nexport const T = Tooltip;\n";
    expect(await rulesFired('apps/web/src/features/fixture.tsx', direct)).toContain('no-restricted-imports');
    expect(await rulesFired('apps/web/src/components/tooltip-on-demand.tsx', direct)).not.toContain(
      'no-restricted-imports',
    );
    const dayjs = "import dayjs from 'dayjs';\nexport const d = dayjs;\n";
    expect(await rulesFired('apps/web/src/components/tooltip-on-demand.tsx', dayjs)).toContain('no-restricted-imports');
  });
});

describe('the evaluation answers in contracts', () => {
  it(
    'import only types from the domain, so reading screens do not build its schemas',
    { timeout: TIMEOUT },
    async () => {
      const RULE = '@typescript-eslint/no-restricted-imports';
      const value =
        "import { evaluationObjectSchema } from '@medida/domain';\nexport const s = evaluationObjectSchema;\n";
      const types = "import type { EvaluationInput } from '@medida/domain';\nexport type I = EvaluationInput;\n";
      expect(await rulesFired('packages/contracts/src/evaluations.ts', value)).toContain(RULE);
      expect(await rulesFired('packages/contracts/src/evaluations.ts', types)).not.toContain(RULE);
      expect(await rulesFired('packages/contracts/src/evaluation-bodies.ts', value)).not.toContain(RULE);
    },
  );
});

describe('tests', () => {
  it('mock no module, since the files of a worker share their modules', { timeout: TIMEOUT }, async () => {
    const mocked = "import { vi } from 'vitest';\nvi.mock('./all-styles-chunk.ts', () => ({}));\n";
    const stubbed = "import { vi } from 'vitest';\nvi.stubGlobal('fetch', () => undefined);\n";
    for (const file of [
      'apps/web/src/lib/fixture.test.ts',
      'apps/web/src/fixture.test.tsx',
      'apps/server/src/x.int.test.ts',
      'e2e/specs/fixture.e2e.ts',
    ])
      expect(await rulesFired(file, mocked)).toContain('no-restricted-syntax');
    expect(await rulesFired('apps/web/src/lib/fixture.test.ts', stubbed)).not.toContain('no-restricted-syntax');
  });
});

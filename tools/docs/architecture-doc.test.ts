import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  checkArchitectureDoc,
  DOC_PATH,
  QUERY_KEYS_HEADER,
  readCodeFacts,
  SERVER_ROLES_HEADER,
  WEB_FEATURES_HEADER,
  writeGeneratedTables,
  type CodeFacts,
} from './architecture-doc.ts';

const doc = readFileSync(DOC_PATH, 'utf8');
const facts = readCodeFacts();

/** The document with `from` replaced by `to` once; fails the test if `from` is not there. */
function edited(from: string, to: string): string {
  expect(doc).toContain(from);
  return doc.replace(from, to);
}

describe('docs/architecture.md against the code (decision 181)', () => {
  it('lists what the code has: folders, file roles, each feature, every query-key factory', () => {
    // To update the generated tables: npx tsx tools/docs/architecture-doc.ts --write
    expect(checkArchitectureDoc(doc, facts)).toEqual([]);
  });

  it('rewriting the generated tables from the code changes nothing', () => {
    expect(writeGeneratedTables(doc, facts)).toBe(doc);
  });

  it('ignores the sections it does not own (another section added or edited)', () => {
    const withOthers = edited(
      '## Import rules and how they hold',
      '## Tables and their owners\n\n| table | owner |\n| --- | --- |\n| `users` | `users` |\n\n## Import rules and how they hold',
    );
    expect(
      checkArchitectureDoc(withOthers.replace('every promise is awaited', 'every promise is handled'), facts),
    ).toEqual([]);
  });

  it('accepts the tables padded and aligned as Prettier writes them', () => {
    const padded = doc
      .split('\n')
      .map((l) => (l.startsWith('| ') ? l.replace(/ \| /g, '   |   ').replace(/---/g, '--------') : l))
      .join('\n');
    expect(padded).not.toBe(doc);
    expect(checkArchitectureDoc(padded, facts)).toEqual([]);
  });

  const broken: [string, () => string, string][] = [
    [
      'a query-key factory removed',
      () => edited('| `trustKeys` | `features/clients/trust-api.ts` |\n', ''),
      '`trustKeys`',
    ],
    [
      'a query-key factory renamed',
      () => edited('| `peopleKeys` |', '| `personKeys` |'),
      'in the document: | `personKeys` |',
    ],
    [
      'a query-key factory table missing',
      () => edited(QUERY_KEYS_HEADER, '| factory | file |'),
      `no table with the header ${QUERY_KEYS_HEADER}`,
    ],
    ["a feature's screen removed", () => edited('`charts-page.tsx`, ', ''), 'charts-page.tsx'],
    [
      'a feature added that does not exist',
      () =>
        edited(
          `${WEB_FEATURES_HEADER}\n| --- | --- | --- | --- | --- | --- |\n`,
          `${WEB_FEATURES_HEADER}\n| --- | --- | --- | --- | --- | --- |\n| \`billing\` | — | — | — | — | — |\n`,
        ),
      'billing',
    ],
    ['a server role dropped', () => edited(/\| `\*-socket\.ts` \|.*\n/.exec(doc)?.[0] ?? 'missing', ''), '*-socket.ts'],
    [
      "a server role's modules edited",
      () => edited('| `chat` |\n| `*-socket.ts`', '| `chat`, `people` |\n| `*-socket.ts`'),
      SERVER_ROLES_HEADER,
    ],
    [
      'a server folder left out',
      () => edited("| `src/i18n/` | the server's messages in es, en, pt |\n", ''),
      'does not list `src/i18n/`',
    ],
    [
      'a server folder that does not exist',
      () => edited('| `src/i18n/` |', '| `src/i18n/`, `src/jobs/` |'),
      'lists `src/jobs/`, which is not in apps/server/src',
    ],
    [
      'a plugin missing from the plugins row',
      () => edited('`compression`, ', ''),
      'does not name the plugin `compression`',
    ],
    [
      'a plugin that does not exist',
      () => edited('`compression`, ', '`compression`, `cors`, '),
      'names `cors`, which is no plugin',
    ],
    [
      'a lib file that does not exist',
      () => edited('`clock.ts`', '`clocks.ts`'),
      'names `clocks.ts`, which is not in src/lib',
    ],
    [
      'a worked-example file that does not exist',
      () => edited('`apps/web/src/features/credits/credits-api.ts`', '`apps/web/src/features/credits/credit-api.ts`'),
      'names `apps/web/src/features/credits/credit-api.ts`, which does not exist',
    ],
    [
      'a decision that does not exist',
      () => edited('docs/decisions/090 (naming)', 'docs/decisions/099 (naming)'),
      'cites decision 099',
    ],
    [
      'a web folder left out',
      () => edited(/\| `src\/styles\/` \|.*\n/.exec(doc)?.[0] ?? 'missing', ''),
      'does not list `src/styles/`',
    ],
  ];
  it.each(broken)('fails when the document has %s', (_what, make, message) => {
    expect(checkArchitectureDoc(make(), facts).join('\n')).toContain(message);
  });

  it('fails when the code has a file no role describes, or a role no file has', () => {
    const modules = new Map(facts.serverModules);
    modules.set('chat', [...(modules.get('chat') ?? []), 'helpers.ts']);
    modules.set(
      'exports',
      (modules.get('exports') ?? []).filter((f) => f !== 'export-jobs.ts'),
    );
    const changed: CodeFacts = { ...facts, serverModules: modules };
    const problems = checkArchitectureDoc(doc, changed).join('\n');
    expect(problems).toContain(
      'no role in the table "| file in `src/modules/<x>/` | role | in |" matches chat/helpers.ts',
    );
    expect(problems).toContain(
      '| `*-jobs.ts` | jobs: the kinds of queued job a module sends and works (`lib/jobs.ts`), their retries and how the client sees them | none (stale role) |',
    );
  });

  it('fails when the code has a query-key factory the document does not list', () => {
    const keys = new Map(facts.queryKeyFactories).set('invoiceKeys', 'features/billing/billing-api.ts');
    const problems = checkArchitectureDoc(doc, {
      ...facts,
      queryKeyFactories: new Map([...keys].sort(([a], [b]) => a.localeCompare(b))),
    });
    expect(problems.join('\n')).toContain('from the code:   | `invoiceKeys` | `features/billing/billing-api.ts` |');
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One owning module per table (issue 29, decision 175): docs/architecture.md's "Table owners" map against the
 * tables of packages/db/src/database.ts and the table names every `*.repository.ts` uses, through Kysely or raw SQL.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const modulesDir = path.join(root, 'apps/server/src/modules');

interface Owner {
  owner: string;
  /** Module → why it may read the table inside its own statements. */
  joins: Map<string, string>;
}

interface Touch {
  table: string;
  write: boolean;
  /** The call or keyword, for the message. */
  how: string;
}

interface Repository {
  module: string;
  file: string;
  source: string;
}

/** The tables of the `Database` interface. */
function databaseTables(source: string): string[] {
  const body = /export interface Database \{([^}]*)\}/.exec(source)?.[1] ?? '';
  return [...body.matchAll(/^\s*([a-z_]+): \w+;/gm)].map((m) => m[1]!);
}

/** The rows of the "Table owners" section: `| `table` | `module` | `module` (why), … or — |`. */
function parseOwnerMap(markdown: string): { owners: Map<string, Owner>; problems: string[] } {
  const section = /^## Table owners\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(markdown)?.[1] ?? '';
  const owners = new Map<string, Owner>();
  const problems: string[] = [];
  for (const line of section.split('\n')) {
    const row = /^\|\s*`([a-z_]+)`\s*\|\s*`([a-z-]+)`\s*\|(.*)\|\s*$/.exec(line);
    if (!row) continue;
    const [, table, owner, cell] = row as unknown as [string, string, string, string];
    const joins = new Map<string, string>();
    for (const entry of cell.matchAll(/`([a-z-]+)`(\s*\(([^)]*)\))?/g)) {
      const reason = entry[3]?.trim();
      if (!reason) problems.push(`${table}: the join exception of ${entry[1]} gives no reason`);
      joins.set(entry[1]!, reason ?? '');
    }
    if (owners.has(table)) problems.push(`${table}: listed twice`);
    owners.set(table, { owner, joins });
  }
  return { owners, problems };
}

/** Comments hold words like "from users" too: only code counts. */
const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');

const KYSELY =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*\[?\s*'([a-z_]+)(?:\s+as\s+\w+)?'/g;
/** Raw SQL as this code base writes it: upper-case keywords. */
const RAW = /\b(FROM|JOIN|UPDATE|INSERT INTO|DELETE FROM)\s+([a-z_]+)\b/g;
const WRITES = new Set([
  'insertInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'UPDATE',
  'INSERT INTO',
  'DELETE FROM',
]);

/** Every use of a table of `tables` in a repository's source. */
function tableTouches(source: string, tables: ReadonlySet<string>): Touch[] {
  const code = withoutComments(source);
  const touches: Touch[] = [];
  for (const pattern of [KYSELY, RAW])
    for (const [, how, table] of code.matchAll(pattern))
      if (tables.has(table!)) touches.push({ table: table!, write: WRITES.has(how!), how: how! });
  return touches;
}

function ownershipProblems(a: {
  tables: string[];
  owners: Map<string, Owner>;
  modules: ReadonlySet<string>;
  repositories: Repository[];
}): string[] {
  const problems: string[] = [];
  const tables = new Set(a.tables);
  for (const table of a.tables) if (!a.owners.has(table)) problems.push(`${table}: no owner in the map`);
  for (const [table, { owner, joins }] of a.owners) {
    if (!tables.has(table)) problems.push(`${table}: in the map, but not a table of database.ts`);
    for (const module of [owner, ...joins.keys()])
      if (!a.modules.has(module)) problems.push(`${table}: no module ${module}`);
  }
  const used = new Set<string>();
  for (const repo of a.repositories)
    for (const touch of tableTouches(repo.source, tables)) {
      const entry = a.owners.get(touch.table);
      if (!entry || entry.owner === repo.module) continue;
      if (touch.write) problems.push(`${repo.file}: writes ${touch.table} (${touch.how}), owned by ${entry.owner}`);
      else if (!entry.joins.has(repo.module))
        problems.push(`${repo.file}: reads ${touch.table} (${touch.how}), owned by ${entry.owner}: call its service`);
      else used.add(`${touch.table}:${repo.module}`);
    }
  // An exception nobody needs any more goes from the map, so the list stays what the code does.
  for (const [table, { joins }] of a.owners)
    for (const module of joins.keys())
      if (!used.has(`${table}:${module}`)) problems.push(`${table}: ${module} is listed as a join but reads nothing`);
  return problems;
}

function readRepositories(): Repository[] {
  return readdirSync(modulesDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.repository.ts'))
    .map((file) => ({
      module: file.split(path.sep)[0]!,
      file: `modules/${file}`,
      source: readFileSync(path.join(modulesDir, file), 'utf8'),
    }));
}

const tables = databaseTables(readFileSync(path.join(root, 'packages/db/src/database.ts'), 'utf8'));
const map = parseOwnerMap(readFileSync(path.join(root, 'docs/architecture.md'), 'utf8'));
const modules = new Set(readdirSync(modulesDir));
const check = (repositories: Repository[], owners = map.owners, tableList = tables) =>
  ownershipProblems({ tables: tableList, owners, modules, repositories });

describe('table owners', () => {
  it('reads the tables and the map', () => {
    expect(tables).toContain('users');
    expect(tables.length).toBeGreaterThan(20);
    expect(map.problems).toEqual([]);
    expect(map.owners.get('users')?.owner).toBe('people');
  });

  it('every table has one owner, and each repository touches only what it owns or may join', () => {
    expect(check(readRepositories())).toEqual([]);
  });

  describe('fails when the rule is broken', () => {
    // Only the synthetic repository: the real ones are checked above.
    const alone = (module: string, source: string) =>
      check([{ module, file: `modules/${module}/x.repository.ts`, source }]).filter((p) => p.includes('x.repository'));

    it('a write outside the owner (Kysely and raw SQL)', () => {
      expect(alone('account', `db.updateTable('password_resets').set({ used_at: now })`)).toEqual([
        'modules/account/x.repository.ts: writes password_resets (updateTable), owned by password',
      ]);
      expect(alone('evaluations', 'sql`UPDATE users SET creditos = 0`')).toEqual([
        'modules/evaluations/x.repository.ts: writes users (UPDATE), owned by people',
      ]);
    });

    it('a read by a module that is neither owner nor listed join', () => {
      expect(alone('credits', `db.selectFrom('users as u').select('u.id')`)).toEqual([
        'modules/credits/x.repository.ts: reads users (selectFrom), owned by people: call its service',
      ]);
      expect(alone('handover', 'sql`SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id`')).toHaveLength(2);
    });

    it('a listed join may read, never write', () => {
      expect(alone('sessions', `db.selectFrom('sessions').innerJoin('users', 'users.id', 'sessions.user_id')`)).toEqual(
        [],
      );
      expect(alone('sessions', `db.updateTable('users').set({ creditos: 0 })`)).toHaveLength(1);
    });

    it('comments and CTE names do not count', () => {
      expect(alone('chat', '// reads it from users\nsql`WITH tree AS (SELECT 1) SELECT * FROM tree`')).toEqual([]);
    });

    it('a table without an owner, an owner of no table, a join without a reason', () => {
      const owners = new Map(map.owners);
      owners.delete('handovers');
      owners.set('no_such_table', { owner: 'people', joins: new Map() });
      const problems = check(readRepositories(), owners);
      expect(problems).toContain('handovers: no owner in the map');
      expect(problems).toContain('no_such_table: in the map, but not a table of database.ts');
      expect(parseOwnerMap('## Table owners\n\n| `users` | `people` | `chat` |\n').problems).toEqual([
        'users: the join exception of chat gives no reason',
      ]);
    });

    it('a join exception that nothing uses any more', () => {
      const owners = new Map(map.owners);
      owners.set('handovers', { owner: 'handover', joins: new Map([['chat', 'stale']]) });
      expect(check(readRepositories(), owners)).toEqual(['handovers: chat is listed as a join but reads nothing']);
    });
  });
});

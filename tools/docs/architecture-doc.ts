/**
 * The lists in docs/architecture.md that describe the code (decision 181): the server's and the web app's folder
 * tables, the roles of the files in a server module and in a web feature, each web feature's files, and the
 * query-key factories. Four tables are generated from the code by this file; the folder tables are written by hand
 * and checked against the file system.
 *
 *   npx tsx tools/docs/architecture-doc.ts          prints what differs (exit 1 when anything does)
 *   npx tsx tools/docs/architecture-doc.ts --write  rewrites the generated tables in docs/architecture.md
 *
 * Only the tables named here are read or written: other sections of the document (import rules, table owners, …)
 * are left alone. `architecture-doc.test.ts` fails when the document and the code differ.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const DOC_PATH = path.join(ROOT, 'docs/architecture.md');

/** A server module's file roles, first match wins. `<x>` is the module's folder name; `*` is any part of a name. */
const SERVER_FILE_ROLES: readonly { patterns: readonly string[]; role: string }[] = [
  {
    patterns: ['<x>.routes.ts'],
    role: 'routes: the contract (zod schemas from `@medida/contracts`) and who may call; one service call per handler',
  },
  {
    patterns: ['*.service.ts'],
    role: 'service: scope, rules beyond the schema, transactions; explicit arguments, never the request. A separate flow may have its own (`own-email-change.service.ts`, `user-records.service.ts`)',
  },
  { patterns: ['*.repository.ts'], role: 'repository: the only SQL; every query on user data carries the owner scope' },
  { patterns: ['*.mapper.ts'], role: 'mapper: rows ↔ wire names where the spec and the columns differ (decision 090)' },
  {
    patterns: ['*.policy.ts'],
    role: "policy: a rule's numbers as pure functions, no I/O (throttle windows and waits)",
  },
  {
    patterns: ['*-rules.ts', '*-input.ts', 'validation.ts'],
    role: 'input checks beyond the contract schema, thrown as one 422 with every field error (person rules, the evaluation input the server resolves, multipart text parts)',
  },
  { patterns: ['*-hub.ts'], role: "hub: this instance's open sockets and the fan-out of bus events to them" },
  { patterns: ['*-socket.ts'], role: "socket: one WebSocket connection's frames, limits and session checks" },
  {
    patterns: ['*-events.ts'],
    role: 'events: what one instance tells the others on the bus, packed under the payload limit',
  },
  { patterns: ['*-rate.ts'], role: 'in-process rate limit (a token bucket per user, per instance)' },
  {
    patterns: ['*-ladder.ts'],
    role: "in-process positions of a list, valid for one data version of the account (the pages' anchor ladder, decision 238)",
  },
  {
    patterns: ['*-jobs.ts'],
    role: 'jobs: the kinds of queued job a module sends and works (`lib/jobs.ts`), their retries and how the client sees them',
  },
  { patterns: ['*-sweep.ts'], role: 'sweep: at start-up, removes what a killed process left behind' },
  {
    patterns: ['upload.ts', 'upload-guard.ts'],
    role: 'upload staging (temporary file, content checks, commit) and the guard asked before, while and after each file',
  },
  {
    patterns: ['report-*.ts', 'report-*.tsx'],
    role: 'report rendering: worker pool, worker, document and its parts, texts, number formats, cache',
  },
  { patterns: ['export-document.ts', 'zip-file.ts'], role: "export: the ZIP's layout and the streaming ZIP writer" },
  {
    patterns: ['*-columns.ts'],
    role: "spreadsheet columns: each list's columns (key, header in es/en/pt with its unit, type), one definition for its export and its import",
  },
  {
    patterns: ['import-*.ts'],
    role: "import: reading a CSV or XLSX upload under its limits, a file's headers and cells (units, decimals, dates, choices), the template",
  },
  {
    patterns: ['fhir-*.ts'],
    role: "FHIR: the code map (LOINC, UCUM, the product's own codes) and the pure mapping of a client's data to an R4 Bundle",
  },
  { patterns: ['audit-*.ts'], role: 'audit chain: hashes, verification, batched appends, signed checkpoints' },
  {
    patterns: ['*-chain.ts'],
    role: "a module's own hash chain outside the audit's: its hashes and verification (the operators' actions, decision 229)",
  },
  {
    patterns: ['payment-*.ts'],
    role: 'payments: the `PaymentProvider` interface and its drivers (the manual invoice today; decision 230)',
  },
  {
    patterns: ['backup-*.ts'],
    role: "backup: the archive's layout, what a running server does for backups (control socket, schedule)",
  },
];

/** A web feature's file roles, first match wins. */
const WEB_FILE_ROLES: readonly { patterns: readonly string[]; role: string }[] = [
  { patterns: ['index.ts'], role: 'what other features may import (`medida/feature-entry-only`)' },
  {
    patterns: ['*-api.ts'],
    role: 'calls: typed wrappers around `apiRequest`, answers parsed with the contract schema',
  },
  { patterns: ['*-queries.ts'], role: 'query-key factory and TanStack Query hooks' },
  { patterns: ['*-page.tsx'], role: 'screen: the component a route in `app/routes` renders' },
  { patterns: ['*-modal.tsx', '*-modals.tsx'], role: 'modal dialogs' },
  {
    patterns: ['*-store.ts'],
    role: 'global store of an overlay (`useSyncExternalStore`): which modal or wizard is open',
  },
  { patterns: ['*-rules.ts'], role: 'pure validation rules, unit-tested' },
  { patterns: ['use-*.ts'], role: 'hooks' },
  { patterns: ['*.module.css'], role: 'CSS module of one component' },
  { patterns: ['*.tsx'], role: "components of the feature's screens (cards, tables, forms, sections)" },
  { patterns: ['*.ts'], role: 'pure helpers (formatting, form building, parsing), unit-tested' },
];

export interface CodeFacts {
  /** Module folder → its files (tests excluded), relative to the module folder. */
  serverModules: Map<string, string[]>;
  /** Feature folder → its files (tests excluded), relative to the feature folder. */
  webFeatures: Map<string, string[]>;
  /** Query-key factories (top-level `…Keys` / `…Key` constants): name → file relative to apps/web/src. */
  queryKeyFactories: Map<string, string>;
  /** Entries of apps/server/src and apps/web/src (folders with a trailing slash), tests excluded. */
  serverTop: string[];
  webTop: string[];
  serverPlugins: string[];
  serverLib: string[];
  /** Numbers of the records in docs/decisions. */
  decisions: string[];
  /** Whether a path named in the document exists, relative to one of the folders a reader would look in. */
  pathExists: (name: string) => boolean;
}

const isTest = (name: string) => /\.test\.tsx?$/.test(name);

function filesUnder(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...filesUnder(full, `${prefix}${entry}/`));
    else if (!isTest(entry)) out.push(`${prefix}${entry}`);
  }
  return out;
}

function topEntries(dir: string): string[] {
  return readdirSync(dir)
    .filter((e) => !isTest(e))
    .map((e) => (statSync(path.join(dir, e)).isDirectory() ? `${e}/` : e))
    .sort();
}

/** Where a path in the document may start: the repository, a workspace, its src, the lint tools, a web feature. */
function pathBases(root: string): string[] {
  const features = path.join(root, 'apps/web/src/features');
  return [
    root,
    ...['apps/server', 'apps/web'].flatMap((w) => [path.join(root, w), path.join(root, w, 'src')]),
    path.join(root, 'tools/lint'),
    ...readdirSync(features).map((f) => path.join(features, f)),
  ];
}

export function readCodeFacts(root = ROOT): CodeFacts {
  const modulesDir = path.join(root, 'apps/server/src/modules');
  const featuresDir = path.join(root, 'apps/web/src/features');
  const webSrc = path.join(root, 'apps/web/src');
  const serverModules = new Map(
    readdirSync(modulesDir)
      .sort()
      .map((m) => [m, filesUnder(path.join(modulesDir, m))]),
  );
  const webFeatures = new Map(
    readdirSync(featuresDir)
      .sort()
      .map((f) => [f, filesUnder(path.join(featuresDir, f))]),
  );
  const queryKeyFactories = new Map<string, string>();
  for (const file of filesUnder(webSrc)) {
    if (!/\.tsx?$/.test(file)) continue;
    const text = readFileSync(path.join(webSrc, file), 'utf8');
    // Top-level constants only (exported or not: knip unexports a factory no other file uses).
    for (const [, name = ''] of text.matchAll(/^(?:export )?const (\w+Keys?)\b/gm)) queryKeyFactories.set(name, file);
  }
  const names = (dir: string) =>
    topEntries(dir)
      .filter((e) => e.endsWith('.ts'))
      .map((e) => e.slice(0, -3));
  return {
    serverModules,
    webFeatures,
    queryKeyFactories: new Map([...queryKeyFactories].sort(([a], [b]) => a.localeCompare(b))),
    serverTop: topEntries(path.join(root, 'apps/server/src')),
    webTop: topEntries(webSrc),
    serverPlugins: names(path.join(root, 'apps/server/src/plugins')),
    serverLib: names(path.join(root, 'apps/server/src/lib')),
    decisions: readdirSync(path.join(root, 'docs/decisions'))
      .filter((f) => /^\d{3}-.*\.md$/.test(f))
      .map((f) => f.slice(0, 3)),
    pathExists: (name) => pathBases(root).some((base) => existsSync(path.join(base, name))),
  };
}

function globToRegExp(pattern: string, folder: string): RegExp {
  const escaped = pattern
    .replace('<x>', folder)
    .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '[a-z0-9.-]+');
  return new RegExp(`^${escaped}$`);
}

function roleOf(
  roles: readonly { patterns: readonly string[] }[],
  fileName: string,
  folder: string,
): number | undefined {
  const i = roles.findIndex((r) => r.patterns.some((p) => globToRegExp(p, folder).test(fileName)));
  return i === -1 ? undefined : i;
}

const code = (s: string) => `\`${s}\``;
const list = (items: readonly string[]) => (items.length === 0 ? '—' : items.map(code).join(', '));

/** "every module except …" when a role is in most folders, else the folders that have it. */
function whereCell(have: readonly string[], all: readonly string[], noun: string): string {
  if (have.length > all.length / 2 && have.length > 3) {
    const missing = all.filter((m) => !have.includes(m));
    return missing.length === 0 ? `every ${noun}` : `every ${noun} except ${list(missing)}`;
  }
  return list(have);
}

interface GeneratedTable {
  /** The table's header row, by which it is found in the document. */
  header: string;
  lines: string[];
  /** Files no role matched: the table cannot describe them. */
  unmatched: string[];
}

function rolesTable(
  header: string,
  roles: readonly { patterns: readonly string[]; role: string }[],
  folders: Map<string, string[]>,
  noun: string,
): GeneratedTable {
  const have = roles.map(() => new Set<string>());
  const unmatched: string[] = [];
  for (const [folder, files] of folders) {
    for (const file of files) {
      const name = path.basename(file);
      const i = roleOf(roles, name, folder);
      if (i === undefined) unmatched.push(`${folder}/${file}`);
      else have[i]?.add(folder);
    }
  }
  const all = [...folders.keys()];
  const lines = [header, '| --- | --- | --- |'];
  roles.forEach((r, i) => {
    const where = [...(have[i] ?? [])];
    lines.push(
      `| ${r.patterns.map(code).join(', ')} | ${r.role} | ${where.length === 0 ? 'none (stale role)' : whereCell(where, all, noun)} |`,
    );
  });
  return { header, lines, unmatched };
}

export const SERVER_ROLES_HEADER = '| file in `src/modules/<x>/` | role | in |';
const WEB_ROLES_HEADER = '| file in `src/features/<x>/` | role | in |';
export const WEB_FEATURES_HEADER = '| feature | entry | calls | queries | screens | modals and overlays |';
export const QUERY_KEYS_HEADER = '| query-key factory | file (`apps/web/src/`) |';

function generatedTables(facts: CodeFacts): GeneratedTable[] {
  const features: string[] = [WEB_FEATURES_HEADER, '| --- | --- | --- | --- | --- | --- |'];
  for (const [feature, files] of facts.webFeatures) {
    const named = (re: RegExp) => files.filter((f) => re.test(path.basename(f)));
    const factories = [...facts.queryKeyFactories]
      .filter(([, file]) => file.startsWith(`features/${feature}/`))
      .map(([name]) => name);
    const queries = [...named(/-queries\.ts$/), ...factories];
    features.push(
      `| ${code(feature)} | ${files.includes('index.ts') ? code('index.ts') : '—'} | ${list(named(/-api\.ts$/))} | ${list(queries)} | ${list(named(/-page\.tsx$/))} | ${list(named(/-(modal|modals|store|overlay)\.tsx?$/))} |`,
    );
  }
  const keys = [QUERY_KEYS_HEADER, '| --- | --- |'];
  for (const [name, file] of facts.queryKeyFactories) keys.push(`| ${code(name)} | ${code(file)} |`);
  return [
    rolesTable(SERVER_ROLES_HEADER, SERVER_FILE_ROLES, facts.serverModules, 'module'),
    rolesTable(WEB_ROLES_HEADER, WEB_FILE_ROLES, facts.webFeatures, 'feature'),
    { header: WEB_FEATURES_HEADER, lines: features, unmatched: [] },
    { header: QUERY_KEYS_HEADER, lines: keys, unmatched: [] },
  ];
}

/** The lines of the table whose header row is `header` (trimmed), or null. */
/**
 * A table row as Prettier or a hand may pad it, reduced to one spelling: cells trimmed, `| :--- |` and `| --- |`
 * alike, so the comparison sees content, not alignment.
 */
function normalizeRow(line: string): string {
  const inner = line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => c.trim())
    .map((c) => (/^:?-{3,}:?$/.test(c) ? `${c.startsWith(':') ? ':' : ''}---${c.endsWith(':') ? ':' : ''}` : c));
  return `| ${inner.join(' | ')} |`;
}

function findTable(doc: string, header: string): { start: number; lines: string[] } | null {
  const lines = doc.split('\n');
  const wanted = normalizeRow(header);
  const start = lines.findIndex((l) => l.trim().startsWith('|') && normalizeRow(l) === wanted);
  if (start === -1) return null;
  let end = start;
  while (lines[end]?.trim().startsWith('|')) end++;
  return { start, lines: lines.slice(start, end).map(normalizeRow) };
}

/** Cells of a table row, trimmed. */
const cells = (row: string) =>
  row
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());
/** The backticked names in a cell. */
const ticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map(([, name = '']) => name);

const SERVER_FOLDERS_HEADER = '| folder | role |';

/** The first hand-written folder table after `heading` (a line of the document). */
function folderTable(doc: string, heading: string): string[][] | null {
  const at = doc.indexOf(`\n${heading}\n`);
  if (at === -1) return null;
  const table = findTable(doc.slice(at), SERVER_FOLDERS_HEADER);
  return table ? table.lines.slice(2).map(cells) : null;
}

function checkFolderTable(
  problems: string[],
  doc: string,
  heading: string,
  top: readonly string[],
  where: string,
): string[][] {
  const rows = folderTable(doc, heading);
  if (!rows) {
    problems.push(`docs/architecture.md: no "| folder | role |" table under "${heading}"`);
    return [];
  }
  const documented = new Set<string>();
  for (const row of rows) {
    for (const name of ticked(row[0] ?? '')) {
      const entry = name.replace(/^src\//, '');
      // `src/modules/<x>/` names the folder `modules/`; `src/config/paths.ts` names `config/`.
      const first = entry.includes('/') ? `${entry.split('/')[0]}/` : entry;
      documented.add(first);
      if (!top.includes(first)) problems.push(`"${heading}" lists ${code(name)}, which is not in ${where}`);
    }
  }
  for (const entry of top) {
    if (!documented.has(entry)) problems.push(`"${heading}" does not list ${code(`src/${entry}`)} (in ${where})`);
  }
  return rows;
}

/** Every way docs/architecture.md differs from the code; empty when they agree. */
export function checkArchitectureDoc(doc: string, facts: CodeFacts): string[] {
  const problems: string[] = [];
  for (const table of generatedTables(facts)) {
    for (const file of table.unmatched) problems.push(`no role in the table "${table.header}" matches ${file}`);
    const found = findTable(doc, table.header);
    if (!found) {
      problems.push(`docs/architecture.md has no table with the header ${table.header}`);
      continue;
    }
    const expected = table.lines.map(normalizeRow);
    const max = Math.max(expected.length, found.lines.length);
    for (let i = 0; i < max; i++) {
      if (found.lines[i] !== expected[i]) {
        problems.push(
          `table ${table.header}, row ${i + 1}:\n  in the document: ${found.lines[i] ?? '(none)'}\n  from the code:   ${expected[i] ?? '(none)'}`,
        );
      }
    }
  }

  const serverRows = checkFolderTable(problems, doc, '### Server folders', facts.serverTop, 'apps/server/src');
  const pluginsRow = serverRows.find((r) => r[0] === '`src/plugins/`');
  if (!pluginsRow) problems.push('"### Server folders" has no `src/plugins/` row');
  else {
    const named = ticked(pluginsRow[1] ?? '');
    for (const p of facts.serverPlugins) {
      if (!named.includes(p)) problems.push(`the \`src/plugins/\` row does not name the plugin ${code(p)}`);
    }
    for (const p of named) {
      if (!facts.serverPlugins.includes(p))
        problems.push(`the \`src/plugins/\` row names ${code(p)}, which is no plugin`);
    }
  }
  const libRow = serverRows.find((r) => r[0] === '`src/lib/`');
  for (const name of ticked(libRow?.[1] ?? '').filter((n) => n.endsWith('.ts'))) {
    if (!facts.serverLib.includes(name.slice(0, -3)))
      problems.push(`the \`src/lib/\` row names ${code(name)}, which is not in src/lib`);
  }
  checkFolderTable(problems, doc, '### Web folders', facts.webTop, 'apps/web/src');

  // Every file the document names by its path (`apps/web/src/lib/api.ts`, `features/people/index.ts`) exists.
  for (const [, name = ''] of doc.matchAll(/`([\w.-]+(?:\/[\w.-]+)+\.(?:ts|tsx|js|mjs|json|css|md))`/g)) {
    if (!facts.pathExists(name)) problems.push(`docs/architecture.md names ${code(name)}, which does not exist`);
  }
  // Every decision it cites ("decision 090", "decisions 090 and 091", docs/decisions/091) exists.
  for (const [, list = ''] of doc.matchAll(
    /\b(?:[Dd]ecisions? |docs\/decisions\/)(\d{3}(?:(?:, | and | or )\d{3})*)/g,
  )) {
    for (const n of list.match(/\d{3}/g) ?? []) {
      if (!facts.decisions.includes(n)) problems.push(`docs/architecture.md cites decision ${n}, which is no record`);
    }
  }
  return problems;
}

/** Replaces each generated table in `doc` by the code's version (tables not yet in the document are left out). */
export function writeGeneratedTables(doc: string, facts: CodeFacts): string {
  let out = doc;
  for (const table of generatedTables(facts)) {
    const found = findTable(out, table.header);
    if (!found) continue;
    const lines = out.split('\n');
    lines.splice(found.start, found.lines.length, ...table.lines);
    out = lines.join('\n');
  }
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const facts = readCodeFacts();
  if (process.argv.includes('--write')) {
    const doc = readFileSync(DOC_PATH, 'utf8');
    writeFileSync(DOC_PATH, writeGeneratedTables(doc, facts));
  }
  const problems = existsSync(DOC_PATH) ? checkArchitectureDoc(readFileSync(DOC_PATH, 'utf8'), facts) : ['no doc'];
  for (const p of problems) console.log(p);
  process.exitCode = problems.length === 0 ? 0 : 1;
}

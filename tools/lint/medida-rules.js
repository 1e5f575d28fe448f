// House rules that a general-purpose plugin does not express (docs/architecture.md §Import rules).
// Each rule has a fixture in lint-rules.test.ts that proves it fires.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const WEB_FEATURES = /(?:^|\/)apps\/web\/src\/features\/([^/]+)\/(.+)$/;
const SERVER_MODULE = /(?:^|\/)apps\/server\/src\/modules\/([^/]+)\/(.+)$/;

/** The importing file and the imported one, both with forward slashes; null for package imports. */
function resolveRelative(context, source) {
  if (!source.startsWith('.')) return null;
  const from = context.filename.split(path.sep).join('/');
  return { from, to: path.posix.normalize(path.posix.join(path.posix.dirname(from), source)) };
}

/** Calls `check(node, source)` for every import, re-export and dynamic import with a literal source. */
function onImports(check) {
  const literal = (node, source) => {
    if (source && source.type === 'Literal' && typeof source.value === 'string') check(node, source.value);
  };
  return {
    ImportDeclaration: (node) => literal(node, node.source),
    ExportNamedDeclaration: (node) => literal(node, node.source),
    ExportAllDeclaration: (node) => literal(node, node.source),
    ImportExpression: (node) => literal(node, node.source),
  };
}

const featureEntryOnly = {
  meta: {
    type: 'problem',
    docs: { description: "A web feature imports another feature only through that feature's index.ts" },
    messages: {
      deep: "Import '{{feature}}' through features/{{feature}}/index.ts, not '{{source}}' (its inside is private).",
    },
    schema: [],
  },
  create(context) {
    return onImports((node, source) => {
      const paths = resolveRelative(context, source);
      if (!paths) return;
      const from = WEB_FEATURES.exec(paths.from);
      const to = WEB_FEATURES.exec(paths.to);
      if (!from || !to || from[1] === to[1] || to[2] === 'index.ts') return;
      context.report({ node, messageId: 'deep', data: { feature: to[1], source } });
    });
  },
};

const moduleOwnRepository = {
  meta: {
    type: 'problem',
    docs: { description: "A server module never imports another module's repository; it calls that module's service" },
    messages: {
      foreign: "'{{source}}' is the repository of module '{{module}}': call its service instead.",
    },
    schema: [],
  },
  create(context) {
    return onImports((node, source) => {
      const paths = resolveRelative(context, source);
      if (!paths) return;
      const to = SERVER_MODULE.exec(paths.to);
      if (!to || !to[2].endsWith('.repository.ts')) return;
      const from = SERVER_MODULE.exec(paths.from);
      if (!from || from[1] === to[1]) return;
      context.report({ node, messageId: 'foreign', data: { source, module: to[1] } });
    });
  },
};

/** `X.transaction().execute(fn)`: X, or null when the call has another shape. */
function transactionOwner(call) {
  const callee = call.callee;
  if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return null;
  if (callee.property.name !== 'execute') return null;
  const inner = callee.object;
  if (inner.type !== 'CallExpression' || inner.callee.type !== 'MemberExpression') return null;
  const prop = inner.callee.property;
  return prop.type === 'Identifier' && prop.name === 'transaction' ? inner.callee.object : null;
}

const noOuterDbInTransaction = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Inside db.transaction().execute(trx => …) every query goes through trx, never the outer handle',
    },
    messages: {
      outer: "'{{name}}' is the handle outside this transaction: use the transaction's own handle here.",
    },
    schema: [],
  },
  create(context) {
    const sourceCode = context.sourceCode;
    /** The variable an identifier refers to, from the scope where it is used. */
    const variableOf = (identifier) => {
      let scope = sourceCode.getScope(identifier);
      while (scope) {
        const ref = scope.references.find((r) => r.identifier === identifier);
        if (ref) return ref.resolved;
        scope = scope.upper;
      }
      return null;
    };
    return {
      CallExpression(call) {
        const owner = transactionOwner(call);
        const callback = call.arguments[0];
        if (!owner || !callback || !callback.type.includes('FunctionExpression')) return;
        const ownerText = sourceCode.getText(owner);
        const ownerVariable = owner.type === 'Identifier' ? variableOf(owner) : null;
        const visit = (node, parent) => {
          if (!node || typeof node.type !== 'string') return;
          const isPropertyName =
            parent &&
            ((parent.type === 'MemberExpression' && parent.property === node && !parent.computed) ||
              (parent.type === 'Property' && parent.key === node && !parent.computed && !parent.shorthand));
          if (!isPropertyName && (node.type === 'Identifier' || node.type === 'MemberExpression')) {
            const same =
              node.type === 'Identifier' && ownerVariable
                ? variableOf(node) === ownerVariable
                : sourceCode.getText(node) === ownerText;
            if (same) {
              context.report({ node, messageId: 'outer', data: { name: ownerText } });
              return;
            }
          }
          for (const key of sourceCode.visitorKeys[node.type] ?? []) {
            const child = node[key];
            if (Array.isArray(child)) for (const c of child) visit(c, node);
            else visit(child, node);
          }
        };
        visit(callback.body, callback);
      },
    };
  },
};

// ---------------------------------------------------------------------------------------------------------------
// Where a file stands: its workspace, whether it is product code or test code, and what an import points at.

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The workspaces and which others each may import (docs/architecture.md §Layers). */
const WORKSPACES = [
  { name: 'domain', dir: 'packages/domain', pkg: '@medida/domain', mayImport: [] },
  { name: 'contracts', dir: 'packages/contracts', pkg: '@medida/contracts', mayImport: ['domain'] },
  { name: 'db', dir: 'packages/db', pkg: '@medida/db', mayImport: ['domain', 'contracts'] },
  { name: 'server', dir: 'apps/server', pkg: '@medida/server', mayImport: ['domain', 'contracts', 'db'] },
  { name: 'web', dir: 'apps/web', pkg: '@medida/web', mayImport: ['domain', 'contracts'] },
  // The browser tests and the lint tools test the whole system: they may import any workspace.
  { name: 'e2e', dir: 'e2e', pkg: '@medida/e2e', mayImport: '*' },
  { name: 'tools', dir: 'tools', pkg: null, mayImport: '*' },
];

/** Packages (besides the workspaces above) that a workspace's product code may import; absent = any. */
const PRODUCT_DEPENDENCIES = { domain: ['zod'], contracts: ['zod'] };

/** A path relative to the repository root, with forward slashes. */
function repoPath(absolute) {
  return path.relative(ROOT, absolute).split(path.sep).join('/');
}

function workspaceOf(relative) {
  return WORKSPACES.find((w) => relative === w.dir || relative.startsWith(`${w.dir}/`)) ?? null;
}

const TEST_FILE = /\.(?:test|spec|e2e)\.[cm]?[jt]sx?$/;

/** Test-only code: test folders, test files, `testing` entries (`@medida/db/testing`), `*-factories.ts`. */
function isTestOnly(relative) {
  return (
    /(?:^|\/)(?:test|tests|__tests__|testing)\//.test(relative) ||
    TEST_FILE.test(relative) ||
    /(?:^|\/)testing\.[cm]?[jt]sx?$/.test(relative) ||
    /(?:^|\/|-)factories\.[cm]?[jt]sx?$/.test(relative)
  );
}

/** Product code: what ships (`apps/<x>/src`, `packages/<x>/src`), tests and test helpers excepted. */
function isProduct(relative) {
  return /^(?:apps|packages)\/[^/]+\/src\//.test(relative) && !isTestOnly(relative);
}

/** `name` or `@scope/name` of a bare specifier. */
function packageName(source) {
  const parts = source.split('/');
  return source.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const exportsCache = new Map();
/** The file a workspace specifier (`@medida/db/testing`) resolves to through its package.json exports, or null. */
function resolveWorkspaceSpecifier(source) {
  const name = packageName(source);
  const workspace = WORKSPACES.find((w) => w.pkg === name);
  if (!workspace) return null;
  if (!exportsCache.has(workspace.dir)) {
    let exportsMap = {};
    try {
      const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, workspace.dir, 'package.json'), 'utf8'));
      exportsMap = typeof manifest.exports === 'string' ? { '.': manifest.exports } : (manifest.exports ?? {});
    } catch {
      // No manifest: nothing resolves.
    }
    exportsCache.set(workspace.dir, exportsMap);
  }
  const key = source === name ? '.' : `.${source.slice(name.length)}`;
  const target = exportsCache.get(workspace.dir)[key];
  const file = typeof target === 'string' ? target : (target?.import ?? target?.default);
  return typeof file === 'string' ? path.join(ROOT, workspace.dir, file) : null;
}

/** What an import points at: { workspace, relative (repo path, when a file), external (package name) }. */
function importTarget(context, source) {
  if (source.startsWith('.') || source.startsWith('/')) {
    const absolute = path.resolve(path.dirname(context.filename), source);
    const relative = repoPath(absolute);
    return { relative, workspace: workspaceOf(relative), external: null, bySpecifier: false };
  }
  const name = packageName(source);
  const workspace = WORKSPACES.find((w) => w.pkg === name) ?? null;
  if (!workspace) return { relative: null, workspace: null, external: name, bySpecifier: true };
  const file = resolveWorkspaceSpecifier(source);
  return { relative: file ? repoPath(file) : null, workspace, external: null, bySpecifier: true };
}

const noTestCodeInProduct = {
  meta: {
    type: 'problem',
    docs: { description: 'Product code never imports test-only code (test folders, test files, testing entries)' },
    messages: {
      testOnly: "'{{source}}' is test-only code: import it from tests, not from the product.",
    },
    schema: [],
  },
  create(context) {
    if (!isProduct(repoPath(context.filename))) return {};
    return onImports((node, source) => {
      const target = importTarget(context, source);
      const testEntry = target.bySpecifier && /\/(?:test|testing)(?:\/|$)/.test(source);
      if (testEntry || (target.relative && isTestOnly(target.relative))) {
        context.report({ node, messageId: 'testOnly', data: { source } });
      }
    });
  },
};

const packageGraph = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Packages depend one way: domain ← contracts ← db ← server; web imports only domain and contracts',
    },
    messages: {
      edge: "{{from}} never imports {{to}} ('{{source}}'): {{from}} may import {{allowed}}.",
      relative: "'{{source}}' reaches into {{to}} by a relative path: import it by its package name.",
      dependency: "{{from}}'s product code imports only {{allowed}}, not '{{source}}'.",
    },
    schema: [],
  },
  create(context) {
    const relative = repoPath(context.filename);
    const from = workspaceOf(relative);
    if (!from) return {};
    const product = isProduct(relative);
    return onImports((node, source) => {
      const target = importTarget(context, source);
      if (target.workspace && target.workspace !== from) {
        // A relative path into another workspace skips its package.json exports; e2e and tools test the whole
        // system and read other workspaces' files as files (locales, fixtures), so they may.
        if (!target.bySpecifier && from.mayImport !== '*') {
          context.report({ node, messageId: 'relative', data: { source, to: target.workspace.name } });
          return;
        }
        if (from.mayImport !== '*' && !from.mayImport.includes(target.workspace.name)) {
          const allowed = from.mayImport.length ? from.mayImport.join(', ') : 'no other workspace';
          context.report({
            node,
            messageId: 'edge',
            data: { source, from: from.name, to: target.workspace.name, allowed },
          });
        }
        return;
      }
      const only = PRODUCT_DEPENDENCIES[from.name];
      if (product && only && target.external && !only.includes(target.external)) {
        context.report({
          node,
          messageId: 'dependency',
          data: {
            source,
            from: from.name,
            allowed: [...from.mayImport.map((w) => `@medida/${w}`), ...only].join(', '),
          },
        });
      }
    });
  },
};

// ---------------------------------------------------------------------------------------------------------------
// SQL only in repositories.

/** Kysely's query starters; `.with(` counts only with a name or a callback (not `Array.prototype.with(i, v)`). */
const QUERY_STARTERS = new Set([
  'selectFrom',
  'selectNoFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'executeQuery',
  'withRecursive',
]);

/** The variables a file imports under `imported` from one of `sources`. */
function importedVariables(context, program, imported, sources) {
  const variables = [];
  for (const statement of program.body) {
    if (statement.type !== 'ImportDeclaration' || !sources.includes(statement.source.value)) continue;
    if (statement.importKind === 'type') continue;
    for (const specifier of statement.specifiers) {
      if (specifier.type !== 'ImportSpecifier' || specifier.importKind === 'type') continue;
      const name = specifier.imported.type === 'Identifier' ? specifier.imported.name : specifier.imported.value;
      if (name === imported) variables.push(...context.sourceCode.getDeclaredVariables(specifier));
    }
  }
  return variables;
}

const SQL_SOURCES = ['kysely', '@medida/db'];

const sqlInRepositories = {
  meta: {
    type: 'problem',
    docs: { description: 'In the server only repositories (`*.repository.ts`) write SQL; packages/db holds the rest' },
    messages: {
      builder: "'.{{name}}(' builds SQL: move the query into a repository (`<module>.repository.ts`).",
      template: "'{{name}}' writes SQL: move it into a repository (`<module>.repository.ts`).",
    },
    schema: [],
  },
  create(context) {
    const relative = repoPath(context.filename);
    if (!relative.startsWith('apps/server/src/') || isTestOnly(relative) || relative.endsWith('.repository.ts')) {
      return {};
    }
    return {
      Program(program) {
        for (const variable of importedVariables(context, program, 'sql', SQL_SOURCES)) {
          for (const reference of variable.references) {
            context.report({ node: reference.identifier, messageId: 'template', data: { name: 'sql' } });
          }
        }
      },
      CallExpression(call) {
        const callee = call.callee;
        if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return;
        const name = callee.property.name;
        const first = call.arguments[0];
        const cte =
          name === 'with' &&
          first &&
          ((first.type === 'Literal' && typeof first.value === 'string') ||
            first.type === 'TemplateLiteral' ||
            first.type.includes('FunctionExpression'));
        if (QUERY_STARTERS.has(name) || cte) {
          context.report({ node: callee.property, messageId: 'builder', data: { name } });
        }
      },
    };
  },
};

// ---------------------------------------------------------------------------------------------------------------
// User types only through USER_TYPE.

const USER_TYPE_NAME = /^(?:type|user_?type|usertype)$/i;
/** `type = 1`, `u.type <> 2`, `user_type IN (1, 2)` inside SQL text. */
const SQL_USER_TYPE = /\b(?:\w+\.)?(?:type|user_type)\s*(?:=|<>|!=|\bin\s*\()\s*\d/i;

/** The last name of `type`, `u.type`, `row.user_type`, `'u.type'`; null for anything else. */
function lastName(node) {
  if (!node) return null;
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier') {
    return node.property.name;
  }
  if (node.type === 'MemberExpression' && node.computed && node.property.type === 'Literal') {
    return String(node.property.value);
  }
  if (node.type === 'ChainExpression') return lastName(node.expression);
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value.split('.').pop();
  return null;
}

const isNumber = (node) =>
  node?.type === 'Literal' &&
  (typeof node.value === 'number' || (typeof node.value === 'string' && /^\d$/.test(node.value)));
const isUserTypeName = (node) => USER_TYPE_NAME.test(lastName(node) ?? '');

/** `sql` (a tag) or `sql.raw`, `sql.lit`…: what holds SQL text. */
function isSqlTag(node) {
  if (node.type === 'Identifier') return node.name === 'sql';
  return node.type === 'MemberExpression' && node.object.type === 'Identifier' && node.object.name === 'sql';
}

const noUserTypeLiteral = {
  meta: {
    type: 'problem',
    docs: {
      description: 'A user type is written USER_TYPE.professional / USER_TYPE.client, never 1 or 2 (decision 090)',
    },
    messages: {
      literal: 'Write the user type as USER_TYPE.professional or USER_TYPE.client (@medida/contracts), not {{value}}.',
      sql: 'SQL compares a user type with a number: interpolate ${sql.lit(USER_TYPE.…)} instead.',
    },
    schema: [],
  },
  create(context) {
    const relative = repoPath(context.filename);
    // The engine's `type` is the evaluation type; migrations keep the SQL they ran; constants.ts defines USER_TYPE.
    if (
      !isProduct(relative) ||
      relative.startsWith('packages/domain/') ||
      relative.startsWith('packages/db/src/migrations/') ||
      relative === 'packages/contracts/src/constants.ts'
    ) {
      return {};
    }
    const report = (node, value) => context.report({ node, messageId: 'literal', data: { value: String(value) } });
    const checkSqlText = (node, text) => {
      if (SQL_USER_TYPE.test(text)) context.report({ node, messageId: 'sql' });
    };
    return {
      BinaryExpression(node) {
        if (!['===', '!==', '==', '!='].includes(node.operator)) return;
        if (isNumber(node.right) && isUserTypeName(node.left)) report(node, node.right.value);
        else if (isNumber(node.left) && isUserTypeName(node.right)) report(node, node.left.value);
      },
      SwitchStatement(node) {
        if (!isUserTypeName(node.discriminant)) return;
        for (const branch of node.cases) if (isNumber(branch.test)) report(branch.test, branch.test.value);
      },
      CallExpression(call) {
        // Kysely comparisons: .where('type', '=', 1), .having(…), eb('u.type', 'in', [1, 2]), .on(…).
        const [column, operator, value] = call.arguments;
        if (column && operator?.type === 'Literal' && typeof operator.value === 'string' && isUserTypeName(column)) {
          const values = value?.type === 'ArrayExpression' ? value.elements : [value];
          for (const v of values) if (isNumber(v)) report(v, v.value);
        }
        if (isSqlTag(call.callee) && call.callee.type === 'MemberExpression') {
          for (const argument of call.arguments) {
            if (argument.type === 'Literal' && typeof argument.value === 'string')
              checkSqlText(argument, argument.value);
          }
        }
      },
      TaggedTemplateExpression(node) {
        if (!isSqlTag(node.tag)) return;
        for (const quasi of node.quasi.quasis) checkSqlText(quasi, quasi.value.cooked ?? quasi.value.raw);
      },
    };
  },
};

// ---------------------------------------------------------------------------------------------------------------
// No import cycle, type-only imports included (import-x/no-cycle skips `import type`, so it cannot see them).

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs', '.jsx'];

/** The file an import resolves to, or null for a package outside the repository or a missing file. */
function resolveModule(fromFile, source) {
  let base;
  if (source.startsWith('.') || source.startsWith('/')) base = path.resolve(path.dirname(fromFile), source);
  else base = resolveWorkspaceSpecifier(source);
  if (!base) return null;
  const candidates = [
    base,
    ...SOURCE_EXTENSIONS.map((e) => base + e),
    ...SOURCE_EXTENSIONS.map((e) => path.join(base, `index${e}`)),
  ];
  // `./x.js` written for `./x.ts`.
  const js = /\.[cm]?jsx?$/.exec(base);
  if (js) candidates.push(...['.ts', '.tsx', '.mts'].map((e) => base.slice(0, -js[0].length) + e));
  for (const candidate of candidates) {
    try {
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // Not this one.
    }
  }
  return null;
}

/** Every module a source text imports, by value or by type, statically or dynamically. */
function importsOf(file, text) {
  const imported = ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
  return [...new Set(imported.map((source) => resolveModule(file, source)).filter(Boolean))];
}

/** A file's imports read from disk; read again when the file changed (an editor's session lints edits). */
const importCache = new Map();
const TRUST_MS = 2_000;
function importsOnDisk(file) {
  const cached = importCache.get(file);
  const now = Date.now();
  if (cached && now - cached.checkedAt < TRUST_MS) return cached.imports;
  let modified = -1;
  try {
    modified = fs.statSync(file).mtimeMs;
  } catch {
    // Gone: a leaf.
  }
  if (cached && cached.modified === modified) {
    cached.checkedAt = now;
    return cached.imports;
  }
  let imports = [];
  try {
    imports = importsOf(file, fs.readFileSync(file, 'utf8'));
  } catch {
    // Unreadable: a leaf.
  }
  importCache.set(file, { checkedAt: now, modified, imports });
  return imports;
}

const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycle, counting `import type` and dynamic imports too' },
    messages: { cycle: 'Import cycle: {{route}}. Move what both sides need into a module that imports neither.' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    if (!path.isAbsolute(file)) return {};
    const own = importsOf(file, context.sourceCode.text);
    const seen = new Set([file]);
    /** The shortest route from `start` back to this file, or null. */
    const routeBack = (start) => {
      if (start === file) return [];
      if (seen.has(start)) return null;
      const parent = new Map([[start, null]]);
      seen.add(start);
      const queue = [start];
      while (queue.length > 0) {
        const current = queue.shift();
        for (const next of importsOnDisk(current)) {
          if (next === file) {
            const route = [];
            for (let at = current; at; at = parent.get(at)) route.unshift(at);
            return route;
          }
          if (seen.has(next)) continue;
          seen.add(next);
          parent.set(next, current);
          queue.push(next);
        }
      }
      return null;
    };
    return onImports((node, source) => {
      const target = resolveModule(file, source);
      if (!target || !own.includes(target)) return;
      const route = routeBack(target);
      if (!route) return;
      const names = [file, ...route, file].map((f) => path.relative(path.dirname(file), f) || path.basename(f));
      context.report({ node, messageId: 'cycle', data: { route: names.join(' → ') } });
    });
  },
};

// ---------------------------------------------------------------------------------------------------------------
// `as unknown as` only where a library's types are wrong, and the comment says which library.

let dependencyNames = null;
/** Every package the repository depends on (root and workspaces), and the same without an `@types/` prefix. */
function knownLibraries() {
  if (dependencyNames) return dependencyNames;
  dependencyNames = new Set(['typescript', 'node']);
  for (const dir of ['.', ...WORKSPACES.map((w) => w.dir)]) {
    try {
      const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8'));
      for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
        for (const name of Object.keys(manifest[field] ?? {})) {
          dependencyNames.add(name.toLowerCase());
          if (name.startsWith('@types/')) dependencyNames.add(name.slice('@types/'.length).toLowerCase());
        }
      }
    } catch {
      // No manifest.
    }
  }
  return dependencyNames;
}

/** `<library>'s types: …`, and the library is one the repository depends on. */
const LIBRARY_COMMENT = /(?:^|\s)([@\w][\w@./-]*)'s types:/;

const doubleCastNamesLibrary = {
  meta: {
    type: 'problem',
    docs: {
      description: "`as unknown as` only where a library's types are wrong, with a `// <library>'s types: …` comment",
    },
    messages: {
      missing:
        "`as unknown as` hides a type error: fix the types, or, where a library's types are wrong, say so on the line above: `// <library>'s types: <what is wrong>`.",
      unknownLibrary: "'{{name}}' is not a package this repository depends on: name the library whose types are wrong.",
    },
    schema: [],
  },
  create(context) {
    if (!isProduct(repoPath(context.filename))) return {};
    const sourceCode = context.sourceCode;
    const isUnknown = (node) => node?.type === 'TSUnknownKeyword';
    return {
      'TSAsExpression, TSTypeAssertion'(node) {
        const inner = node.expression;
        if (
          !(inner.type === 'TSAsExpression' || inner.type === 'TSTypeAssertion') ||
          !isUnknown(inner.typeAnnotation)
        ) {
          return;
        }
        const lines = new Set([node.loc.start.line, inner.typeAnnotation.loc.start.line]);
        const statement = sourceCode
          .getAncestors(node)
          .findLast((a) => a.loc.start.line <= node.loc.start.line && /Statement|Declaration/.test(a.type));
        if (statement) lines.add(statement.loc.start.line);
        const comments = sourceCode
          .getAllComments()
          .filter((c) => [...lines].some((line) => c.loc.end.line === line - 1 || c.loc.start.line === line));
        const named = comments.map((c) => LIBRARY_COMMENT.exec(c.value)?.[1]).filter(Boolean);
        if (named.length === 0) {
          context.report({ node, messageId: 'missing' });
          return;
        }
        if (!named.some((name) => knownLibraries().has(name.toLowerCase()))) {
          context.report({ node, messageId: 'unknownLibrary', data: { name: named[0] } });
        }
      },
    };
  },
};

// ---------------------------------------------------------------------------------------------------------------
// The request flow's rules: services never see the request; the web's keys and paths come from their factories.

const serviceWithoutRequest = {
  meta: {
    type: 'problem',
    docs: { description: 'A server service takes explicit arguments, never the Fastify request or reply' },
    messages: {
      request: "A service never sees '{{name}}': the route passes explicit arguments (`{ actorId, … }`).",
    },
    schema: [],
  },
  create(context) {
    const relative = repoPath(context.filename);
    if (!/^apps\/server\/src\/.*\.service\.ts$/.test(relative) || isTestOnly(relative)) return {};
    return {
      ImportDeclaration(node) {
        if (node.source.value !== 'fastify') return;
        for (const specifier of node.specifiers) {
          const name = specifier.type === 'ImportSpecifier' ? specifier.imported.name : null;
          if (name === 'FastifyRequest' || name === 'FastifyReply') {
            context.report({ node: specifier, messageId: 'request', data: { name } });
          }
        }
      },
    };
  },
};

/** Web product code, where the query-key and path rules apply. */
const isWebProduct = (relative) => relative.startsWith('apps/web/src/') && isProduct(relative);

const queryKeyFromFactory = {
  meta: {
    type: 'problem',
    docs: { description: "A web query key comes from its domain's key factory (`peopleKeys.all`), never a literal" },
    messages: {
      literal: "Build the query key from the domain's key factory (e.g. `[...peopleKeys.all, 'x']`), not a literal.",
    },
    schema: [],
  },
  create(context) {
    if (!isWebProduct(repoPath(context.filename))) return {};
    return {
      Property(node) {
        const key = node.key.type === 'Identifier' ? node.key.name : node.key.value;
        if (key !== 'queryKey' || node.value.type !== 'ArrayExpression') return;
        if (node.value.elements[0]?.type !== 'SpreadElement')
          context.report({ node: node.value, messageId: 'literal' });
      },
    };
  },
};

/** A literal screen path: `'/users'`, `` `/users/${id}` `` (not the API's `/web/…`). */
function literalScreenPath(node) {
  const text =
    node?.type === 'Literal' && typeof node.value === 'string'
      ? node.value
      : node?.type === 'TemplateLiteral'
        ? node.quasis[0].value.cooked
        : null;
  return typeof text === 'string' && text.startsWith('/') && !text.startsWith('/web/') && !text.startsWith('//');
}

const pathsFromConfig = {
  meta: {
    type: 'problem',
    docs: { description: 'A web screen path comes from config/paths.ts (`paths.login`), never a string literal' },
    messages: { literal: 'Use the path from config/paths.ts (`paths.…`), not a literal screen path.' },
    schema: [],
  },
  create(context) {
    const relative = repoPath(context.filename);
    if (!isWebProduct(relative) || relative === 'apps/web/src/config/paths.ts') return {};
    const check = (node) => {
      if (literalScreenPath(node)) context.report({ node, messageId: 'literal' });
    };
    const NAVIGATING = new Set(['navigate', 'redirect']);
    return {
      JSXAttribute(node) {
        if (node.name.type !== 'JSXIdentifier' || !['to', 'href'].includes(node.name.name)) return;
        check(node.value?.type === 'JSXExpressionContainer' ? node.value.expression : node.value);
      },
      Property(node) {
        const key = node.key.type === 'Identifier' ? node.key.name : node.key.value;
        if (key === 'to' || key === 'pathname') check(node.value);
      },
      CallExpression(node) {
        const callee = node.callee;
        const name =
          callee.type === 'Identifier'
            ? callee.name
            : callee.type === 'MemberExpression' && callee.property.type === 'Identifier'
              ? callee.property.name
              : null;
        if (name && NAVIGATING.has(name)) check(node.arguments[0]);
      },
    };
  },
};

const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'all']);

/** `protectedRoute(…)`, or an object that spreads it or says `config: { public: true }`. */
function declaresAccess(options) {
  if (!options) return false;
  const isProtected = (node) =>
    node?.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'protectedRoute';
  if (isProtected(options)) return true;
  // A wrapper such as `audited(protectedRoute(…), …)` declares what its first argument declares.
  if (options.type === 'CallExpression') return declaresAccess(options.arguments[0]);
  if (options.type !== 'ObjectExpression') return false;
  return options.properties.some((property) => {
    if (property.type === 'SpreadElement') return declaresAccess(property.argument);
    const key = property.key.type === 'Identifier' ? property.key.name : property.key.value;
    if (key !== 'config' || property.value.type !== 'ObjectExpression') return false;
    return property.value.properties.some(
      (p) =>
        p.type === 'Property' &&
        (p.key.type === 'Identifier' ? p.key.name : p.key.value) === 'public' &&
        p.value.type === 'Literal' &&
        p.value.value === true,
    );
  });
}

const routeDeclaresAccess = {
  meta: {
    type: 'problem',
    docs: { description: 'Every route says `config: { public: true }` or spreads `protectedRoute(…)` (lib/access.ts)' },
    messages: {
      undeclared:
        "Declare who may call this route: spread `protectedRoute('any' | 'professional', schema)`, or say `config: { public: true }`.",
    },
    schema: [],
  },
  create(context) {
    const relative = repoPath(context.filename);
    if (!/^apps\/server\/src\/modules\/.*\.routes\.ts$/.test(relative) || isTestOnly(relative)) return {};
    return {
      CallExpression(call) {
        const callee = call.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        const [first, options] = call.arguments;
        if (HTTP_METHODS.has(callee.property.name)) {
          const isPath =
            first &&
            (first.type === 'TemplateLiteral' || (first.type === 'Literal' && typeof first.value === 'string'));
          if (!isPath || call.arguments.length < 2) return;
          // `app.get(path, handler)`: no options at all.
          if (call.arguments.length === 2 || !declaresAccess(options))
            context.report({ node: call, messageId: 'undeclared' });
        } else if (callee.property.name === 'route' && first?.type === 'ObjectExpression' && !declaresAccess(first)) {
          context.report({ node: call, messageId: 'undeclared' });
        }
      },
    };
  },
};

const apiCallsInApiFiles = {
  meta: {
    type: 'problem',
    docs: {
      description: "A web feature's calls live in its `<x>-api.ts`: nothing else in features/ imports apiRequest",
    },
    messages: {
      call: "Put the call in this feature's `<x>-api.ts` (a typed wrapper around apiRequest) and import it from there.",
    },
    schema: [],
  },
  create(context) {
    const relative = repoPath(context.filename);
    if (!relative.startsWith('apps/web/src/features/') || !isWebProduct(relative) || relative.endsWith('-api.ts')) {
      return {};
    }
    return {
      ImportDeclaration(node) {
        const paths = resolveRelative(context, node.source.value);
        if (!paths || !paths.to.endsWith('apps/web/src/lib/api.ts')) return;
        for (const specifier of node.specifiers) {
          if (specifier.type === 'ImportSpecifier' && specifier.imported.name === 'apiRequest') {
            context.report({ node: specifier, messageId: 'call' });
          }
        }
      },
    };
  },
};

export default {
  meta: { name: 'medida' },
  rules: {
    'feature-entry-only': featureEntryOnly,
    'module-own-repository': moduleOwnRepository,
    'no-outer-db-in-transaction': noOuterDbInTransaction,
    'no-test-code-in-product': noTestCodeInProduct,
    'package-graph': packageGraph,
    'sql-in-repositories': sqlInRepositories,
    'no-user-type-literal': noUserTypeLiteral,
    'no-import-cycle': noImportCycle,
    'double-cast-names-library': doubleCastNamesLibrary,
    'service-without-request': serviceWithoutRequest,
    'query-key-from-factory': queryKeyFromFactory,
    'paths-from-config': pathsFromConfig,
    'route-declares-access': routeDeclaresAccess,
    'api-calls-in-api-files': apiCallsInApiFiles,
  },
};

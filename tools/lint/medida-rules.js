// House rules that a general-purpose plugin does not express (docs/architecture.md §Import rules).
// Each rule has a fixture in lint-rules.test.ts that proves it fires.
import path from 'node:path';

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

export default {
  meta: { name: 'medida' },
  rules: {
    'feature-entry-only': featureEntryOnly,
    'module-own-repository': moduleOwnRepository,
    'no-outer-db-in-transaction': noOuterDbInTransaction,
  },
};

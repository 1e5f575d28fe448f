import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import react from 'eslint-plugin-react';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import prettier from 'eslint-config-prettier';
import medida from './tools/lint/medida-rules.js';

/** The web app's restricted imports, each lifted in the one module that wraps it. */
function webImportRules() {
  const dayjs = { name: 'dayjs', message: "Import { dayjs } from lib/dates-locale.ts (the UI language's locale)." };
  const tooltip = {
    name: '@mantine/core',
    importNames: ['Tooltip'],
    message: 'Use TooltipOnDemand (components/tooltip-on-demand.tsx): it mounts the Tooltip on first hover or focus.',
  };
  const wrappers = {
    'apps/web/src/lib/dates-locale.ts': dayjs,
    'apps/web/src/components/tooltip-on-demand.tsx': tooltip,
  };
  const rule = (paths) => ({ 'no-restricted-imports': ['error', { paths }] });
  return [
    { files: ['apps/web/src/**/*.{ts,tsx}'], ignores: Object.keys(wrappers), rules: rule([dayjs, tooltip]) },
    ...Object.entries(wrappers).map(([file, lifted]) => ({
      files: [file],
      rules: rule([dayjs, tooltip].filter((restriction) => restriction !== lifted)),
    })),
  ];
}

/** Intl formatters are made once per locale and options, in @medida/domain (decision 245). */
const intlFormatters = {
  selector:
    "NewExpression[callee.object.name='Intl'][callee.property.name=/^(NumberFormat|DateTimeFormat|DisplayNames|ListFormat)$/]",
  message: 'Take the formatter from numberFormat/dateTimeFormat/displayNames/listFormat (@medida/domain).',
};

/** Layouts that write a <style> element per component, which React writes again on every render (decision 249). */
const styleElementLayouts = [
  {
    selector: "JSXOpeningElement[name.name=/^(SimpleGrid|Grid|Flex)$/], JSXMemberExpression[object.name='Grid']",
    message: 'The wizard renders on every key: lay it out with a class of wizard-layout.module.css.',
  },
  {
    selector: 'JSXAttribute > JSXExpressionContainer > ObjectExpression > Property[key.name=/^(base|xs|sm|md|lg|xl)$/]',
    message: 'A responsive style prop writes a <style> on every render: use a class of wizard-layout.module.css.',
  },
];

// The import rules of docs/architecture.md, enforced here; tools/lint/lint-rules.test.ts proves each one fires.
/**
 * Test files of a project share one module graph per worker (decisions 168 and 257), and so do a browser lane's spec
 * files (decision 258): a module mocked in one file would be the mock in the next. Tests use the real modules, and a
 * stubbed global (undone after each test).
 */
const noModuleMocks = {
  selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|unmock|doUnmock)$/]",
  message: 'No module mocks: the files of a worker share their modules (decision 257). Use the real module.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'e2e/artifacts/**',
      'tools/lint/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Type-aware rules: a promise nobody awaits loses its error; a switch over a union must name every member.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
    },
  },
  {
    // The web and server layer boundaries below (import-x resolves the paths).
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [importX.createNodeResolver()],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./apps/web/src/lib', './apps/web/src/components', './apps/web/src/config'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message:
                'lib/, components/ and config/ are shared by every feature: they never import features/ or app/.',
            },
            {
              target: './apps/server/src/plugins',
              from: './apps/server/src/modules',
              message: 'plugins/ never import modules/: buildApp injects what a plugin needs.',
            },
          ],
        },
      ],
    },
  },
  {
    // The house rules of tools/lint/medida-rules.js. Each rule decides from the file's path where it applies (product
    // code, the server, a workspace), so no later block can switch one off for a folder by overriding it.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { medida },
    rules: {
      'medida/feature-entry-only': 'error',
      'medida/module-own-repository': 'error',
      'medida/no-outer-db-in-transaction': 'error',
      // Replaces import-x/no-cycle, which skips `import type` and so cannot see a cycle made of types.
      'medida/no-import-cycle': 'error',
      'medida/package-graph': 'error',
      'medida/no-test-code-in-product': 'error',
      'medida/sql-in-repositories': 'error',
      'medida/no-user-type-literal': 'error',
      'medida/double-cast-names-library': 'error',
      'medida/service-without-request': 'error',
      'medida/query-key-from-factory': 'error',
      'medida/paths-from-config': 'error',
      'medida/route-declares-access': 'error',
      'medida/api-calls-in-api-files': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, react },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Health data and chat text render as text, never as HTML (security.md R20).
      'react/no-danger': 'error',
    },
  },
  // dayjs through lib/dates-locale.ts, which sets its locale to the UI language: a module that imported dayjs itself
  // would show English months on a screen that does not load that module (the dashboard does not, decision 215).
  // Mantine's Tooltip through components/tooltip-on-demand.tsx, mounted on the first hover or focus (decision 245).
  ...webImportRules(),
  {
    // Intl formatters come from @medida/domain's intl-formats.ts, made once per locale and options: building one costs
    // a hundred times more than formatting with it, and screens and reports format hundreds of figures (decision 245).
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/server/src/**/*.ts', 'packages/domain/src/**/*.ts'],
    ignores: ['packages/domain/src/i18n/intl-formats.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', intlFormatters],
    },
  },
  {
    // The evaluation wizard renders on every key typed into its sixty fields: its layouts are CSS classes, not
    // SimpleGrid, Grid, Flex or responsive style props, whose <style> elements made each key restyle the page
    // (decision 249). The block repeats the Intl rule, which it would otherwise replace for these files.
    files: ['apps/web/src/features/evaluations/wizard/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': ['error', intlFormatters, ...styleElementLayouts],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', noModuleMocks] },
  },
  {
    // The evaluation answers the reading screens import take only types from the domain: a value import pulled in the
    // engine's input schema, built at load (decision 256). The request bodies are in evaluation-bodies.ts.
    files: ['packages/contracts/src/evaluations.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@medida/domain',
              allowTypeImports: true,
              message: 'Only types here: request schemas built on the engine go in evaluation-bodies.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // A browser spec saves its pictures through saveShot (e2e/support/screens.ts), which CI switches off (decision 232).
    files: ['e2e/specs/**/*.ts', 'e2e/pages/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        noModuleMocks,
        {
          selector: "CallExpression[callee.property.name='screenshot']",
          message:
            'Save pictures with saveShot() from e2e/support/screens.ts (E2E_SHOTS=off skips them, decision 232).',
        },
      ],
    },
  },
  prettier,
);

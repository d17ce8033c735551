import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';

/**
 * Web layering (docs/web.md): `app/` (router, providers, layouts, guards) composes `features/*`;
 * a feature uses another feature only through its `index.ts`; `features/`, `ui/`, `lib/` and
 * `locales/` never import from `app/`; `ui/` and `lib/` never import from `features/`. Only static
 * imports and re-exports are checked: the router's `import()` of a page keeps each page its own chunk.
 */
const WEB_SRC = path.resolve(import.meta.dirname, 'apps/web/src');
const BELOW_APP = ['features', 'ui', 'lib', 'locales'];
// Stylesheets are exempt for now: contacts and friends reuse the picker's row styles.
const webBoundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = path.resolve(context.filename);
    if (!file.startsWith(WEB_SRC + path.sep)) return {};
    const [area, feature] = path.relative(WEB_SRC, file).split(path.sep);
    // A test may reach into another feature (render its page, reset its store); shipped code may not.
    const isTest = /\.test\.tsx?$/.test(file);
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.relative(WEB_SRC, path.resolve(path.dirname(file), spec)).split(path.sep);
      const [tArea, tFeature, ...rest] = target;
      let message;
      if (tArea === 'app' && BELOW_APP.includes(area))
        message = `'${area}/' must not import from 'app/' (${spec}).`;
      else if (tArea === 'features' && (area === 'ui' || area === 'lib'))
        message = `'${area}/' must not import from 'features/' (${spec}).`;
      else if (
        area === 'features' &&
        !isTest &&
        tArea === 'features' &&
        tFeature !== feature &&
        rest.length > 0 &&
        !spec.endsWith('.css') &&
        !(rest.length === 1 && rest[0] === 'index')
      )
        message = `Import feature '${tFeature}' through its index.ts ('${spec.slice(0, spec.lastIndexOf(tFeature) + tFeature.length)}'), not '${spec}'.`;
      if (message) context.report({ node: node.source, message });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

/**
 * Server layering (docs/architecture.md "Layers on the server"): SQL is written only in repositories
 * (`*.repo.ts`) and in `db/`. Elsewhere in apps/server/src a file may import Kysely's types, but not
 * its values (`sql`, builders), nor build statements (`prepared…` from db/compiled.ts), nor call a
 * query builder (`.selectFrom(…)`, `.insertInto(…)`, `.updateTable(…)`, `.deleteFrom(…)`).
 */
const SERVER_SRC = path.resolve(import.meta.dirname, 'apps/server/src');
const BUILDERS = new Set([
  'selectFrom',
  'insertInto',
  'updateTable',
  'deleteFrom',
  'replaceInto',
  'mergeInto',
]);
const STATEMENT_BUILDERS = new Set(['prepared', 'preparedIn', 'preparedBy', 'preparedInsert']);
const sqlOnlyInRepos = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = path.resolve(context.filename);
    if (!file.startsWith(SERVER_SRC + path.sep) || /\.(repo|test)\.ts$/.test(file)) return {};
    if (file.startsWith(path.join(SERVER_SRC, 'db') + path.sep)) return {};
    const where = 'SQL belongs in a *.repo.ts (or db/)';
    return {
      ImportDeclaration(node) {
        if (node.importKind === 'type') return;
        const values = node.specifiers.filter((s) => s.type !== 'ImportSpecifier' || s.importKind !== 'type');
        if (values.length === 0) return;
        const from = node.source.value;
        if (from === 'kysely')
          context.report({ node, message: `${where}: import only Kysely's types here ('import type').` });
        else if (typeof from === 'string' && /\/db\/compiled\.js$/.test(from))
          for (const s of values)
            if (s.type === 'ImportSpecifier' && STATEMENT_BUILDERS.has(s.imported.name))
              context.report({ node: s, message: `${where}: '${s.imported.name}' builds a statement.` });
      },
      'CallExpression > MemberExpression.callee'(node) {
        if (node.property.type === 'Identifier' && BUILDERS.has(node.property.name))
          context.report({ node, message: `${where}: '.${node.property.name}(…)' builds a query.` });
      },
    };
  },
};

/**
 * The send path's files: no object literal with a property after a spread. On Node 20 (V8 11.3)
 * `{ ...row, added: 1 }`, a spread followed by a property its source lacks, makes a new hidden class on
 * every call: ~1 µs for a small frame, ~4 µs for a message row, and what such calls allocate survives
 * scavenges (docs/decisions/011-young-objects-on-the-send-path.md). Write the literal out, or
 * put the spread last.
 */
const SEND_PATH = [
  'apps/server/src/realtime/*.ts',
  'apps/server/src/modules/messaging/send/**/*.ts',
  'apps/server/src/modules/messaging/core/{message.repo,message.presenter,conversation.repo,sync.repo,peer,content}.ts',
  'apps/server/src/db/{compiled,steps,stable-reads,unit-of-work}.ts',
  'apps/server/src/lib/route.ts',
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'e2e/artifacts/**', '**/.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
    },
  },
  {
    files: SEND_PATH,
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ObjectExpression > SpreadElement ~ Property',
          message:
            "A property after a spread is V8's slow path on Node 20 (a new hidden class per call): write the literal out or put the spread last (docs/decisions/011-young-objects-on-the-send-path.md).",
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { layering: { rules: { 'sql-only-in-repos': sqlOnlyInRepos } } },
    rules: { 'layering/sql-only-in-repos': 'error' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, parley: { rules: { 'web-boundaries': webBoundaries } } },
    rules: {
      'parley/web-boundaries': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);

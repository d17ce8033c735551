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
 * The send path's files: no object literal with a property after a spread. On Node 20 (V8 11.3)
 * `{ ...row, added: 1 }`, a spread followed by a property its source lacks, makes a new hidden class on
 * every call: ~1 µs for a small frame, ~4 µs for a message row, and what such calls allocate survives
 * scavenges (docs/performance.md "Twenty-fourth session"). Write the literal out, or
 * put the spread last.
 */
const SEND_PATH = [
  'apps/server/src/realtime/*.ts',
  'apps/server/src/modules/messaging/send-thread/*.ts',
  'apps/server/src/modules/messaging/{send-core,send.service,message.store,message.repo,message.presenter,now-batcher,conversation.repo,sync.repo,kept-counters,peer,content,group-store,group-send}.ts',
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
            'A property after a spread is V8\'s slow path on Node 20 (a new hidden class per call): write the literal out or put the spread last (docs/performance.md "Twenty-fourth session").',
        },
      ],
    },
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

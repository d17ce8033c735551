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
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, parley: { rules: { 'web-boundaries': webBoundaries } } },
    rules: {
      'parley/web-boundaries': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);

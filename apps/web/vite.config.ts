import { defineConfig, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressPlugin } from './precompress';

const api = process.env.PARLEY_API ?? 'http://localhost:3000';

/**
 * @parley/protocol's modules only declare schemas, types and constants, but its package.json does
 * not say so; without this, every page would carry zod because rest/*.ts build schemas at import.
 * Marked side-effect free, a chunk keeps only the protocol exports it uses.
 */
const protocolIsPure: PluginOption = {
  name: 'parley-protocol-side-effect-free',
  transform(code, id) {
    if (!/[\\/]packages[\\/]protocol[\\/]src[\\/]/.test(id)) return null;
    // Schema builders are pure: annotate every `z.` call and every call of the protocol's field
    // builders (fields.ts, models/common.ts) so unused schemas drop out with zod.
    const pure = code
      .replace(/(?<![\w.$])z\./g, '/* @__PURE__ */ z.')
      .replace(
        /(?<![\w.$])(textField|intField|intEnum|idList|wtIdRef|pageOf|required)\(/g,
        '/* @__PURE__ */ $1(',
      );
    return { code: pure, map: null, moduleSideEffects: false };
  },
};

export default defineConfig({
  // plugin-react's types resolve the hoisted vite 8 (pulled in by vitest); at run time it works with vite 7.
  plugins: [react() as unknown as PluginOption, protocolIsPure, precompressPlugin()],
  define: { __APP_VERSION__: JSON.stringify(process.env.npm_package_version ?? '0.1.0') },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/ws': { target: api.replace(/^http/, 'ws'), ws: true, changeOrigin: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json: the chunk graph scripts/bundle-budget.mjs sums per route.
    manifest: true,
    rollupOptions: {
      output: {
        // React and the router are needed by every page; keep them in one long-cached chunk.
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom)\//.test(id))
            return 'react';
          if (/node_modules\/(i18next|react-i18next|html-parse-stringify|void-elements)\//.test(id))
            return 'i18n';
          return undefined;
        },
      },
    },
  },
});

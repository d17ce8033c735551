import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { PluginOption } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** What compresses: text and WebAssembly. Images, fonts in woff2 and models are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|wasm|webmanifest)$/;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;
/** Brotli's best level is slow on multi-megabyte files (the WebAssembly models); they get level 9. */
const BEST_UP_TO = 512 * 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(full)));
    else if (COMPRESSIBLE.test(entry.name)) out.push(full);
  }
  return out;
}

/**
 * Writes `file.br` and `file.gz` beside every compressible file of `dir` that is worth it (both
 * kept only when smaller than the file): the server sends them as they are (`@fastify/static`
 * `preCompressed`), so no request pays for compression. Returns the files compressed.
 */
export async function precompress(dir: string): Promise<number> {
  let count = 0;
  for (const file of await filesUnder(dir)) {
    const { size } = await stat(file);
    if (size < MIN_BYTES) continue;
    const data = await readFile(file);
    const [br, gzipped] = await Promise.all([
      brotli(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: size <= BEST_UP_TO ? constants.BROTLI_MAX_QUALITY : 9,
          [constants.BROTLI_PARAM_SIZE_HINT]: size,
        },
      }),
      gz(data, { level: 9 }),
    ]);
    if (br.length < size) await writeFile(`${file}.br`, br);
    if (gzipped.length < size) await writeFile(`${file}.gz`, gzipped);
    count += 1;
  }
  return count;
}

/** Vite plugin: precompress the build output once it is written. */
export function precompressPlugin(): PluginOption {
  let outDir = 'dist';
  return {
    name: 'parley-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const n = await precompress(outDir);
      this.info(`precompressed ${n} files (brotli + gzip)`);
    },
  };
}

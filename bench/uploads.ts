/**
 * Upload throughput and image processing (docs/performance.md "Uploads"): one Parley server in this
 * process (SQLite and local disk in a temp dir), next to a bare Node HTTP server that only writes the
 * request body to a file (the floor of what any upload path costs on this disk), in the same run.
 *
 *   npx tsx bench/uploads.ts [--mb 100] [--rounds 3]
 *
 * Rows: a 100 MB file sent as multipart (POST /oss/upload), resumable with tus in 8 MB chunks and in
 * one PATCH, and the bare server; then the time to store an image (measure + large + thumbnail
 * copies with sharp) per size, and sharp alone. Client and server share the machine's cores.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import * as tus from 'tus-js-client';
import { buildServer } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { LARGE_PX, resizeImage, THUMB_PX } from '../apps/server/src/modules/uploads/images.js';
import { median, printTable } from './lib/proc.js';

const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const MB = 1024 * 1024;
const sizeMb = opt('mb', 100);
const rounds = opt('rounds', 3);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-uploads-'));
const config = loadConfig(
  { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
  { port: 0, host: '127.0.0.1', dataDir, webDistDir: undefined, databaseUrl: undefined, redisUrl: undefined },
);
const server = await buildServer(config);
const base = (await server.app.listen({ port: 0, host: '127.0.0.1' })).replace('[::1]', '127.0.0.1');

const reg = await fetch(`${base}/api/user/login/register`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    phone: `+1555${Date.now() % 1e7}`,
    wtId: `bench_${randomBytes(3).toString('hex')}`,
    nickName: 'bench',
    pwd: 'Bench-pass-123',
  }),
});
const login = (await reg.json()) as { code: number; msg: string; data: { token: string } };
if (login.code !== 200) throw new Error(`register failed: ${login.code} ${login.msg}`);
const token = login.data.token;

const payload = randomBytes(sizeMb * MB);
const mbps = (ms: number) => ((sizeMb * 1000) / ms).toFixed(1);

async function multipart(): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([payload]), 'big.bin');
  const t0 = performance.now();
  const res = await fetch(`${base}/api/oss/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const env = (await res.json()) as { code: number };
  if (env.code !== 200) throw new Error(`upload answered ${env.code}`);
  return performance.now() - t0;
}

function resumable(chunkSize: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const up = new tus.Upload(payload, {
      endpoint: `${base}/api/oss/tus`,
      headers: { authorization: `Bearer ${token}` },
      metadata: { filename: 'big.bin' },
      chunkSize,
      retryDelays: [],
      storeFingerprintForResuming: false,
      onSuccess: () => resolve(performance.now() - t0),
      onError: reject,
    });
    up.start();
  });
}

// The floor: a bare server writing the body to a file on the same disk.
const bareFile = path.join(dataDir, 'bare.bin');
const bare = http.createServer((req, res) => {
  void pipeline(req, fs.createWriteStream(bareFile)).then(() => res.end('ok'));
});
await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
const bareUrl = `http://127.0.0.1:${(bare.address() as { port: number }).port}/`;
/** The same bytes with one plain HTTP request (as tus-js-client sends a PATCH in Node). */
function bareUpload(): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request(
      bareUrl,
      { method: 'POST', headers: { 'content-length': String(payload.length) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(performance.now() - t0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function timed(label: string, run: () => Promise<number>): Promise<string[]> {
  await run(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) times.push(await run());
  const m = median(times);
  return [label, `${sizeMb} MB`, m.toFixed(0), mbps(m)];
}

console.log(
  `\nUpload of a ${sizeMb} MB file (median of ${rounds} after a warm-up; client and server on one machine)`,
);
printTable(
  ['path', 'size', 'ms', 'MB/s'],
  [
    await timed('bare Node http → file (floor)', bareUpload),
    await timed('POST /oss/upload (multipart)', multipart),
    await timed('tus resumable, 8 MB chunks', () => resumable(8 * MB)),
    await timed('tus resumable, one PATCH', () => resumable(Number.POSITIVE_INFINITY)),
  ],
);

// Images: storing one (type check, measure, large + thumb copies) end to end, and sharp alone.
const images: [string, number, number, 'jpeg' | 'png'][] = [
  ['1000×750 JPEG', 1000, 750, 'jpeg'],
  ['4000×3000 JPEG (12 MP photo)', 4000, 3000, 'jpeg'],
  ['2000×2000 PNG', 2000, 2000, 'png'],
];
const rows: string[][] = [];
for (const [label, w, h, fmt] of images) {
  const noise = randomBytes(w * h * 3);
  const raw = sharp(noise, { raw: { width: w, height: h, channels: 3 } });
  const img = await (fmt === 'jpeg' ? raw.jpeg() : raw.png()).toBuffer();
  const src = path.join(dataDir, `src.${fmt}`);
  fs.writeFileSync(src, img);
  const endToEnd: number[] = [];
  const sharpOnly: number[] = [];
  for (let i = 0; i < rounds + 1; i++) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(img)]), `photo.${fmt === 'jpeg' ? 'jpg' : 'png'}`);
    const t0 = performance.now();
    const res = await fetch(`${base}/api/oss/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const env = (await res.json()) as { code: number };
    if (env.code !== 200) throw new Error(`image upload answered ${env.code}`);
    const t1 = performance.now();
    await resizeImage(src, path.join(dataDir, 'l.webp'), LARGE_PX);
    await resizeImage(src, path.join(dataDir, 't.webp'), THUMB_PX);
    const t2 = performance.now();
    if (i > 0) {
      endToEnd.push(t1 - t0);
      sharpOnly.push(t2 - t1);
    }
  }
  rows.push([
    label,
    `${(img.length / MB).toFixed(1)} MB`,
    median(endToEnd).toFixed(0),
    median(sharpOnly).toFixed(0),
  ]);
}
console.log(
  '\nImages: store one (upload + type check + measure + large 1280 and thumb 400 WebP), and sharp alone',
);
printTable(['image', 'bytes', 'upload+store ms', 'sharp large+thumb ms'], rows);

bare.close();
await server.close();
fs.rmSync(dataDir, { recursive: true, force: true });

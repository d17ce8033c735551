import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../../web/precompress.js';
import { startTestServer, type TestServer } from '../helpers.js';

/**
 * The built web app as the server sends it: the build's brotli/gzip copies (apps/web/precompress.ts,
 * run here on a small build-shaped directory) chosen by Accept-Encoding, hashed assets cached for a
 * year, index.html revalidated on every load.
 */
let t: TestServer;
let webDir: string;
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i % 37}`))};\n`;
const INDEX = `<!doctype html><html><head><title>Parley</title><script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'index.html'), INDEX);
  fs.writeFileSync(path.join(webDir, 'assets', 'index-AbC123.js'), SCRIPT);
  fs.writeFileSync(path.join(webDir, 'assets', 'tiny-Zz9.js'), 'export {};\n');
  fs.writeFileSync(path.join(webDir, 'assets', 'photo-Q1.png'), Buffer.alloc(4096, 7));
  expect(await precompress(webDir)).toBe(2);
  t = await startTestServer({ webDistDir: webDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

/** A GET with node:http (fetch would decode the body itself): the status, headers and raw bytes. */
function get(url: string, acceptEncoding: string) {
  return new Promise<{ res: { status: number; headers: Headers }; body: Buffer }>((resolve, reject) => {
    const req = http.get(`${t.baseUrl}${url}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers.set(k, String(v));
        resolve({ res: { status: res.statusCode ?? 0, headers }, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const YEAR = 'public, max-age=31536000, immutable';

describe('precompressed static assets', () => {
  it('the build writes .br and .gz beside text files worth compressing, nothing beside the rest', () => {
    const names = fs.readdirSync(path.join(webDir, 'assets')).sort();
    expect(names).toEqual([
      'index-AbC123.js',
      'index-AbC123.js.br',
      'index-AbC123.js.gz',
      'photo-Q1.png',
      'tiny-Zz9.js',
    ]);
    expect(fs.existsSync(path.join(webDir, 'index.html.br'))).toBe(true);
  });

  it('sends brotli when accepted, gzip otherwise, the file itself to a client that accepts neither', async () => {
    const br = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(br.res.status).toBe(200);
    expect(br.res.headers.get('content-encoding')).toBe('br');
    expect(br.res.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(br.res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    expect(br.body.length).toBeLessThan(SCRIPT.length / 4);

    const gz = await get('/assets/index-AbC123.js', 'gzip');
    expect(gz.res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-AbC123.js', 'identity');
    expect(plain.res.headers.get('content-encoding')).toBeNull();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('hashed assets are cached for a year and never revalidated, compressed or not', async () => {
    for (const [url, enc] of [
      ['/assets/index-AbC123.js', 'br'],
      ['/assets/index-AbC123.js', 'identity'],
      ['/assets/tiny-Zz9.js', 'br'],
      ['/assets/photo-Q1.png', 'br'],
    ] as const) {
      const { res } = await get(url, enc);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('cache-control'), `${url} ${enc}`).toBe(YEAR);
    }
    const tiny = await get('/assets/tiny-Zz9.js', 'br');
    expect(tiny.res.headers.get('content-encoding')).toBeNull();
  });

  it('index.html, at / and at every app path, is revalidated on each load and sent compressed', async () => {
    for (const url of ['/', '/login', '/messages?conversationID=C2Cbob']) {
      const { res, body } = await get(url, 'br');
      expect(res.status, url).toBe(200);
      expect(res.headers.get('cache-control'), url).toBe('no-cache');
      expect(res.headers.get('content-type'), url).toMatch(/^text\/html/);
      expect(res.headers.get('content-encoding'), url).toBe('br');
      expect(brotliDecompressSync(body).toString(), url).toBe(INDEX);
    }
  });

  it('a missing asset is a 404, never index.html', async () => {
    const { res } = await get('/assets/gone-000.js', 'br');
    expect(res.status).toBe(404);
  });
});

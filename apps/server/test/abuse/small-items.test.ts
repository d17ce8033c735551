import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { QrCodeIssued } from '@parley/protocol';
import { api, registerUser, startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { upload } from '../uploads/fixtures.js';
import { loadConfig } from '../../src/config.js';

// The smaller hardening items: a QR code is confirmed only by whoever scanned it; a socket opens only
// from this node's own origin or CORS_ORIGINS; HSTS only over HTTPS; the resumable endpoint names
// allowed origins instead of `*`; stored keys carry 128 random bits.
let t: TestServer;
let proxied: TestServer;
let user: TestUser;
beforeAll(async () => {
  t = await startTestServer({ corsOrigins: ['https://app.example'] });
  proxied = await startTestServer({ trustProxy: true });
  user = await registerUser(t);
});
afterAll(async () => {
  await t.close();
  await proxied.close();
});

describe('QR login', () => {
  it('refuses confirming a code nobody scanned (26002), then confirms after the scan', async () => {
    const issued = await api<QrCodeIssued>(t, 'POST', '/user/login/genQrCode');
    const { qrCode } = issued.data;
    const early = await api(t, 'POST', '/user/login/qrCode/confirm', { token: user.token, body: { qrCode } });
    expect(early).toEqual({ status: 409, code: 26002, msg: '请先扫描二维码', data: null });
    const polled = await api<{ status: number }>(t, 'POST', '/user/login/qrCode', { body: { qrCode } });
    expect(polled.data.status).toBe(0);
    expect(
      (await api(t, 'POST', '/user/login/qrCode/scan', { token: user.token, body: { qrCode } })).code,
    ).toBe(200);
    const ok = await api(t, 'POST', '/user/login/qrCode/confirm', { token: user.token, body: { qrCode } });
    expect(ok).toMatchObject({ status: 200, data: { status: 2 } });
  });
});

/** The HTTP status of a socket upgrade sent with these headers (101 when it opens). */
function upgrade(server: TestServer, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${server.wsUrl}/ws/${encodeURIComponent(user.token)}`, { headers });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('open', () => {
      resolve(101);
      ws.close();
    });
    ws.once('error', (err) => {
      if (!/Unexpected server response/.test(err.message)) reject(err);
    });
  });
}

describe('socket Origin', () => {
  it('opens from the served origin, from CORS_ORIGINS and without an Origin; refuses other sites with 403', async () => {
    const served = new URL(t.baseUrl).host;
    expect(await upgrade(t, { origin: `http://${served}` })).toBe(101);
    expect(await upgrade(t, { origin: 'https://app.example' })).toBe(101);
    expect(await upgrade(t, {})).toBe(101);
    expect(await upgrade(t, { origin: 'https://evil.example' })).toBe(403);
    expect(await upgrade(t, { origin: `http://${served}.evil.example` })).toBe(403);
    expect(await upgrade(t, { origin: 'null' })).toBe(403);
  });

  it('compares scheme, host and port: the served host over https or on another port is refused', async () => {
    const url = new URL(t.baseUrl);
    expect(await upgrade(t, { origin: `http://${url.host}` })).toBe(101);
    expect(await upgrade(t, { origin: `https://${url.host}` })).toBe(403);
    expect(await upgrade(t, { origin: `http://${url.hostname}:${Number(url.port) + 1}` })).toBe(403);
    expect(await upgrade(t, { origin: 'http://app.example' })).toBe(403);
    expect(await upgrade(t, { origin: 'https://app.example:8443' })).toBe(403);
    expect(await upgrade(t, { origin: 'https://app.example:443' })).toBe(101);
  });

  it('in production the dev server origin is refused unless CORS_ORIGINS names it', async () => {
    const prod = await startTestServer({ corsOrigins: loadConfig({ NODE_ENV: 'production' }).corsOrigins });
    try {
      const u = await registerUser(prod);
      const open = (origin: string) =>
        new Promise<number>((resolve) => {
          const ws = new WebSocket(`${prod.wsUrl}/ws/${encodeURIComponent(u.token)}`, {
            headers: { origin },
          });
          ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
          ws.once('open', () => {
            resolve(101);
            ws.close();
          });
          ws.once('error', () => undefined);
        });
      expect(await open('http://localhost:5173')).toBe(403);
      expect(await open(prod.baseUrl)).toBe(101);
      const cors = await fetch(`${prod.baseUrl}/api/oss/tus`, {
        method: 'OPTIONS',
        headers: { origin: 'http://localhost:5173', authorization: `Bearer ${u.token}` },
      });
      await cors.arrayBuffer();
      expect(cors.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await prod.close();
    }
  });

  it('behind TRUST_PROXY, the forwarded host is the served origin', async () => {
    const other = await registerUser(proxied);
    const open = (headers: Record<string, string>) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(`${proxied.wsUrl}/ws/${encodeURIComponent(other.token)}`, { headers });
        ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.once('open', () => {
          resolve(101);
          ws.close();
        });
        ws.once('error', () => undefined);
      });
    const https = { 'x-forwarded-host': 'chat.example', 'x-forwarded-proto': 'https' };
    expect(await open({ origin: 'https://chat.example', ...https })).toBe(101);
    expect(await open({ origin: 'https://evil.example', ...https })).toBe(403);
    // The proxy says the page came over https: the same host over http is another origin.
    expect(await open({ origin: 'http://chat.example', ...https })).toBe(403);
    expect(await open({ origin: 'https://chat.example', 'x-forwarded-host': 'chat.example' })).toBe(403);
  });
});

describe('HSTS', () => {
  it('is not sent over plain HTTP', async () => {
    const res = await fetch(`${t.baseUrl}/api/health`, { headers: { 'x-forwarded-proto': 'https' } });
    await res.arrayBuffer();
    // Without TRUST_PROXY a forwarded protocol is not believed.
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('is sent when a trusted proxy says the request came over HTTPS', async () => {
    const https = await fetch(`${proxied.baseUrl}/api/health`, { headers: { 'x-forwarded-proto': 'https' } });
    await https.arrayBuffer();
    expect(https.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const http = await fetch(`${proxied.baseUrl}/api/health`);
    await http.arrayBuffer();
    expect(http.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('resumable uploads and CORS', () => {
  it('answers no Access-Control-Allow-Origin to another site, and the allowed origin to CORS_ORIGINS', async () => {
    const ask = (origin: string) =>
      fetch(`${t.baseUrl}/api/oss/tus`, {
        method: 'OPTIONS',
        headers: { origin, authorization: `Bearer ${user.token}` },
      });
    const evil = await ask('https://evil.example');
    await evil.arrayBuffer();
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const allowed = await ask('https://app.example');
    await allowed.arrayBuffer();
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example');
  });
});

describe('upload keys', () => {
  it('are 128 random bits (32 hex digits), not a UUIDv4 with its fixed version and variant bits', async () => {
    const keys: string[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await upload(t, user.token, { bytes: Buffer.from(`file ${i}`), name: `f${i}.txt` });
      expect(res.code).toBe(200);
      keys.push(res.data!.uuid);
    }
    for (const k of keys) expect(k).toMatch(/^[0-9a-f]{32}$/);
    // A UUIDv4 always has '4' at digit 13 and one of 8, 9, a, b at digit 17: eight random keys
    // all keeping both is a chance of 2^-48.
    const uuidLike = keys.filter((k) => k[12] === '4' && '89ab'.includes(k[16]!));
    expect(uuidLike.length).toBeLessThan(keys.length);
  });
});

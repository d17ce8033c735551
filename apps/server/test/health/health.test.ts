import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers.js';

const dialect = process.env.DATABASE_URL ? 'postgres' : 'sqlite';

async function get(t: TestServer, url: string) {
  const res = await fetch(`${t.baseUrl}${url}`);
  return { status: res.status, cache: res.headers.get('cache-control'), body: (await res.json()) as unknown };
}

const allOk = (sfu = 'werift') => ({
  db: { kind: dialect, ok: true },
  bus: { kind: 'memory', ok: true },
  files: { kind: 'local', ok: true },
  sfu: { kind: sfu, ok: true },
});

describe('liveness and readiness', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.close());

  it('/healthz answers 200 while the process runs', async () => {
    expect(await get(t, '/healthz')).toEqual({ status: 200, cache: 'no-store', body: { ok: true } });
  });

  it('/readyz answers 200 with every dependency when all answer', async () => {
    expect(await get(t, '/readyz')).toEqual({
      status: 200,
      cache: 'no-store',
      body: { ready: true, draining: false, missing: [], checks: allOk() },
    });
  });

  it('a file store that takes no write makes /readyz 503 naming it, and 200 again once it does', async () => {
    const tmp = path.join(t.config.dataDir, 'uploads', '.tmp');
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(tmp), { recursive: true });
    // A file where the store's directory should be: no write can land (root ignores permissions).
    fs.writeFileSync(tmp, 'not a directory');
    try {
      expect(await get(t, '/readyz')).toMatchObject({
        status: 503,
        body: {
          ready: false,
          missing: ['files'],
          checks: { ...allOk(), files: { kind: 'local', ok: false } },
        },
      });
      // Liveness does not ask the dependencies.
      expect((await get(t, '/healthz')).status).toBe(200);
    } finally {
      fs.rmSync(tmp, { force: true });
    }
    expect((await get(t, '/readyz')).status).toBe(200);
  });
});

describe('readiness with Janus configured', () => {
  let t: TestServer;
  beforeAll(async () => {
    // Nothing listens on port 9 of loopback: Janus is configured and does not answer.
    t = await startTestServer({ sfu: { kind: 'janus', url: 'http://127.0.0.1:9/janus' } });
  });
  afterAll(() => t.close());

  it('an unreachable Janus makes /readyz 503 naming the SFU', async () => {
    expect(await get(t, '/readyz')).toMatchObject({
      status: 503,
      body: {
        ready: false,
        missing: ['sfu'],
        checks: { ...allOk('janus'), sfu: { kind: 'janus', ok: false } },
      },
    });
  });
});

describe('readiness while draining', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.close());

  it('a draining node answers /readyz 503 and still serves the API and /healthz', async () => {
    t.server.drain();
    expect(await get(t, '/readyz')).toEqual({
      status: 503,
      cache: 'no-store',
      body: { ready: false, draining: true, missing: ['draining'], checks: allOk() },
    });
    expect((await get(t, '/healthz')).status).toBe(200);
    expect((await get(t, '/api/health')).status).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/config-limits.js';
import { FakeClock, registerUser, startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { upload } from '../uploads/fixtures.js';

// Per-user upload limits with a fake clock: a rate of files a minute, a cap on unfinished resumable
// uploads, stale resumable uploads removed, and a storage quota.
const clock = new FakeClock();
const STALE_MS = 10 * 60_000;
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer(
    {
      limits: {
        ...DEFAULT_LIMITS,
        uploadsPerMinute: 3,
        uploadOpenMax: 2,
        uploadStaleMs: STALE_MS,
        uploadQuotaBytes: 1000,
      },
    },
    clock,
  );
});
afterAll(() => t.close());

const RATE_LIMITED = { status: 429, code: 429, msg: '操作过于频繁，请稍后再试', data: null };
const OPEN_LIMIT = { status: 429, code: 26004, msg: '未完成的上传过多，请先完成或取消其他上传', data: null };
const QUOTA = { status: 403, code: 26003, msg: '存储空间已用完，无法继续上传', data: null };

const file = (bytes: number, name = 'notes.txt') => ({ bytes: Buffer.alloc(bytes, 'a'), name });

/** POST to the tus endpoint: the created upload's URL, or the refusal's envelope. */
async function createResumable(u: TestUser, length: number) {
  const res = await fetch(`${t.baseUrl}/api/oss/tus`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${u.token}`,
      'tus-resumable': '1.0.0',
      'upload-length': String(length),
      'upload-metadata': `filename ${Buffer.from('part.txt').toString('base64')}`,
    },
  });
  if (res.status === 201) {
    await res.arrayBuffer();
    return { status: 201, location: new URL(res.headers.get('location')!, `${t.baseUrl}/api/oss/tus`).href };
  }
  return { status: res.status, ...(JSON.parse(await res.text()) as object) };
}

async function finish(u: TestUser, location: string, length: number) {
  const res = await fetch(location, {
    method: 'PATCH',
    headers: {
      authorization: `Bearer ${u.token}`,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    body: Buffer.alloc(length, 'b'),
  });
  return { status: res.status, ...(JSON.parse(await res.text()) as { code: number }) };
}

const head = (u: TestUser, location: string) =>
  fetch(location, {
    method: 'HEAD',
    headers: { authorization: `Bearer ${u.token}`, 'tus-resumable': '1.0.0' },
  });

describe('upload limits', () => {
  it('3 files a minute per user (whole or resumable), then 429 until the minute ends', async () => {
    const u = await registerUser(t);
    expect((await upload(t, u.token, file(10))).code).toBe(200);
    expect((await upload(t, u.token, file(10))).code).toBe(200);
    expect((await createResumable(u, 10)).status).toBe(201);
    expect(await upload(t, u.token, file(10))).toEqual(RATE_LIMITED);
    expect(await createResumable(u, 10)).toEqual(RATE_LIMITED);
    const other = await registerUser(t);
    expect((await upload(t, other.token, file(10))).code).toBe(200);
    clock.advance(60_000);
    expect((await upload(t, u.token, file(10))).code).toBe(200);
  });

  it('2 unfinished resumable uploads at once; finishing one makes room', async () => {
    const u = await registerUser(t);
    const first = await createResumable(u, 20);
    expect((await createResumable(u, 20)).status).toBe(201);
    expect(await createResumable(u, 20)).toEqual(OPEN_LIMIT);
    expect((await finish(u, (first as { location: string }).location, 20)).code).toBe(200);
    clock.advance(60_000);
    expect((await createResumable(u, 20)).status).toBe(201);
  });

  it('removes resumable uploads idle for UPLOAD_STALE_MS, and they no longer count', async () => {
    const u = await registerUser(t);
    const idle = (await createResumable(u, 30)) as { location: string };
    const active = (await createResumable(u, 30)) as { location: string };
    clock.advance(STALE_MS - 1000);
    // A byte received keeps an upload alive.
    const patch = await fetch(active.location, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${u.token}`,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: Buffer.alloc(5, 'c'),
    });
    expect(patch.status).toBe(204);
    clock.advance(2000);
    // Other tests' idle uploads on this server go too.
    expect(await t.server.modules.uploads.sweepStaleUploads()).toBeGreaterThanOrEqual(1);
    expect((await head(u, idle.location)).status).toBe(404);
    expect((await head(u, active.location)).status).toBe(200);
    clock.advance(60_000);
    expect((await createResumable(u, 30)).status).toBe(201);
  });

  it('a storage quota of 1000 bytes over stored files and open resumable uploads', async () => {
    const u = await registerUser(t);
    expect((await upload(t, u.token, file(600))).code).toBe(200);
    expect(await upload(t, u.token, file(401))).toEqual(QUOTA);
    expect(await createResumable(u, 401)).toEqual(QUOTA);
    clock.advance(60_000);
    const open = (await createResumable(u, 300)) as { location: string };
    // 600 stored and 300 open: 101 more is over.
    expect(await upload(t, u.token, file(101))).toEqual(QUOTA);
    expect((await upload(t, u.token, file(100))).code).toBe(200);
    // The open upload finishing is within what it declared.
    clock.advance(60_000);
    expect((await finish(u, open.location, 300)).code).toBe(200);
  });
});

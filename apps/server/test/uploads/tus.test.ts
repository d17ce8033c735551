import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@parley/protocol';
import * as tus from 'tus-js-client';
import { registerUser, startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { PNG } from './fixtures.js';

const MB = 1024 * 1024;
let t: TestServer;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await startTestServer();
  alice = await registerUser(t);
  bob = await registerUser(t);
});
afterAll(() => t.close());

const endpoint = () => `${t.baseUrl}/api/oss/tus`;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

interface Finished {
  code: number;
  msg: string;
  data: { url: string; size: number; kind: string; name: string } | null;
}

/** Runs a tus upload to the end; resolves the envelope the last PATCH answered (or the error's). */
function send(
  token: string,
  bytes: Buffer,
  name: string,
  opts: Partial<tus.UploadOptions> = {},
): { upload: tus.Upload; done: Promise<{ status: number; body: Finished }> } {
  let upload!: tus.Upload;
  const done = new Promise<{ status: number; body: Finished }>((resolve) => {
    upload = new tus.Upload(bytes, {
      endpoint: endpoint(),
      headers: { authorization: `Bearer ${token}` },
      metadata: { filename: name },
      retryDelays: [],
      storeFingerprintForResuming: false,
      ...opts,
      onSuccess: (p) =>
        resolve({
          status: p.lastResponse.getStatus(),
          body: JSON.parse(p.lastResponse.getBody()) as Finished,
        }),
      onError: (e) => {
        const res = (e as tus.DetailedError).originalResponse;
        resolve({ status: res?.getStatus() ?? 0, body: JSON.parse(res?.getBody() || '{}') as Finished });
      },
    });
    upload.start();
  });
  return { upload, done };
}

const head = (url: string, token: string) =>
  fetch(url, { method: 'HEAD', headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' } });

describe('resumable uploads (tus)', () => {
  it('an interrupted 50 MB upload resumes where it stopped and ends as a stored file', async () => {
    const bytes = Buffer.alloc(50 * MB);
    for (let i = 0; i < bytes.length; i += 4096) bytes.writeUInt32LE(i, i);
    let url = '';
    // First attempt: stop after about 20 MB arrived (a dropped connection).
    await new Promise<void>((resolve, reject) => {
      const up = new tus.Upload(bytes, {
        endpoint: endpoint(),
        headers: { authorization: `Bearer ${alice.token}` },
        metadata: { filename: 'big.bin' },
        chunkSize: 4 * MB,
        retryDelays: [],
        storeFingerprintForResuming: false,
        onUploadUrlAvailable: () => {
          url = up.url!;
        },
        onChunkComplete: (_c, sent) => {
          if (sent >= 20 * MB) void up.abort().then(resolve);
        },
        onError: reject,
        onSuccess: () => reject(new Error('should not finish')),
      });
      up.start();
    });
    const mid = await head(url, alice.token);
    const offset = Number(mid.headers.get('upload-offset'));
    expect(offset).toBeGreaterThanOrEqual(20 * MB);
    expect(offset).toBeLessThan(50 * MB);

    // Second attempt: continues from the server's offset, not from 0.
    let firstProgress = -1;
    const { done } = send(alice.token, bytes, 'big.bin', {
      uploadUrl: url,
      chunkSize: 8 * MB,
      onProgress: (sent) => {
        if (firstProgress < 0) firstProgress = sent;
      },
    });
    const { status, body } = await done;
    expect(status).toBe(200);
    expect(body).toMatchObject({
      code: 200,
      msg: '上传成功',
      data: { size: 50 * MB, kind: 'file', name: 'big.bin' },
    });
    expect(firstProgress).toBeGreaterThanOrEqual(offset);
    const stored = Buffer.from(await (await fetch(`${t.baseUrl}${body.data!.url}`)).arrayBuffer());
    expect(sha(stored)).toBe(sha(bytes));
  }, 120_000);

  it('checks the finished file like POST /oss/upload: an image by content, 4004 for a fake .png', async () => {
    const ok = await send(alice.token, PNG, 'dot.png').done;
    expect(ok.body).toMatchObject({ code: 200, data: { kind: 'image', name: 'dot.png' } });
    const fake = await send(alice.token, Buffer.from('MZ\x90\x00 not an image', 'latin1'), 'x.png').done;
    expect(fake).toMatchObject({ status: 400, body: { code: 4004, msg: '图片消息失败,无效的图片格式' } });
  });

  it('refuses without a session (401), over 100 MB (7005), and hides an upload from other users', async () => {
    const anon = await fetch(endpoint(), {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '10' },
    });
    expect({ status: anon.status, ...((await anon.json()) as object) }).toMatchObject(Errors.unauthorized);
    const big = await fetch(endpoint(), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${alice.token}`,
        'tus-resumable': '1.0.0',
        'upload-length': String(100 * MB + 1),
      },
    });
    expect({ status: big.status, ...((await big.json()) as object) }).toMatchObject(Errors.fileTooLarge);

    const created = await fetch(endpoint(), {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.token}`, 'tus-resumable': '1.0.0', 'upload-length': '100' },
    });
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get('location')!, endpoint()).href;
    expect((await head(location, alice.token)).status).toBe(200);
    expect((await head(location, bob.token)).status).toBe(404);
    const patch = await fetch(location, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${bob.token}`,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: Buffer.alloc(100),
    });
    expect({ status: patch.status, ...(JSON.parse(await patch.text()) as object) }).toMatchObject(
      Errors.fileMissing,
    );
  });
});

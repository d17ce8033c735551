import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
// s3rver: a local S3-compatible server (npm), standing in for S3/MinIO in tests.
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@parley/protocol';
import { registerUser, startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { upload } from './fixtures.js';

let s3: { run(): Promise<{ port: number }>; close(): Promise<void> };
let s3Dir: string;
let t: TestServer;
let user: TestUser;

beforeAll(async () => {
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-s3-'));
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory: s3Dir,
    silent: true,
    configureBuckets: [{ name: 'parley' }],
  });
  const { port } = await s3.run();
  t = await startTestServer({
    s3: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'parley',
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    },
  });
  user = await registerUser(t);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
});

describe('uploads on an S3-compatible store', () => {
  it('stores an image with its copies in the bucket (not on local disk) and serves it back, with ranges', async () => {
    const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#246' } })
      .png()
      .toBuffer();
    const res = await upload(t, user.token, { bytes: png, name: 'wide.png' });
    expect(res.code).toBe(200);
    expect(res.data!.imageInfoArray!.map((i) => i.width)).toEqual([1600, 1280, 400]);
    const key = res.data!.url.split('/').pop()!;
    expect(fs.existsSync(path.join(t.config.dataDir, 'uploads', key.slice(0, 2), key))).toBe(false);
    const back = await fetch(`${t.baseUrl}${res.data!.url}`);
    expect(back.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await back.arrayBuffer()).equals(png)).toBe(true);
    const part = await fetch(`${t.baseUrl}${res.data!.url}`, { headers: { range: 'bytes=0-7' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-7/${png.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(png.subarray(0, 8))).toBe(true);
    const thumb = await fetch(`${t.baseUrl}${res.data!.imageInfoArray![2]!.url}`);
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width).toBe(400);
  });

  it('a resumable (tus) upload ends in the bucket too; unknown keys answer 7004', async () => {
    const bytes = Buffer.alloc(3 * 1024 * 1024, 7);
    const url = await new Promise<string>((resolve, reject) => {
      const up = new tus.Upload(bytes, {
        endpoint: `${t.baseUrl}/api/oss/tus`,
        headers: { authorization: `Bearer ${user.token}` },
        metadata: { filename: 'data.bin' },
        chunkSize: 1024 * 1024,
        retryDelays: [],
        storeFingerprintForResuming: false,
        onSuccess: (p) =>
          resolve((JSON.parse(p.lastResponse.getBody()) as { data: { url: string } }).data.url),
        onError: reject,
      });
      up.start();
    });
    const back = await fetch(`${t.baseUrl}${url}`);
    expect(back.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(Buffer.from(await back.arrayBuffer()).equals(bytes)).toBe(true);
    const missing = await fetch(`${t.baseUrl}/api/oss/files/0123456789abcdef0123456789abcdef.png`);
    expect({ status: missing.status, ...((await missing.json()) as object) }).toMatchObject(
      Errors.fileMissing,
    );
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@parley/protocol';
import { api, registerUser, startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { bmp, GIF, JPG, PNG, upload, WEBP } from './fixtures.js';

let t: TestServer;
let user: TestUser;
beforeAll(async () => {
  t = await startTestServer();
  user = await registerUser(t);
});
afterAll(() => t.close());

const tmpDir = () => path.join(t.config.dataDir, 'uploads', '.tmp');

describe('POST /oss/upload', () => {
  it.each([
    ['png', PNG, 'image/png', 3],
    ['jpg', JPG, 'image/jpeg', 1],
    ['gif', GIF, 'image/gif', 2],
    ['bmp', bmp(), 'image/bmp', 4],
    ['webp', WEBP, 'image/webp', 255],
  ] as const)(
    'accepts a %s image by its content and serves it back',
    async (ext, bytes, mime, imageFormat) => {
      // The name and browser type lie on purpose: only the content counts.
      const res = await upload(t, user.token, {
        bytes,
        name: `photo.${ext === 'png' ? 'jpg' : 'png'}`,
        type: 'text/plain',
      });
      expect(res).toMatchObject({ status: 200, code: 200, msg: '上传成功' });
      expect(res.data).toMatchObject({ mime, size: bytes.length, kind: 'image', imageFormat });
      expect(res.data!.url).toBe(`/api/oss/files/${res.data!.uuid}.${ext}`);
      expect(res.data!.uuid).toMatch(/^[0-9a-f]{32}$/);

      const file = await fetch(`${t.baseUrl}${res.data!.url}`);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe(mime);
      expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(file.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
      // The bytes live under the data dir.
      expect(
        fs.existsSync(
          path.join(t.config.dataDir, 'uploads', res.data!.uuid.slice(0, 2), `${res.data!.uuid}.${ext}`),
        ),
      ).toBe(true);
    },
  );

  it('keeps the original file name for display, without path parts', async () => {
    const res = await upload(t, user.token, { bytes: PNG, name: '../../我的头像.png' });
    expect(res.data?.name).toBe('我的头像.png');
  });

  it('refuses a text file renamed .png with 4004 and keeps nothing', async () => {
    const res = await upload(t, user.token, {
      bytes: Buffer.from('hello, this is not an image at all\n'.repeat(4)),
      name: 'fake.png',
      type: 'image/png',
    });
    expect(res).toMatchObject({ status: 400, code: 4004, msg: '图片消息失败,无效的图片格式', data: null });
    const tiny = await upload(t, user.token, { bytes: Buffer.from('BM not a bitmap'), name: 'x.bmp' });
    expect(tiny).toMatchObject(Errors.invalidImage);
    const empty = await upload(t, user.token, { bytes: Buffer.alloc(0), name: 'empty.png' });
    expect(empty).toMatchObject(Errors.invalidImage);
    expect(fs.readdirSync(tmpDir())).toEqual([]);
  });

  it('answers 400 without a file field, 400 for a JSON body and 401 without a session', async () => {
    expect(await upload(t, user.token, null)).toMatchObject({
      status: 400,
      code: 10012,
      msg: '请选择要上传的文件',
    });
    expect(await upload(t, user.token, { bytes: PNG, name: 'a.png', field: 'avatar' })).toMatchObject({
      status: 400,
      code: 10012,
      msg: '请选择要上传的文件',
    });
    expect(await api(t, 'POST', '/oss/upload', { token: user.token, body: { file: 'x' } })).toMatchObject({
      status: 400,
      code: 10012,
      msg: '请选择要上传的文件',
    });
    expect(await upload(t, undefined, { bytes: PNG, name: 'a.png' })).toMatchObject(Errors.unauthorized);
    expect(await upload(t, 'not-a-token', { bytes: PNG, name: 'a.png' })).toMatchObject(Errors.unauthorized);
  });
});

describe('GET /oss/files/:key', () => {
  it('answers 404 for unknown keys and traversal attempts, never a file outside uploads', async () => {
    const attempts = [
      '0123456789abcdef0123456789abcdef.png',
      '..%2Fparley.db',
      '..%2F..%2Fparley.db',
      '%2e%2e%2f%2e%2e%2fparley.db',
      '..%5Cparley.db',
      'parley.db',
      '.tmp',
      '%2Fetc%2Fpasswd',
    ];
    for (const key of attempts) {
      const res = await fetch(`${t.baseUrl}/api/oss/files/${key}`);
      expect({ status: res.status, ...((await res.json()) as object) }, key).toMatchObject(
        Errors.fileMissing,
      );
    }
  });
});

describe('upload size limit', () => {
  it('refuses a file over uploadMaxBytes with 7005 (HTTP 413)', async () => {
    const small = await startTestServer({ uploadMaxBytes: 1024 });
    try {
      const u = await registerUser(small);
      const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024, 1)]);
      const res = await upload(small, u.token, { bytes: big, name: 'big.png' });
      expect(res).toMatchObject({
        status: 413,
        code: 7005,
        msg: '文件大小超出了限制,如果上传文件,最大限制是100MB',
      });
      const fits = await upload(small, u.token, {
        bytes: Buffer.concat([PNG, Buffer.alloc(900)]),
        name: 'ok.png',
      });
      expect(fits.code).toBe(200);
      expect(fs.readdirSync(path.join(small.config.dataDir, 'uploads', '.tmp'))).toEqual([]);
    } finally {
      await small.close();
    }
  });
});

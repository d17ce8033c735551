import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@parley/protocol';
import { registerUser, startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { GIF, upload } from './fixtures.js';

const MB = 1024 * 1024;
const BANNED = Buffer.from('this file is banned on this server\n');

let t: TestServer;
let user: TestUser;
beforeAll(async () => {
  t = await startTestServer({
    uploadBannedSha256: [createHash('sha256').update(BANNED).digest('hex')],
  });
  user = await registerUser(t);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => fetch(`${t.baseUrl}${url}`, { headers });

describe('rich uploads: images', () => {
  it('measures an image and makes a large copy and a thumbnail (WebP) of a big one', async () => {
    const png = await sharp({
      create: { width: 2000, height: 1000, channels: 3, background: { r: 200, g: 30, b: 30 } },
    })
      .png()
      .toBuffer();
    const res = await upload(t, user.token, { bytes: png, name: 'wide.png', intent: 'image' });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ kind: 'image', width: 2000, height: 1000, imageFormat: 3 });
    const [orig, large, thumb] = res.data!.imageInfoArray!;
    expect(orig).toMatchObject({ type: 0, url: res.data!.url, width: 2000, height: 1000, size: png.length });
    expect(large).toMatchObject({ type: 1, width: 1280, height: 640 });
    expect(thumb).toMatchObject({ type: 2, width: 400, height: 200 });
    for (const info of [large!, thumb!]) {
      const file = await get(info.url);
      expect(file.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', info.width, info.height]);
    }
  });

  it('keeps a small image and an animated GIF as their own copies', async () => {
    const res = await upload(t, user.token, { bytes: GIF, name: 'a.gif' });
    expect(res.data!.imageInfoArray!.map((i) => i.url)).toEqual(Array(3).fill(res.data!.url));
    expect(res.data).toMatchObject({ width: 1, height: 1 });
  });

  it('refuses with 4004: an executable named .png, a PNG header with broken data, a text sent as an image', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03', 'latin1'), Buffer.alloc(4000, 7)]);
    expect(
      await upload(t, user.token, { bytes: exe, name: 'cute-cat.png', type: 'image/png' }),
    ).toMatchObject({
      status: 400,
      code: 4004,
      msg: '图片消息失败,无效的图片格式',
    });
    const broken = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(200, 1)]);
    expect(await upload(t, user.token, { bytes: broken, name: 'x.bin' })).toMatchObject(Errors.invalidImage);
    const text = Buffer.from('just words');
    expect(await upload(t, user.token, { bytes: text, name: 'notes.txt', intent: 'image' })).toMatchObject(
      Errors.invalidImage,
    );
    expect(fs.readdirSync(path.join(t.config.dataDir, 'uploads', '.tmp'))).toEqual([]);
  });
});

describe('rich uploads: files, videos, sounds', () => {
  it('stores any other file and serves it only as an attachment (HTML and SVG never inline)', async () => {
    for (const [name, bytes] of [
      ['page.html', Buffer.from('<html><script>alert(1)</script></html>')],
      ['logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
      ['tool.exe', Buffer.from('MZ\x90\x00 program', 'latin1')],
      ['报告 2026.pdf', Buffer.from('%PDF-1.7 ...')],
    ] as const) {
      const res = await upload(t, user.token, { bytes, name, type: 'text/html' });
      expect(res.code, name).toBe(200);
      expect(res.data, name).toMatchObject({
        kind: 'file',
        mime: 'application/octet-stream',
        name,
        size: bytes.length,
      });
      expect(res.data!.url).toMatch(/\.bin$/);
      const file = await get(res.data!.url);
      expect(file.headers.get('content-type')).toBe('application/octet-stream');
      expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="/);
      expect(file.headers.get('content-disposition')).toContain(encodeURIComponent(name));
      expect(file.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });

  it('recognises a video by its content, inline with byte ranges for seeking', async () => {
    const mp4 = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypisom', 'latin1'),
      Buffer.alloc(5000, 3),
    ]);
    const res = await upload(t, user.token, { bytes: mp4, name: 'clip.mov' });
    expect(res.data).toMatchObject({ kind: 'video', mime: 'video/mp4' });
    const part = await get(res.data!.url, { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${mp4.length}`);
    expect(part.headers.get('content-disposition')).toBe('inline');
    expect(Buffer.from(await part.arrayBuffer()).equals(mp4.subarray(100, 200))).toBe(true);
  });

  it('answers 416 with the size for a range that starts past the end, and ignores a reversed one', async () => {
    const bytes = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypisom', 'latin1'),
      Buffer.alloc(500, 3),
    ]);
    const res = await upload(t, user.token, { bytes, name: 'clip.mp4' });
    for (const range of ['bytes=999999-', `bytes=${bytes.length}-`, 'bytes=999999-1000000', 'bytes=-0']) {
      const past = await get(res.data!.url, { range });
      expect(past.status).toBe(416);
      expect(past.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
      expect(await past.json()).toMatchObject({ code: 416, msg: '请求的范围超出了文件大小' });
    }
    const en = await get(res.data!.url, { range: 'bytes=999999-', 'accept-language': 'en' });
    expect(await en.json()).toMatchObject({ code: 416, msg: 'The requested range is outside the file.' });
    const last = await get(res.data!.url, { range: `bytes=${bytes.length - 1}-` });
    expect(last.status).toBe(206);
    expect(last.headers.get('content-range')).toBe(
      `bytes ${bytes.length - 1}-${bytes.length - 1}/${bytes.length}`,
    );
    const reversed = await get(res.data!.url, { range: 'bytes=9-3' });
    expect(reversed.status).toBe(200);
    expect(Buffer.from(await reversed.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('takes a browser voice recording (WebM with an Opus track) as audio', async () => {
    const webm = Buffer.concat([
      Buffer.from('1a45dfa3', 'hex'),
      Buffer.from('\x42\x82webm....\x86A_OPUS', 'latin1'),
      Buffer.alloc(900),
    ]);
    const res = await upload(t, user.token, { bytes: webm, name: 'voice.webm' });
    expect(res.data).toMatchObject({ kind: 'audio', mime: 'audio/webm' });
  });

  it('answers 7004 for an empty file and 4005 for banned content', async () => {
    expect(await upload(t, user.token, { bytes: Buffer.alloc(0), name: 'empty.txt' })).toMatchObject({
      status: 404,
      code: 7004,
      msg: '文件不存在,请检查文件路径是否正确',
    });
    expect(await upload(t, user.token, { bytes: BANNED, name: 'innocent.txt' })).toMatchObject({
      status: 400,
      code: 4005,
      msg: '文件消息失败,禁止发送违规封禁的文件',
    });
  });

  it('accepts exactly 100 MB and refuses 100 MB + 1 byte with 7005', async () => {
    const exact = Buffer.alloc(100 * MB, 0x61);
    const ok = await upload(t, user.token, { bytes: exact, name: 'big.dat' });
    expect(ok).toMatchObject({ code: 200, data: { size: 100 * MB, kind: 'file' } });
    const over = await upload(t, user.token, { bytes: Buffer.alloc(100 * MB + 1, 0x61), name: 'big.dat' });
    expect(over).toMatchObject({
      status: 413,
      code: 7005,
      msg: '文件大小超出了限制,如果上传文件,最大限制是100MB',
    });
    expect(fs.readdirSync(path.join(t.config.dataDir, 'uploads', '.tmp'))).toEqual([]);
  }, 60_000);
});

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, registerUser, type TestUser } from '../harness/api';
import { expectAccessible } from '../harness/a11y';
import { SCREENSHOTS_DIR } from '../harness/paths';
import { useHarness } from '../harness/setup';

const h = useHarness({ name: 'moments' });

/** A `size`×`size` PNG filled with a two-colour diagonal gradient (real photos are not needed). */
function png(size: number, from: [number, number, number], to: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const f = (x + y) / (2 * size);
      for (let c = 0; c < 3; c++)
        raw[y * (size * 3 + 1) + 1 + x * 3 + c] = Math.round(from[c]! + (to[c]! - from[c]!) * f);
    }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function befriend(a: TestUser, b: TestUser): Promise<void> {
  await api(h.server, '/userFriends/apply', { token: a.token, body: { applyWtId: b.wtId, applySource: 1 } });
  await api(h.server, '/userFriends/apply/handle', {
    token: b.token,
    body: { applyWtId: a.wtId, handleStatus: 1 },
  });
}

/** The text of the moments nav badge ('' when there is none). */
const momentsBadge = (page: Page) =>
  page.evaluate(
    () => document.querySelector('[data-testid="nav-moments"] [data-testid="badge"]')?.textContent ?? '',
  );

async function compose(page: Page, text: string, files: Buffer[], scope?: { value: number; tag: string }) {
  await page.getByTestId('moments-compose').click();
  await page.getByTestId('composer-text').fill(text);
  if (files.length)
    await page
      .getByTestId('composer-images')
      .setInputFiles(files.map((buffer, i) => ({ name: `photo${i}.png`, mimeType: 'image/png', buffer })));
  if (scope) {
    await page.getByTestId(`composer-scope-${scope.value}`).check();
    await page.getByTestId('composer-tag').filter({ hasText: scope.tag }).locator('input').check();
  }
  const post = page.getByTestId('composer-post');
  await expect.poll(() => post.isEnabled(), { timeout: 15_000 }).toBe(true);
  await post.click();
  await page.getByTestId('moment').filter({ hasText: text }).waitFor();
}

describe('moments in the browser', () => {
  it('post with photos, a friend likes and comments, the badge counts and clears, tags hide a post', async () => {
    const author = await registerUser(h.server, { nickName: '林小雨' });
    const friend = await registerUser(h.server, { nickName: '陈大文' });
    const other = await registerUser(h.server, { nickName: '王芳' });
    await befriend(author, friend);
    await befriend(author, other);
    await api(h.server, '/userTag/add', {
      token: author.token,
      body: { tagName: '家人', wtIds: [friend.wtId] },
    });

    const a = (await h.open({ login: author.login })).page;
    await a.goto('/moments');
    await a.getByTestId('screen-moments').waitFor();
    const photos = [
      png(240, [255, 183, 77], [229, 57, 53]),
      png(240, [129, 212, 250], [21, 101, 192]),
      png(240, [165, 214, 167], [46, 125, 50]),
    ];
    await compose(a, '周末去爬山，风景真好！', photos);
    const first = a.getByTestId('moment').filter({ hasText: '周末去爬山' });
    expect(await first.getByTestId('moment-image').count()).toBe(3);
    expect(await momentsBadge(a)).toBe('');

    // The friend sees it (on load), opens a photo, likes and comments.
    const f = (await h.open({ login: friend.login })).page;
    await f.goto('/moments');
    const seen = f.getByTestId('moment').filter({ hasText: '周末去爬山' });
    await seen.waitFor();
    await seen.getByTestId('moment-image').first().click();
    await f.getByRole('dialog').waitFor();
    await f.keyboard.press('Escape');
    await f.getByRole('dialog').waitFor({ state: 'detached' });
    await seen.getByTestId('moment-like').click();
    await seen.getByTestId('moment-likes').filter({ hasText: '陈大文' }).waitFor();
    await seen.getByTestId('moment-comment-open').click();
    await seen.getByTestId('moment-comment-input').fill('太美了，下次带上我');
    await seen.getByTestId('moment-comment-send').click();
    await seen.getByTestId('moment-comment').filter({ hasText: '太美了，下次带上我' }).waitFor();

    // The author's badge counts up live (socket type 2) and clears when the notices open.
    await a.waitForFunction(
      () => document.querySelector('[data-testid="nav-moments"] [data-testid="badge"]')?.textContent === '2',
      undefined,
      { timeout: 10_000 },
    );
    await a.getByTestId('moments-notices').click();
    await a.getByTestId('moment-notices').waitFor();
    await expect.poll(() => a.getByTestId('moment-notice').count()).toBe(2);
    await expect.poll(() => momentsBadge(a), { timeout: 10_000 }).toBe('');
    await a.keyboard.press('Escape');

    // The author replies by tapping the comment; the friend sees the reply after a refresh.
    await a.getByTestId('moments-refresh').click();
    await first.getByTestId('moment-comment').filter({ hasText: '太美了' }).locator('button').first().click();
    await first.getByTestId('moment-comment-input').fill('好呀，下周见');
    await first.getByTestId('moment-comment-send').click();
    await first.getByTestId('moment-comment').filter({ hasText: '好呀，下周见' }).waitFor();

    // Only the 家人 tag sees the second post.
    await compose(a, '家里的小秘密', [png(240, [244, 143, 177], [123, 31, 162])], { value: 2, tag: '家人' });
    // It reaches the friend's open feed live: a pill above the feed, the post on a click.
    const fresh = f.getByTestId('moments-fresh');
    await fresh.filter({ hasText: '有1条新动态' }).waitFor();
    await expectAccessible(f, 'moments feed with new moments');
    mkdirSync(SCREENSHOTS_DIR, { recursive: true });
    await f.screenshot({ path: join(SCREENSHOTS_DIR, 'moments-fresh-desktop.png'), animations: 'disabled' });
    await fresh.click();
    await f.getByTestId('moment').filter({ hasText: '家里的小秘密' }).waitFor();
    expect(await fresh.count()).toBe(0);
    await f.getByTestId('moment-comment').filter({ hasText: '好呀，下周见' }).waitFor();
    const o = (await h.open({ login: other.login })).page;
    await o.goto('/moments');
    await o.getByTestId('moment').filter({ hasText: '周末去爬山' }).waitFor();
    expect(await o.getByTestId('moment').filter({ hasText: '家里的小秘密' }).count()).toBe(0);
    // 王芳 is not 陈大文's friend: his like and comment are not shown to her.
    const forOther = o.getByTestId('moment').filter({ hasText: '周末去爬山' });
    expect(await forOther.getByTestId('moment-likes').count()).toBe(0);
    expect(await forOther.getByTestId('moment-comment').filter({ hasText: '太美了' }).count()).toBe(0);

    await expectAccessible(f, 'moments feed');
    mkdirSync(SCREENSHOTS_DIR, { recursive: true });
    await f
      .getByTestId('moment')
      .filter({ hasText: '周末去爬山' })
      .getByTestId('moment-interactions')
      .scrollIntoViewIfNeeded();
    await f.screenshot({ path: join(SCREENSHOTS_DIR, 'moments-feed-desktop.png'), animations: 'disabled' });

    // The detail page and the friend's album from the profile.
    const id = await first.getAttribute('data-moment-id');
    await f.goto(`/moments/${id}`);
    await f.getByTestId('screen-moment').getByTestId('moment').waitFor();
    await f.goto(`/contacts?tab=friend&id=${author.wtId}`);
    await f.getByTestId('profile-moments').click();
    await f.waitForURL((u) => u.pathname === '/moments' && u.searchParams.get('user') === author.wtId);
    await f.getByRole('heading', { name: '林小雨的朋友圈' }).waitFor();
    await expect.poll(() => f.getByTestId('moment').count()).toBe(2);
  });

  it('the feed on a phone, the composer, and a moment one may not see', async () => {
    const author = await registerUser(h.server, { nickName: '周晓' });
    const friend = await registerUser(h.server, { nickName: '吴敏' });
    const stranger = await registerUser(h.server, { nickName: '路人' });
    await befriend(author, friend);
    const a = (await h.open({ login: author.login, viewport: { width: 390, height: 844 } })).page;
    await a.goto('/moments');
    await compose(a, '下班路上的晚霞 🌇', [
      png(240, [255, 204, 128], [239, 83, 80]),
      png(240, [255, 241, 118], [255, 112, 67]),
      png(240, [206, 147, 216], [94, 53, 177]),
      png(240, [128, 203, 196], [0, 105, 92]),
    ]);
    const m = a.getByTestId('moment').first();
    await api(h.server, '/friendsCirclePraise/praiseAction', {
      token: friend.token,
      body: { friendsCircleId: Number(await m.getAttribute('data-moment-id')) },
    });
    await a.getByTestId('moments-refresh').click();
    await m.getByTestId('moment-likes').filter({ hasText: '吴敏' }).waitFor();
    await expectAccessible(a, 'moments feed (phone)');
    mkdirSync(SCREENSHOTS_DIR, { recursive: true });
    await a.screenshot({ path: join(SCREENSHOTS_DIR, 'moments-feed-phone.png'), animations: 'disabled' });
    await a.getByTestId('moments-compose').click();
    await a.getByTestId('composer-text').waitFor();
    await expectAccessible(a, 'moments composer (phone)');
    // A video (this one has no decodable frame: it is posted without a cover).
    await a.getByTestId('composer-text').fill('一段视频');
    const mp4 = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypisom', 'latin1'),
      Buffer.alloc(4000, 7),
    ]);
    await a
      .getByTestId('composer-video')
      .setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: mp4 });
    expect(await a.getByTestId('composer-images').count()).toBe(0);
    const post = a.getByTestId('composer-post');
    await expect.poll(() => post.isEnabled(), { timeout: 15_000 }).toBe(true);
    await post.click();
    const clip = a.getByTestId('moment').filter({ hasText: '一段视频' });
    await clip.getByTestId('moment-video').waitFor();
    expect(await clip.getByTestId('moment-video').getAttribute('src')).toMatch(
      /^\/api\/oss\/files\/[0-9a-f]{32}\.mp4$/,
    );

    const s = (await h.open({ login: stranger.login })).page;
    await s.goto(
      `/moments/${await a.getByTestId('moment').filter({ hasText: '晚霞' }).getAttribute('data-moment-id')}`,
    );
    await s.getByTestId('screen-moment').getByTestId('empty').waitFor();
    expect(await s.getByTestId('moment').count()).toBe(0);
  });

  it('a posted video shows its cover (its first frame) and plays on a click', async () => {
    const author = await registerUser(h.server, { nickName: '郑影' });
    // One second of ffmpeg's test pattern, VP8 in WebM.
    const dir = mkdtempSync(join(tmpdir(), 'parley-video-'));
    const file = join(dir, 'clip.webm');
    execFileSync(
      'ffmpeg',
      ['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10', '-t', '1'].concat([
        '-c:v',
        'libvpx',
        '-b:v',
        '200k',
        file,
      ]),
    );
    const clip = readFileSync(file);
    rmSync(dir, { recursive: true, force: true });

    const a = (await h.open({ login: author.login })).page;
    await a.goto('/moments');
    await a.getByTestId('moments-compose').click();
    await a.getByTestId('composer-text').fill('测试图案');
    await a
      .getByTestId('composer-video')
      .setInputFiles({ name: 'clip.webm', mimeType: 'video/webm', buffer: clip });
    const post = a.getByTestId('composer-post');
    await expect.poll(() => post.isEnabled(), { timeout: 15_000 }).toBe(true);
    await post.click();
    const video = a.getByTestId('moment').filter({ hasText: '测试图案' }).getByTestId('moment-video');
    await video.waitFor();
    // The cover is the still the composer drew and uploaded, served as an image that decodes.
    const poster = (await video.getAttribute('poster')) ?? '';
    expect(poster).toMatch(/^\/api\/oss\/files\/[0-9a-f]{32}[^/]*\.(png|jpg|webp)$/);
    const size = await a.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    }, poster);
    expect(size[0]).toBeGreaterThan(0);
    expect(size[0]! / size[1]!).toBeCloseTo(320 / 240, 1);
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await video.click();
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0), {
        timeout: 10_000,
      })
      .toBe(true);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Message } from '@parley/protocol';
import { expectAccessible } from '../harness/a11y';
import { api, registerUser, type TestUser } from '../harness/api';
import { openUser } from '../harness/browser';
import { ARTIFACTS_DIR, SCREENSHOTS_DIR } from '../harness/paths';
import { useHarness } from '../harness/setup';
import { befriend, DESKTOP, openChat } from './messages-helpers';
import { cardMessages } from './rich-cards';
import {
  bubbleOf,
  dropFile,
  launchMediaBrowser,
  pasteImage,
  pickGeneratedVideo,
  revealBubble,
  richShot,
  sendRich,
  toLatest,
} from './rich-helpers';

const h = useHarness({ name: 'rich-messages' });
let media: Browser;
beforeAll(async () => {
  media = await launchMediaBrowser();
});
afterAll(async () => {
  await media?.close();
});

let A: TestUser;
let B: TestUser;
let a: Page;
let b: Page;

const open = async (user: TestUser) =>
  (await openUser(media, h.server, { login: user.login, viewport: DESKTOP })).page;
const toast = (page: Page, text: string) =>
  page.getByTestId('toast').filter({ hasText: text }).first().waitFor();
const menuItem = (page: Page, label: string) => page.getByRole('menuitem', { name: label });

// These pages live in their own browser (fake microphone): keep their picture when a test fails.
beforeEach((ctx) => {
  ctx.onTestFailed(async () => {
    const name = ctx.task.name.replace(/[^\w.-]+/g, '_').slice(0, 80);
    for (const [who, page] of [
      ['a', a],
      ['b', b],
    ] as const)
      await page?.screenshot({ path: `${ARTIFACTS_DIR}/rich-${name}-${who}.png` }).catch(() => {});
  });
});

describe('rich messages between two browsers', () => {
  beforeAll(async () => {
    A = await registerUser(h.server, { nickName: '安娜' });
    B = await registerUser(h.server, { nickName: '博文' });
    await befriend(h, A, B);
    a = await open(A);
    b = await open(B);
    await Promise.all([a.goto('/messages'), b.goto('/messages')]);
    await openChat(a, B);
    await openChat(b, A);
  });

  it('pasted images, a dropped file (send preview, progress, cancel), a video and a voice message reach the peer', async () => {
    // Two pasted images wait in the send preview together and go with 发送.
    await pasteImage(a, 'first.png', '#2e86de', 'ONE');
    await pasteImage(a, 'second.png', '#e17055', 'TWO');
    await expect.poll(() => a.getByTestId('preview-item').count()).toBe(2);
    await a.getByTestId('preview-send').click();
    await expect.poll(() => bubbleOf(b, 'image').count(), { timeout: 20_000 }).toBe(2);
    await bubbleOf(b, 'image').first().locator('img').waitFor();

    // A dropped document waits in the preview (the name cut after 24 width units) and goes with 发送.
    await dropFile(a, '一份很长很长的项目说明文档.txt', {
      text: 'Parley 项目说明\n'.repeat(200),
      type: 'text/plain',
    });
    const item = a.getByTestId('preview-item');
    await item.waitFor();
    expect(await item.getByTestId('preview-name').textContent()).toBe('一份很长很长的项目说明文…');
    await a.getByTestId('preview-send').click();
    await item.waitFor({ state: 'detached' });
    const file = bubbleOf(b, 'file').last();
    await file.getByTestId('file-download').waitFor({ timeout: 20_000 });
    expect(await file.textContent()).toContain('一份很长很长的项目说明文档.txt');
    expect(await file.textContent()).toMatch(/\d+\.\d\dKB/);

    // A big file shows its progress (0–1) while uploading (the upload link throttled), and can be cancelled.
    const cdp = await a.context().newCDPSession(a);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 2 * 1024 * 1024,
    });
    await dropFile(a, 'big.bin', { size: 24 * 1024 * 1024 });
    await a.getByTestId('preview-send').click();
    const progress = a.getByTestId('upload-progress');
    await progress.waitFor();
    await a.waitForFunction(() => {
      const v = Number(
        document.querySelector('[data-testid="upload-progress"]')?.getAttribute('data-progress'),
      );
      return v > 0 && v < 1;
    });
    await richShot(a, 'upload-progress');
    await a.getByTestId('upload-cancel').click();
    await progress.waitFor({ state: 'detached' });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    // A video made in the page, picked with the video button.
    await pickGeneratedVideo(a, 3);
    await a.getByTestId('preview-send').click();
    const video = bubbleOf(b, 'video').last().getByTestId('video-play');
    await video.waitFor({ timeout: 30_000 });
    // Its duration was measured in the browser although the file carries none, as a MediaRecorder
    // recording (3 s → 0:03).
    expect(await video.getAttribute('aria-label')).toMatch(/0:03$/);

    // Voice: click to start, the seconds count, click again to send (Chromium's fake microphone).
    await a.getByTestId('voice-button').click();
    await a.getByTestId('voice-seconds').filter({ hasText: '2 秒' }).waitFor();
    await a.getByTestId('voice-button').click();
    const voice = bubbleOf(b, 'sound').last();
    await voice.waitFor({ timeout: 20_000 });
    await voice.getByTestId('sound-unplayed').waitFor();
    expect(await voice.getByTestId('sound-play').textContent()).toMatch(/[23]"/);
  });

  it('the peer previews the images: zoom, rotate, next with the counter, save, Escape', async () => {
    await bubbleOf(b, 'image').first().getByTestId('image-open').click();
    const preview = b.getByTestId('image-preview');
    await preview.waitFor();
    expect(await b.getByTestId('preview-counter').textContent()).toBe('1 / 2');
    const img = b.getByTestId('preview-image');
    await b.mouse.move(640, 300);
    await b.mouse.wheel(0, -100);
    await expect.poll(() => img.getAttribute('data-scale')).toBe('1.1');
    await b.getByTestId('preview-rotate').click();
    expect(await img.getAttribute('data-rotate')).toBe('90');
    await richShot(b, 'image-preview');
    await expectAccessible(b, 'rich: image preview');
    await b.getByTestId('preview-next').click();
    expect(await b.getByTestId('preview-counter').textContent()).toBe('2 / 2');
    expect(await img.getAttribute('data-scale')).toBe('1');
    const [download] = await Promise.all([b.waitForEvent('download'), b.getByTestId('preview-save').click()]);
    expect(download.suggestedFilename()).toMatch(/\.png$/);
    await b.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });
  });

  it('merged forward of 10 messages; the record opens, and a record inside it opens nested', async () => {
    for (let i = 1; i <= 10; i++)
      await sendRich(h.server, i % 2 ? A : B, i % 2 ? B : A, 'text', { text: `第${i}条` });
    await a.getByTestId('bubble').filter({ hasText: '第10条' }).waitFor();
    // Multi-select from the menu, pick the ten, 合并转发 to 博文.
    await a.getByTestId('bubble').filter({ hasText: '第10条' }).click({ button: 'right' });
    await menuItem(a, '多选').click();
    for (let i = 1; i <= 9; i++)
      await a
        .getByTestId('message')
        .filter({ hasText: `第${i}条` })
        .getByTestId('message-check')
        .check();
    await a.getByTestId('select-forward-merged').click();
    const dialog = a.getByTestId('forward-dialog');
    await dialog.waitFor();
    await richShot(a, 'forward-dialog');
    await expectAccessible(a, 'rich: forward dialog');
    await dialog.getByTestId('forward-target').filter({ hasText: '博文' }).click();
    await a.getByTestId('forward-send').click();
    await toast(a, '已转发');

    await toLatest(b);
    const merger = bubbleOf(b, 'merger').last();
    await merger.waitFor();
    expect(await merger.locator('.rich-merger__line').count()).toBe(7);
    // Forward that record again (merged): a record inside a record.
    const hist = await api<{ messages: Message[] }>(h.server, '/message/history', {
      token: A.token,
      body: { conversationID: `C2C${B.wtId}`, count: 5 },
    });
    const inner = hist.messages.filter((m) => m.type === 'merger').pop()!;
    await api(h.server, '/message/forward', {
      token: A.token,
      body: {
        forwardId: 'nested-forward-1',
        messageIDs: [inner.ID],
        conversationIDs: [`C2C${B.wtId}`],
        mode: 'merged',
        title: '嵌套记录',
      },
    });
    await toLatest(b);
    const outer = bubbleOf(b, 'merger').filter({ hasText: '嵌套记录' });
    await outer.getByTestId('merger-bubble').click();
    const viewer = b.getByTestId('merged-viewer');
    await viewer.and(b.locator('[data-depth="1"]')).waitFor();
    await viewer.getByTestId('merged-nested').click();
    await viewer.and(b.locator('[data-depth="2"]')).waitFor();
    await expect.poll(() => viewer.getByTestId('merged-record-item').count()).toBe(10);
    await richShot(b, 'merged-viewer');
    await expectAccessible(b, 'rich: merged record viewer');
    await b.getByTestId('merged-back').click();
    await viewer.and(b.locator('[data-depth="1"]')).waitFor();
    await b.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
  });

  it('favorites: add from the menu, find in the popup, send; the /favorites page lists them', async () => {
    await bubbleOf(b, 'image').first().click({ button: 'right' });
    await menuItem(b, '收藏').click();
    await toast(b, '收藏成功');
    await b.getByTestId('bubble').filter({ hasText: '第3条' }).first().click({ button: 'right' });
    await menuItem(b, '收藏').click();
    await expect
      .poll(() => b.getByTestId('toast').filter({ hasText: '收藏成功' }).count())
      .toBeGreaterThan(0);

    await b.getByTestId('tool-favorites').click();
    const popup = b.getByTestId('favorites-popup');
    await popup.waitFor();
    await expect.poll(() => popup.getByTestId('favorite-row').count()).toBe(2);
    await popup.getByTestId('favorites-status').filter({ hasText: '没有更多了' }).waitFor();
    await b.getByTestId('favorites-search').fill('第3');
    await expect.poll(() => popup.getByTestId('favorite-row').count()).toBe(1);
    const fav = popup.getByTestId('favorite-row').first();
    await fav.click();
    expect(await fav.getAttribute('aria-pressed')).toBe('true');
    await fav.click();
    expect(await fav.getAttribute('aria-pressed')).toBe('false');
    await fav.click();
    await richShot(b, 'favorites-popup');
    await expectAccessible(b, 'rich: favorites popup');
    await b.getByTestId('favorites-send').click();
    await popup.waitFor({ state: 'detached' });
    await expect.poll(() => b.locator('.msg-row--mine').filter({ hasText: '第3条' }).count()).toBe(1);
    await a.getByTestId('bubble').filter({ hasText: '第3条' }).nth(1).waitFor();

    await b.goto('/favorites');
    await b.getByTestId('screen-favorites').waitFor();
    await expect.poll(() => b.getByTestId('favorite-page-row').count()).toBe(2);
    await b.getByTestId('favorites-tab-2').click();
    await expect.poll(() => b.getByTestId('favorite-page-row').count()).toBe(1);
    await b.getByTestId('favorites-tab-all').click();
    await b.getByTestId('favorite-pin').last().click();
    await b.locator('.fav-page__pin').waitFor();
    await richShot(b, 'favorites-page');
    await expectAccessible(b, 'favorites page');
  });

  it('every bubble type, as the peer sees it (screenshots)', async () => {
    await b.goto('/messages');
    await openChat(b, A);
    const { seeds, shows } = await cardMessages(h.server, A, B);
    for (const [type, , payload] of seeds) await sendRich(h.server, A, B, type, payload);
    await toLatest(b);
    await b.locator('[data-testid="bubble"][data-type="helper"]').waitFor({ timeout: 20_000 });
    await richShot(b, 'bubbles-cards');
    await expectAccessible(b, 'rich: chat with cards');

    expect(Object.keys(shows).sort()).toEqual(seeds.map(([, kind]) => kind).sort());
    for (const kind of [
      'image',
      'video',
      'file',
      'sound',
      'face',
      'location',
      'merger',
      'nameCard',
      'link',
      'order',
      'evaluate',
      'note',
      'service',
      'helper',
    ]) {
      const bubble = await revealBubble(b, kind);
      await shows[kind]?.(bubble);
      await bubble.screenshot({ path: `${SCREENSHOTS_DIR}/rich-bubble-${kind}.png`, animations: 'disabled' });
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from '../harness/a11y';
import { useHarness } from '../harness/setup';
import { bubbles, DESKTOP, pair, PHONE, shot } from './messages-helpers';
import { bubbleOf, dropFile, pasteImage } from './rich-helpers';

const h = useHarness({ name: 'composer-phone' });

const box = async (page: Page, testId: string) => {
  const b = await page.getByTestId(testId).boundingBox();
  if (!b) throw new Error(`${testId} is not on screen`);
  return b;
};

/** The text box's size and whether its text fits without scrolling. */
const inputFacts = (page: Page) =>
  page.getByTestId('composer-input').evaluate((el: HTMLTextAreaElement) => ({
    width: el.getBoundingClientRect().width,
    height: el.getBoundingClientRect().height,
    overflows: el.scrollHeight > el.clientHeight + 1,
    lineHeight: parseFloat(getComputedStyle(el).lineHeight),
  }));

describe('the composer on a phone and the send preview', () => {
  it('phone: a full-width box that grows by lines, the toolbar behind "+", 发送 with text, no tab bar in a chat', async () => {
    const { A, B } = await pair(h);
    const { page } = await h.open({ login: A.login, viewport: PHONE });
    await page.goto('/messages');
    // The list keeps the tab bar; the open chat fills the screen without it.
    await page.getByTestId('sidebar').waitFor();
    await page.goto(`/messages?conversationID=C2C${B.wtId}`);
    await page.getByTestId('chat-title').waitFor();
    await page.getByTestId('sidebar').waitFor({ state: 'hidden' });

    // The box spans the row: 390 px less the padding, the emoji button and "+".
    const empty = await inputFacts(page);
    expect(empty.width).toBeGreaterThan(250);
    expect(empty.height).toBeLessThanOrEqual(44);
    // The toolbar waits behind "+" (the row holds no seven icons); "+" shows and hides it.
    expect(await page.getByTestId('tool-image').isVisible()).toBe(false);
    const more = page.getByTestId('composer-more');
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    await more.click();
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    await page.getByTestId('tool-image').waitFor();
    for (const tool of ['tool-file', 'tool-video', 'voice-button'])
      expect(await page.getByTestId(tool).isVisible()).toBe(true);
    await expectAccessible(page, 'messages: phone chat, toolbar open');
    await shot(page, 'composer-tools-phone');
    await more.click();
    await page.getByTestId('tool-image').waitFor({ state: 'hidden' });

    // Twelve characters stay on one line (the old 40 px square wrapped every two).
    await page.getByTestId('composer-input').fill('周末一起去爬山吧好不好呀');
    const one = await inputFacts(page);
    expect(one.overflows).toBe(false);
    expect(one.height).toBeLessThanOrEqual(44);
    // With text, "+" becomes 发送, at the right of the box, on the same row.
    await page.getByTestId('composer-send').waitFor();
    expect(await more.count()).toBe(0);
    const send = await box(page, 'composer-send');
    const input = await box(page, 'composer-input');
    expect(send.x).toBeGreaterThan(input.x + input.width - 1);
    expect(send.x + send.width).toBeLessThanOrEqual(PHONE.width);

    // A longer text grows the box a few lines, then it scrolls inside a capped height.
    await page.getByTestId('composer-input').fill('周末一起去爬山吧，'.repeat(5));
    const three = await inputFacts(page);
    expect(three.height).toBeGreaterThanOrEqual(one.height + three.lineHeight);
    await shot(page, 'composer-phone');
    await page.getByTestId('composer-input').fill('周末一起去爬山吧，'.repeat(20));
    const capped = await inputFacts(page);
    expect(capped.height).toBeLessThanOrEqual(120);
    expect(capped.overflows).toBe(true);

    await page.getByTestId('composer-input').fill('走起');
    await page.getByTestId('composer-send').click();
    await bubbles(page).filter({ hasText: '走起' }).waitFor();
    expect(await inputFacts(page).then((f) => f.height)).toBeLessThanOrEqual(44);
    await expectAccessible(page, 'messages: phone chat');

    // Back to the list: the tab bar returns.
    await page.getByTestId('chat-back').click();
    await page.getByTestId('sidebar').waitFor();
  });

  it('desktop keeps the toolbar above the box, the hint and 发送 below it', async () => {
    const { A, B } = await pair(h);
    const { page } = await h.open({ login: A.login, viewport: DESKTOP });
    await page.goto(`/messages?conversationID=C2C${B.wtId}`);
    await page.getByTestId('chat-title').waitFor();
    expect(await page.getByTestId('sidebar').isVisible()).toBe(true);
    expect(await page.getByTestId('composer-more').count()).toBe(0);
    const tools = await box(page, 'composer-tools');
    const input = await box(page, 'composer-input');
    const send = await box(page, 'composer-send');
    expect(tools.y + tools.height).toBeLessThanOrEqual(input.y + 1);
    expect(send.y).toBeGreaterThanOrEqual(input.y + input.height - 1);
    expect(input.width).toBeGreaterThan(600);
    await page.getByTestId('composer-input').fill('桌面上的输入框');
    await shot(page, 'composer-desktop');
  });

  it('pasted, dropped and picked files wait in the preview (thumbnail, name, size, caption, remove); only 发送 or Enter sends them', async () => {
    const { A, B } = await pair(h);
    const a = (await h.open({ login: A.login, viewport: DESKTOP })).page;
    const b = (await h.open({ login: B.login, viewport: DESKTOP })).page;
    await a.goto(`/messages?conversationID=C2C${B.wtId}`);
    await b.goto(`/messages?conversationID=C2C${A.wtId}`);
    await a.getByTestId('chat-title').waitFor();
    await b.getByTestId('chat-title').waitFor();

    // A pasted screenshot opens the preview and nothing is sent (no bubble, not even a pending one).
    await pasteImage(a, 'screenshot.png', '#2e86de', 'ONE');
    const preview = a.getByTestId('send-preview');
    await preview.waitFor();
    expect(await bubbleOf(a, 'image').count()).toBe(0);
    const items = a.getByTestId('preview-item');
    expect(await items.count()).toBe(1);
    expect(await items.first().getByTestId('preview-name').textContent()).toBe('screenshot.png');
    expect(await items.first().getByTestId('preview-size').textContent()).toMatch(/^\d+(\.\d+)?\s?[KM]?B$/i);
    await expect
      .poll(() => a.getByTestId('preview-thumb').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(640);
    // The caption box has focus: Enter would send from there.
    expect(await a.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'preview-caption',
    );

    // Several at once: a second paste and a dropped document join; one is removed again.
    await pasteImage(a, 'second.png', '#e17055', 'TWO');
    await dropFile(a, '会议纪要.txt', { text: '纪要\n'.repeat(50), type: 'text/plain' });
    await expect.poll(() => items.count()).toBe(3);
    expect(await items.nth(2).getAttribute('data-kind')).toBe('file');
    await items.nth(1).getByTestId('preview-remove').click();
    await expect.poll(() => items.count()).toBe(2);
    expect(await items.allTextContents()).toEqual([
      expect.stringContaining('screenshot.png'),
      expect.stringContaining('会议纪要.txt'),
    ]);
    expect(await a.getByTestId('preview-send').textContent()).toBe('发送（2）');
    await a.getByTestId('preview-caption').fill('截图和纪要');
    await expectAccessible(a, 'messages: send preview');
    await shot(a, 'send-preview-desktop');

    // Enter in the caption sends: the image, the file, then the caption as a text, in that order.
    await a.getByTestId('preview-caption').press('Enter');
    await preview.waitFor({ state: 'detached' });
    await bubbleOf(b, 'image').first().locator('img').waitFor({ timeout: 20_000 });
    await bubbleOf(b, 'file').first().waitFor({ timeout: 20_000 });
    await bubbles(b).filter({ hasText: '截图和纪要' }).waitFor({ timeout: 20_000 });
    const types = await b
      .getByTestId('message-list')
      .getByTestId('bubble')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-type')));
    expect(types).toEqual(['image', 'file', 'text']);
    expect(await bubbleOf(b, 'image').count()).toBe(1);
  });

  it('phone: a picked image waits in the preview; 取消 sends nothing', async () => {
    const { A, B } = await pair(h);
    const a = (await h.open({ login: A.login, viewport: PHONE })).page;
    await a.goto(`/messages?conversationID=C2C${B.wtId}`);
    await a.getByTestId('chat-title').waitFor();
    await a.getByTestId('composer-more').click();
    const png = await a.evaluate(async () => {
      const c = document.createElement('canvas');
      c.width = 320;
      c.height = 240;
      const g = c.getContext('2d')!;
      g.fillStyle = '#07c160';
      g.fillRect(0, 0, 320, 240);
      return c.toDataURL('image/png').split(',')[1]!;
    });
    await a.getByTestId('tool-image-input').setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: Buffer.from(png, 'base64'),
    });
    await a.getByTestId('send-preview').waitFor();
    expect(await bubbleOf(a, 'image').count()).toBe(0);
    await a.getByTestId('preview-caption').fill('看看这张');
    await expectAccessible(a, 'messages: send preview (phone)');
    await shot(a, 'send-preview-phone');
    await a.getByTestId('preview-cancel').click();
    await a.getByTestId('send-preview').waitFor({ state: 'detached' });
    // A text sent after it is the only message: the cancelled image never left.
    await a.getByTestId('composer-input').fill('只发这句');
    await a.getByTestId('composer-input').press('Enter');
    await a.locator('[data-testid="message"][data-status="success"]').first().waitFor();
    expect(await bubbles(a).count()).toBe(1);
    expect(await bubbleOf(a, 'image').count()).toBe(0);
  });
});

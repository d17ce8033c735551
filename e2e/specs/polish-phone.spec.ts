import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from '../harness/a11y';
import { SCREENSHOTS_DIR } from '../harness/paths';
import { useHarness } from '../harness/setup';
import { bubbles, pair, PHONE, sendApi } from './messages-helpers';

const h = useHarness({ name: 'polish-phone' });

const shot = (page: Page, name: string) => {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  return page.screenshot({
    path: join(SCREENSHOTS_DIR, `${name}.png`),
    style: '[data-testid="toast"]{visibility:hidden}',
    animations: 'disabled',
  });
};

/** Two frames: what an event just scheduled has rendered by then. */
const frames = (page: Page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))));

describe('phone polish (390×844)', () => {
  it('the favorites search box is a full-width field, not an icon', async () => {
    const { A } = await pair(h, ['安娜', '博文']);
    const { page } = await h.open({ login: A.login, viewport: PHONE });
    await page.goto('/favorites');
    const input = page.getByTestId('favorites-page-search');
    await input.waitFor();
    const box = (await input.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(PHONE.width / 2);
    await input.fill('会议');
    expect(await input.inputValue()).toBe('会议');
    await expectAccessible(page, 'favorites on a phone');
    await shot(page, 'favorites-mobile');
  });

  it('a long press opens the message menu and it stays open after the finger lifts', async () => {
    const { A, B } = await pair(h, ['安娜', '博文']);
    await sendApi(h, B, A, '长按这条消息');
    const { page } = await h.open({ login: A.login, viewport: PHONE, hasTouch: true });
    await page.goto(`/messages?conversationID=C2C${B.wtId}`);
    const bubble = bubbles(page).filter({ hasText: '长按这条消息' });
    await bubble.waitFor();
    const box = (await bubble.boundingBox())!;
    const point = { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
    const menu = page.getByTestId('message-menu');
    await menu.waitFor();
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await frames(page);
    await frames(page);
    expect(await menu.isVisible()).toBe(true);
    // Nothing was picked by the release: no item ran (the chat has no reply bar, nothing copied).
    expect(await page.getByTestId('toast').allTextContents()).toEqual([]);
    await expectAccessible(page, 'message menu on a phone');
    await shot(page, 'messages-mobile-long-press');
  });
});

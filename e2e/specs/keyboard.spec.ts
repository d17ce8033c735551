import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from '../harness/a11y';
import { useHarness } from '../harness/setup';
import { bubbles, DESKTOP, pair, row, sendApi, shot } from './messages-helpers';

const h = useHarness({ name: 'keyboard' });

/** What has focus: its test id, or its role and text for menu items. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      testId: el?.getAttribute('data-testid') ?? '',
      role: el?.getAttribute('role') ?? '',
      text: el?.textContent?.trim() ?? '',
      bubble: el?.getAttribute('data-bubble') ?? '',
    };
  });

/** Presses Tab until the composer has focus; answers how many presses it took (fails past `max`). */
async function tabsToComposer(page: Page, max: number): Promise<number> {
  for (let n = 1; n <= max; n++) {
    await page.keyboard.press('Tab');
    if ((await focused(page)).testId === 'composer-input') return n;
  }
  throw new Error(`the composer was not reached in ${max} Tab presses`);
}

describe('keyboard: menus, the message list, focus and the skip link', () => {
  it('opening a chat focuses the composer; the list is one Tab stop with arrows; Shift+F10 and the menu key open a Radix menu', async () => {
    const { A, B } = await pair(h);
    const texts = Array.from({ length: 30 }, (_, i) => `第${i + 1}条`);
    for (const t of texts) await sendApi(h, B, A, t);
    const { page } = await h.open({ login: A.login, viewport: DESKTOP });
    await page.goto('/messages');
    await row(page, B).click();
    await page.getByTestId('chat-title').waitFor();
    await bubbles(page).filter({ hasText: '第30条' }).waitFor();
    // Opening a chat puts the caret in the composer.
    await expect.poll(async () => (await focused(page)).testId).toBe('composer-input');

    // From the conversation's row to the composer: the 30 messages are one stop (63 presses before).
    await row(page, B).focus();
    const presses = await tabsToComposer(page, 12);
    expect(presses).toBeLessThanOrEqual(8);
    console.log(`[keyboard] Tab presses from the list row to the composer: ${presses}`);

    // Back from the composer, the list's stop is the newest message; arrows move between messages.
    for (let n = 0; n < 8 && (await focused(page)).testId !== 'bubble'; n++)
      await page.keyboard.press('Shift+Tab');
    const newest = await focused(page);
    expect(newest.testId).toBe('bubble');
    expect(newest.text).toBe('第30条');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect.poll(async () => (await focused(page)).text).toBe('第28条');
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await focused(page)).text).toBe('第29条');

    // Shift+F10 opens the focused message's menu with focus on its first item; arrows loop.
    await page.keyboard.press('Shift+F10');
    const menu = page.getByTestId('message-menu');
    await menu.waitFor();
    await expect.poll(() => focused(page)).toMatchObject({ role: 'menuitem', text: '复制' });
    // Radix moves focus between items on the next task: the checks poll.
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await focused(page)).text).toBe('翻译');
    await page.keyboard.press('End');
    await expect.poll(async () => (await focused(page)).text).toBe('删除');
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await focused(page)).text).toBe('复制');
    await expectAccessible(page, 'messages: message menu from the keyboard');
    await shot(page, 'menu-keyboard-desktop');
    // Escape closes it and gives focus back to the message.
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toMatchObject({ testId: 'bubble', text: '第29条' });

    // The context-menu key opens it too; 引用 from the keyboard puts the caret in the composer.
    await page.keyboard.press('ContextMenu');
    await menu.waitFor();
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await focused(page)).text).toBe('翻译');
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await focused(page)).text).toBe('引用');
    await page.keyboard.press('Enter');
    await page.getByTestId('quote-bar').filter({ hasText: '第29条' }).waitFor();
    await expect.poll(async () => (await focused(page)).testId).toBe('composer-input');
    await page.keyboard.type('好的');
    expect(await page.getByTestId('composer-input').inputValue()).toBe('好的');

    // The conversation menu: Shift+F10 on a row, arrows, Escape back to the row.
    await row(page, B).focus();
    await page.keyboard.press('Shift+F10');
    const cmenu = page.getByTestId('conversation-menu');
    await cmenu.waitFor();
    await expect.poll(() => focused(page)).toMatchObject({ role: 'menuitem', text: '置顶' });
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await focused(page)).text).toBe('消息免打扰');
    await page.keyboard.press('Escape');
    await cmenu.waitFor({ state: 'detached' });
    // Radix gives focus back on its next task, as it moves it.
    await expect.poll(async () => (await focused(page)).testId).toBe('conversation-row');

    // A right click opens it with the pointer; arrows then enter it.
    await row(page, B).click({ button: 'right' });
    await cmenu.waitFor();
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await focused(page)).role).toBe('menuitem');
    await page.keyboard.press('Escape');
    await cmenu.waitFor({ state: 'detached' });
  });

  it("a message's link and quote are no Tab stops: ArrowRight reaches them from the bubble, Escape goes back", async () => {
    const { A, B } = await pair(h);
    const first = await sendApi(h, A, B, '明天几点见');
    await sendApi(h, B, A, '看这个 https://example.com/plan 十点', {
      cloudCustomData: {
        messageReply: {
          messageID: first.ID,
          messageType: 'text',
          messageSender: '安娜',
          messageAbstract: '明天几点见',
        },
      },
    });
    const { page } = await h.open({ login: A.login, viewport: DESKTOP });
    await page.goto(`/messages?conversationID=C2C${B.wtId}`);
    const newest = bubbles(page).filter({ hasText: '十点' });
    await newest.waitFor();
    await page.getByTestId('message-quote').waitFor();
    await expect.poll(async () => (await focused(page)).testId).toBe('composer-input');

    // Back from the composer: the newest bubble, passing neither its link nor its quote.
    const passed: string[] = [];
    for (let n = 0; n < 8 && (await focused(page)).testId !== 'bubble'; n++) {
      await page.keyboard.press('Shift+Tab');
      passed.push((await focused(page)).testId);
    }
    expect(passed.filter((id) => id === 'msg-link' || id === 'message-quote')).toEqual([]);
    expect((await focused(page)).text).toContain('十点');
    // Tab from the bubble leaves the list.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid="message-list"]'))).toBe(
      false,
    );

    // Arrows walk the message's own controls; Escape returns to its bubble, ArrowUp to the one above.
    await newest.focus();
    await page.keyboard.press('ArrowRight');
    expect(await focused(page)).toMatchObject({ testId: 'msg-link', text: 'https://example.com/plan' });
    await page.keyboard.press('ArrowRight');
    expect((await focused(page)).testId).toBe('message-quote');
    await page.keyboard.press('ArrowLeft');
    expect((await focused(page)).testId).toBe('msg-link');
    await page.keyboard.press('Escape');
    expect(await focused(page)).toMatchObject({ testId: 'bubble' });
    expect((await focused(page)).text).toContain('十点');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowUp');
    expect((await focused(page)).text).toBe('明天几点见');
  });

  it('the skip link is the first Tab stop and lands in the composer (or the main region without a chat)', async () => {
    const { A, B } = await pair(h);
    await sendApi(h, B, A, '你好');
    const { page } = await h.open({ login: A.login, viewport: DESKTOP });
    await page.goto('/messages');
    await row(page, B).waitFor();
    await page.keyboard.press('Tab');
    expect((await focused(page)).testId).toBe('skip-link');
    expect(await page.getByTestId('skip-link').isVisible()).toBe(true);
    await expectAccessible(page, 'messages: skip link');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');

    await page.goto(`/messages?conversationID=C2C${B.wtId}`);
    await bubbles(page).filter({ hasText: '你好' }).waitFor();
    // In a chat it lands in the composer (taken away from it first).
    await page.getByTestId('skip-link').focus();
    expect((await focused(page)).testId).toBe('skip-link');
    await page.keyboard.press('Enter');
    expect((await focused(page)).testId).toBe('composer-input');
  });
});

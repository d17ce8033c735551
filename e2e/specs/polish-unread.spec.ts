import { describe, expect, it } from 'vitest';
import type { Counters } from '@parley/protocol';
import { api } from '../harness/api';
import { useHarness } from '../harness/setup';
import { DESKTOP, pair, row, sendApi } from './messages-helpers';

const h = useHarness({ name: 'polish-unread' });

const badge = (page: import('playwright-core').Page) =>
  page
    .getByTestId('nav-messages')
    .getByTestId('badge')
    .evaluateAll((els) => els.map((e) => e.textContent ?? '').join(''));

describe('the unread total follows reading', () => {
  it('150 messages arriving live, then read: the total clears', async () => {
    const { A, B } = await pair(h, ['安娜', '博文']);
    await sendApi(h, B, A, '在吗');
    const { page } = await h.open({ login: A.login, viewport: DESKTOP });
    await page.goto('/messages');
    await expect.poll(() => badge(page)).toBe('1');
    await Promise.all(Array.from({ length: 149 }, (_, i) => sendApi(h, B, A, `第 ${i + 2} 条`)));
    await expect.poll(() => badge(page)).toBe('99+');
    await row(page, B).click();
    await page.locator(`[data-testid="chat"][data-id="C2C${B.wtId}"]`).waitFor();
    await expect.poll(() => badge(page)).toBe('');
    await expect.poll(() => page.title()).not.toMatch(/^\(/);
  });

  it('reading a chat of 150 unread clears the sidebar total and the tab title at once', async () => {
    const { A, B } = await pair(h, ['安娜', '博文']);
    for (let i = 1; i <= 150; i += 1) await sendApi(h, B, A, `第 ${i} 条`);
    const { page } = await h.open({ login: A.login, viewport: DESKTOP });
    await page.goto('/messages');
    await expect.poll(() => badge(page)).toBe('99+');
    expect(await page.title()).toMatch(/^\(99\+\) /);

    // The reader opens the chat and scrolls through it from the top of the unread part down,
    // the way a person reads a long backlog: the reads go out one after another.
    await row(page, B).click();
    await page.locator(`[data-testid="chat"][data-id="C2C${B.wtId}"]`).waitFor();
    const list = page.getByTestId('message-list');
    await list.hover();
    for (let i = 0; i < 30; i += 1) await page.mouse.wheel(0, -600);
    for (let i = 0; i < 60; i += 1) await page.mouse.wheel(0, 400);
    await page.keyboard.press('End');
    await expect.poll(() => badge(page)).toBe('');
    await expect.poll(() => page.title()).not.toMatch(/^\(/);
    const counters = await api<Counters>(h.server, '/user/counters', { token: A.token });
    expect(counters.unread).toBe(0);
  });
});

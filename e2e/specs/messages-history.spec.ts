import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api } from '../harness/api';
import { expectAccessible } from '../harness/a11y';
import { useHarness } from '../harness/setup';
import {
  bubbles,
  conversationOf,
  DESKTOP,
  openChat,
  pair,
  PHONE,
  row,
  sendApi,
  shot,
  typeAndSend,
} from './messages-helpers';

const h = useHarness({ name: 'messages-history' });

/** Texts of the bubbles inside the list's viewport, once the virtual list has rendered some there. */
/**
 * Waits until the list stops moving: the same scroll height and offset on two animation frames in
 * a row (rows are measured after they render, and the virtualizer corrects the offset for them).
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const el = document.querySelector('[data-testid="message-list"]');
      if (!el) return false;
      const w = window as unknown as { __listShape?: string };
      const shape = `${el.scrollHeight}:${el.scrollTop}`;
      const same = w.__listShape === shape;
      w.__listShape = shape;
      return same;
    },
    undefined,
    { polling: 'raf' },
  );
}

/** Where the bubble with `text` is, in px from the top of the message list's viewport. */
async function offsetInList(page: Page, text: string): Promise<number> {
  const list = await page.getByTestId('message-list').boundingBox();
  const bubble = await bubbles(page).filter({ hasText: text }).first().boundingBox();
  return bubble!.y - list!.y;
}

async function inView(page: Page): Promise<string[]> {
  const handle = await page.waitForFunction(() => {
    const list = document.querySelector('[data-testid="message-list"]');
    if (!list) return null;
    const box = list.getBoundingClientRect();
    const texts = Array.from(list.querySelectorAll<HTMLElement>('[data-testid="bubble"]'))
      .filter((b) => {
        const r = b.getBoundingClientRect();
        return r.bottom > box.top && r.top < box.bottom;
      })
      .map((b) => b.textContent ?? '');
    return texts.length ? texts : null;
  });
  return (await handle.jsonValue()) as string[];
}

describe('messages: history, scroll-to-latest, offline outbox, phone layout', () => {
  it('load more through 500 messages keeps the reading position; the scroll-to-latest counter counts new ones', async () => {
    const { A, B } = await pair(h);
    // 500 messages, both sides writing (each under the per-minute send limit).
    for (let i = 1; i <= 500; i++) {
      const text = `第${String(i).padStart(3, '0')}条`;
      if (i % 2) await sendApi(h, B, A, text);
      else await sendApi(h, A, B, text);
    }
    const a = await h.open({ login: A.login, viewport: DESKTOP });
    await a.page.goto(`/messages?conversationID=C2C${B.wtId}`);
    await bubbles(a.page).filter({ hasText: '第500条' }).waitFor();
    expect((await inView(a.page)).at(-1)).toBe('第500条');

    let pages = 0;
    const more = a.page.getByTestId('load-more');
    while ((await more.count()) > 0) {
      await a.page.getByTestId('message-list').evaluate((el) => (el.scrollTop = 0));
      await settled(a.page);
      const before = (await inView(a.page))[0]!;
      const y0 = await offsetInList(a.page, before);
      await more.click();
      pages += 1;
      // The click disabled the link (React flushes a click's update at once) until the page is in.
      await a.page.waitForFunction(
        () =>
          document.querySelectorAll('[data-testid="load-more"]').length === 0 ||
          !document.querySelector('[data-testid="load-more"]')?.hasAttribute('disabled'),
      );
      // The reading position holds: the message that was at the top is where it was on screen, to
      // the pixel, after the older page came in above it and its rows were measured.
      await settled(a.page);
      expect(Math.abs((await offsetInList(a.page, before)) - y0)).toBeLessThanOrEqual(1);
      expect(pages).toBeLessThan(20);
    }
    expect(pages).toBe(10); // 501 stored (the friendship notice and 500): 50 at open, then 10 older pages
    await a.page.getByTestId('message-list').evaluate((el) => (el.scrollTop = 0));
    await bubbles(a.page).filter({ hasText: '第001条' }).waitFor();
    await a.page.getByTestId('system-notice').waitFor();

    // Far up: 回到最新位置; new messages meanwhile: N条新消息; a click goes to the end and resets it.
    await a.page.getByTestId('scroll-latest').filter({ hasText: '回到最新位置' }).waitFor();
    for (const text of ['新消息一', '新消息二', '新消息三']) await sendApi(h, B, A, text);
    await a.page.getByTestId('scroll-latest').filter({ hasText: '3条新消息' }).waitFor();
    await shot(a.page, 'scroll-latest-desktop');
    await a.page.getByTestId('scroll-latest').click();
    await a.page.getByTestId('scroll-latest').waitFor({ state: 'detached' });
    await bubbles(a.page).filter({ hasText: '新消息三' }).waitFor();
    expect((await inView(a.page)).at(-1)).toBe('新消息三');
  });

  it('a message written offline waits with a spinner and goes out once on reconnect (same clientMsgId)', async () => {
    const { A, B } = await pair(h);
    const a = await h.open({ login: A.login, viewport: DESKTOP });
    const b = await h.open({ login: B.login, viewport: DESKTOP });
    await a.page.goto(`/messages?conversationID=C2C${B.wtId}`);
    // B stays on the list, so the message counts as unread there: once, however often it was tried.
    await b.page.goto('/messages');
    await row(b.page, A).waitFor();
    await a.page.getByTestId('composer-input').waitFor();
    await a.context.setOffline(true);
    await a.page.getByTestId('network-banner').waitFor();
    await typeAndSend(a.page, '离线时写的');
    const pending = a.page.getByTestId('message').filter({ hasText: '离线时写的' });
    await pending.getByTestId('message-sending').waitFor();
    await shot(a.page, 'offline-desktop');
    const history = async () =>
      (
        await api<{ messages: { payload: { text?: string }; clientMsgId: string }[] }>(
          h.server,
          '/message/history',
          {
            token: B.token,
            body: { conversationID: `C2C${A.wtId}`, count: 100 },
          },
        )
      ).messages.filter((m) => m.payload.text === '离线时写的');
    expect(await history()).toHaveLength(0);

    await a.context.setOffline(false);
    await pending.and(a.page.locator('[data-status="success"]')).waitFor({ timeout: 30_000 });
    await row(b.page, A).locator('.cv-row__last').filter({ hasText: '离线时写的' }).waitFor();
    expect(await history()).toHaveLength(1);
    // Stored once, and the outbox is empty: a reload shows it once, not pending.
    await a.page.reload();
    await bubbles(a.page).filter({ hasText: '离线时写的' }).waitFor();
    expect(await bubbles(a.page).filter({ hasText: '离线时写的' }).count()).toBe(1);
    expect(await a.page.getByTestId('message-sending').count()).toBe(0);
    expect((await conversationOf(h, B, A)).unreadCount).toBe(1);
    expect(await row(b.page, A).getByTestId('conversation-badge').textContent()).toBe('1');
  });

  it('the outbox survives closing the page: a new page sends it once, with its clientMsgId', async () => {
    const { A, B } = await pair(h);
    const { context, page } = await h.open({ login: A.login, viewport: DESKTOP });
    await page.goto(`/messages?conversationID=C2C${B.wtId}`);
    await page.getByTestId('composer-input').waitFor();
    await context.setOffline(true);
    await typeAndSend(page, '关掉页面前写的');
    await page
      .getByTestId('message')
      .filter({ hasText: '关掉页面前写的' })
      .getByTestId('message-sending')
      .waitFor();
    const count = async () =>
      (
        await api<{ messages: { payload: { text?: string } }[] }>(h.server, '/message/history', {
          token: B.token,
          body: { conversationID: `C2C${A.wtId}`, count: 100 },
        })
      ).messages.filter((m) => m.payload.text === '关掉页面前写的').length;
    expect(await count()).toBe(0);
    await page.close();
    await context.setOffline(false);

    const again = await context.newPage();
    await again.goto(`/messages?conversationID=C2C${B.wtId}`);
    await again
      .getByTestId('message')
      .filter({ hasText: '关掉页面前写的' })
      .and(again.locator('[data-status="success"]'))
      .waitFor();
    expect(await count()).toBe(1);
    expect(await again.getByTestId('message-sending').count()).toBe(0);
  });

  it('local-first: a reload paints the list and the chat from the device while the server has not answered', async () => {
    const { A, B } = await pair(h);
    await sendApi(h, B, A, '存在设备上的话');
    const { page } = await h.open({ login: A.login, viewport: DESKTOP });
    await page.goto(`/messages?conversationID=C2C${B.wtId}`);
    await bubbles(page).filter({ hasText: '存在设备上的话' }).waitFor();
    // The device copy is written shortly after a change: poll until both are stored (an async
    // predicate cannot go to waitForFunction, which would take its pending promise as truthy).
    const stored = () =>
      page.evaluate(
        async (keys) => {
          const db = await new Promise<IDBDatabase>((resolve, reject) => {
            const req = indexedDB.open('parley-chat');
            req.onsuccess = () => resolve(req.result);
            req.onerror = () => reject(req.error);
          });
          const found = await Promise.all(
            keys.map(
              (k) =>
                new Promise<boolean>((resolve) => {
                  const req = db.transaction('cache').objectStore('cache').get(k);
                  // Both copies must already hold the message (the list's last message, the chat's page).
                  req.onsuccess = () =>
                    resolve(JSON.stringify(req.result ?? null).includes('存在设备上的话'));
                  req.onerror = () => resolve(false);
                }),
            ),
          );
          db.close();
          return found.every(Boolean);
        },
        [`${A.wtId}:conversations`, `${A.wtId}:m:C2C${B.wtId}`],
      );
    await expect.poll(stored, { timeout: 15_000 }).toBe(true);
    // The server's list and history never answer after the reload.
    await page.route(/\/api\/(conversation\/list|message\/history)/, () => {});
    await page.reload();
    await row(page, B).waitFor();
    await bubbles(page).filter({ hasText: '存在设备上的话' }).waitFor();
    await page.unroute(/\/api\/(conversation\/list|message\/history)/);
  });

  it('phone layout: the list, then the chat full screen with a back arrow', async () => {
    const { A, B } = await pair(h);
    await sendApi(h, B, A, '手机上看得到吗？');
    const { page } = await h.open({ login: A.login, viewport: PHONE });
    await page.goto('/messages');
    await row(page, B).waitFor();
    await expectAccessible(page, 'messages: list');
    await shot(page, 'list-phone');
    await openChat(page, B);
    expect(await page.getByTestId('conversation-list').isVisible()).toBe(false);
    await typeAndSend(page, '看得到，很清楚');
    await page
      .locator('[data-status="success"]')
      .getByTestId('bubble')
      .filter({ hasText: '看得到，很清楚' })
      .waitFor();
    // The chat fills the screen (no tab bar); the composer's row ends inside it.
    expect(await page.getByTestId('sidebar').isVisible()).toBe(false);
    const composer = await page.getByTestId('composer-input').boundingBox();
    expect(composer && composer.y + composer.height).toBeLessThanOrEqual(844);
    await expectAccessible(page, 'messages: chat');
    await shot(page, 'chat-phone');
    await page.getByTestId('chat-back').click();
    await row(page, B).waitFor();
    expect(new URL(page.url()).search).toBe('');
  });
});

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { GroupInfo } from '@parley/protocol';
import { api, registerUser } from '../harness/api';
import { expectAccessible } from '../harness/a11y';
import { SCREENSHOTS_DIR } from '../harness/paths';
import { useHarness } from '../harness/setup';
import { befriend, bubbles, DESKTOP, pair, PHONE, sendApi } from './messages-helpers';

// The far-history test seeds 1,500 messages quickly: the per-minute send limit is raised.
const h = useHarness({ name: 'chat-search', env: { MESSAGE_SEND_PER_MINUTE: '100000' } });

const shot = (page: Page, name: string) =>
  page.screenshot({
    path: join(SCREENSHOTS_DIR, `search-${name}.png`),
    style: '[data-testid="toast"]{visibility:hidden}',
    animations: 'disabled',
  });

/** Whether the bubble holding `text` is inside the message list's visible area. */
async function inView(page: Page, text: string): Promise<boolean> {
  const list = await page.getByTestId('message-list').boundingBox();
  const b = await bubbles(page).filter({ hasText: text }).first().boundingBox();
  return !!list && !!b && b.y >= list.y - 1 && b.y + b.height <= list.y + list.height + 1;
}

describe('search in message history, links and mentions in bubbles', () => {
  it('the chat toolbar search finds an old message and jumps to it, loading the history around it', async () => {
    mkdirSync(SCREENSHOTS_DIR, { recursive: true });
    const { A, B } = await pair(h);
    await sendApi(h, B, A, '周六一起去爬香山吧');
    for (let i = 1; i <= 70; i++) await sendApi(h, B, A, `填充消息 ${i}`);
    await sendApi(h, A, B, '香山的红叶现在正好');
    for (const viewport of [DESKTOP, PHONE]) {
      const { page } = await h.open({ login: A.login, viewport });
      await page.goto(`/messages?conversationID=C2C${B.wtId}`);
      await bubbles(page).filter({ hasText: '填充消息 70' }).waitFor();
      expect(await bubbles(page).filter({ hasText: '周六一起去爬香山吧' }).count()).toBe(0);
      await page.getByTestId('chat-search-open').click();
      await page.getByTestId('chat-search-input').fill('香山');
      const results = page.getByTestId('chat-search-results');
      await expect.poll(() => results.getByTestId('search-message').count()).toBe(2);
      // Newest first, the keyword marked.
      expect(await results.getByTestId('search-message').allTextContents()).toEqual([
        expect.stringContaining('香山的红叶现在正好'),
        expect.stringContaining('周六一起去爬香山吧'),
      ]);
      expect(await results.locator('mark').first().textContent()).toBe('香山');
      await expectAccessible(page, `chat search results ${viewport.width}`);
      await shot(page, viewport === DESKTOP ? 'chat-desktop' : 'chat-phone');
      await results.getByTestId('search-message').nth(1).click();
      await page.locator('.msg-bubble--blink').filter({ hasText: '周六一起去爬香山吧' }).waitFor();
      await expect.poll(() => inView(page, '周六一起去爬香山吧')).toBe(true);
      await page.getByTestId('chat-search-close').click();
      await page.getByTestId('chat-search').waitFor({ state: 'detached' });
    }
  });

  it('a hit 1,500 messages back opens in its window with at most 2 history requests; down leads back to the newest', async () => {
    const { A, B } = await pair(h);
    await sendApi(h, B, A, '远古的暗号：青石板路');
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < 1500) {
          const i = (next += 1);
          await sendApi(h, i % 2 ? B : A, i % 2 ? A : B, `填充 ${i}`);
        }
      }),
    );
    await sendApi(h, A, B, '最新的一条');
    for (const viewport of [DESKTOP, PHONE]) {
      const { page } = await h.open({ login: A.login, viewport });
      const history: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname.endsWith('/message/history')) history.push(r.postData() ?? '');
      });
      await page.goto(`/messages?conversationID=C2C${B.wtId}`);
      await bubbles(page).filter({ hasText: '最新的一条' }).waitFor();
      await page.getByTestId('chat-search-open').click();
      await page.getByTestId('chat-search-input').fill('青石板');
      const results = page.getByTestId('chat-search-results');
      await expect.poll(() => results.getByTestId('search-message').count()).toBe(1);
      await results.getByTestId('search-message').click();
      await page.locator('.msg-bubble--blink').filter({ hasText: '远古的暗号：青石板路' }).waitFor();
      await expect.poll(() => inView(page, '远古的暗号：青石板路')).toBe(true);
      // The newest page at the opening, then the window around the hit: nothing paged through.
      expect(history).toHaveLength(2);
      expect(JSON.parse(history.at(-1)!)).toMatchObject({ aroundSeq: expect.any(Number) });
      await page.getByTestId('chat-search-close').click();
      await page.getByTestId('chat-search').waitFor({ state: 'detached' });
      // Away from the newest: the button goes back; a new message counts on it, not in the list.
      await page.getByTestId('scroll-latest').filter({ hasText: '回到最新位置' }).waitFor();
      const fresh = `你在看很久以前的消息吗 ${viewport.width}`;
      await sendApi(h, B, A, fresh);
      await page.getByTestId('scroll-latest').filter({ hasText: '1条新消息' }).waitFor();
      expect(await bubbles(page).filter({ hasText: fresh }).count()).toBe(0);
      await shot(page, viewport === DESKTOP ? 'far-hit-desktop' : 'far-hit-phone');
      const newest = bubbles(page).filter({ hasText: fresh });
      if (viewport === DESKTOP) {
        // Scrolling down loads newer pages until the window meets the newest.
        const list = page.getByTestId('message-list');
        await expect
          .poll(
            async () => {
              const box = (await list.boundingBox())!;
              await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
              await page.mouse.wheel(0, 4000);
              return newest.count();
            },
            { timeout: 120_000 },
          )
          .toBe(1);
        // Bounded memory: the list's rows come from a few pages (the last row's index), not 1,500.
        const lastRow = await list.evaluate((el) =>
          Math.max(
            ...Array.from(el.querySelectorAll<HTMLElement>('[data-index]')).map((r) =>
              Number(r.dataset.index),
            ),
          ),
        );
        expect(lastRow).toBeLessThan(400);
      } else {
        await page.getByTestId('scroll-latest').click();
        await newest.waitFor();
      }
      await expect.poll(() => inView(page, fresh)).toBe(true);
      await page.getByTestId('scroll-latest').waitFor({ state: 'detached' });
    }
  });

  it('the list search has a 聊天记录 section: a result opens its chat at the message', async () => {
    const { A, B } = await pair(h, ['安娜', '刘洋']);
    const C = await registerUser(h.server, { nickName: '小春' });
    await befriend(h, A, C);
    await sendApi(h, B, A, '预算表放在共享盘了');
    for (let i = 1; i <= 40; i++) await sendApi(h, B, A, `之后的消息 ${i}`);
    await sendApi(h, C, A, '别忘了预算');
    for (const viewport of [DESKTOP, PHONE]) {
      const { page } = await h.open({ login: A.login, viewport });
      await page.goto('/messages');
      await page.getByTestId('conversation-search').fill('预算');
      const section = page.getByTestId('search-messages');
      await expect.poll(() => section.getByTestId('search-message').count()).toBe(2);
      expect(await section.getByRole('heading').textContent()).toBe('聊天记录');
      expect(await section.getByTestId('search-message').first().textContent()).toContain('小春');
      await expectAccessible(page, `list search messages ${viewport.width}`);
      await shot(page, viewport === DESKTOP ? 'list-desktop' : 'list-phone');
      await section.getByTestId('search-message').filter({ hasText: '共享盘' }).click();
      await page.locator(`[data-testid="chat"][data-id="C2C${B.wtId}"]`).waitFor();
      await page.locator('.msg-bubble--blink').filter({ hasText: '预算表放在共享盘了' }).waitFor();
      await expect.poll(() => inView(page, '预算表放在共享盘了')).toBe(true);
    }
  });

  it('links open safely in a new tab (http, https, mailto only) and @mentions are highlighted', async () => {
    const { A, B } = await pair(h);
    await sendApi(
      h,
      B,
      A,
      '文档在 https://docs.example.com/a?b=1 ，别点 javascript:alert(1) ，邮件 ann@example.org',
    );
    const g = await api<GroupInfo>(h.server, '/user/groupchat/add', {
      token: A.token,
      body: { groupName: '项目组', wtIds: [B.wtId] },
    });
    await api(h.server, '/message/send', {
      token: B.token,
      body: {
        conversationID: `GROUP${g.groupNumber}`,
        clientMsgId: `mention-${Date.now()}`,
        type: 'text',
        payload: { text: '@安娜 请看一下' },
        atUserList: [A.wtId],
      },
    });
    const { page } = await h.open({ login: A.login, viewport: DESKTOP });
    await page.goto(`/messages?conversationID=C2C${B.wtId}`);
    const bubble = bubbles(page).filter({ hasText: '文档在' });
    await bubble.waitFor();
    const links = bubble.getByTestId('msg-link');
    expect(await links.count()).toBe(2);
    expect(
      await links.evaluateAll((els) =>
        els.map((e) => [e.getAttribute('href'), e.getAttribute('target'), e.getAttribute('rel')]),
      ),
    ).toEqual([
      ['https://docs.example.com/a?b=1', '_blank', 'noopener noreferrer'],
      ['mailto:ann@example.org', '_blank', 'noopener noreferrer'],
    ]);
    expect(await page.locator('a[href^="javascript:" i]').count()).toBe(0);
    expect(await bubble.textContent()).toContain('javascript:alert(1)');
    await expectAccessible(page, 'chat: links in a bubble');
    await page.goto(`/messages?conversationID=GROUP${g.groupNumber}`);
    const mention = bubbles(page).filter({ hasText: '请看一下' }).getByTestId('msg-mention');
    expect(await mention.textContent()).toBe('@安娜');
    await shot(page, 'mention');
  });
});

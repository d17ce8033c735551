import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Favorite, GroupInfo } from '@parley/protocol';
import { api, registerUser } from '../harness/api';
import { useHarness } from '../harness/setup';
import { befriend, bubbles, DESKTOP, pair, PHONE, sendApi, typeAndSend } from './messages-helpers';

const h = useHarness({ name: 'chat-small' });

async function box(page: Page, selector: string) {
  const b = await page.locator(selector).first().boundingBox();
  if (!b) throw new Error(`${selector} has no box`);
  return b;
}

describe('smaller chat and list items', () => {
  it('multi-select keeps own bubbles on the right', async () => {
    const { A, B } = await pair(h);
    await sendApi(h, B, A, '对方的话');
    const { page } = await h.open({ login: A.login, viewport: DESKTOP });
    await page.goto(`/messages?conversationID=C2C${B.wtId}`);
    await typeAndSend(page, '我自己的话');
    const mine = page
      .locator('[data-status="success"]')
      .getByTestId('bubble')
      .filter({ hasText: '我自己的话' });
    await mine.waitFor();
    const list = await box(page, '[data-testid="message-list"]');
    const before = (await mine.boundingBox())!;
    await mine.click({ button: 'right' });
    await page.getByTestId('menu-select').click();
    await page.getByTestId('select-bar').waitFor();
    const after = (await mine.boundingBox())!;
    // Still against the right edge, where it was (the check box sits at the far left).
    expect(after.x + after.width).toBeGreaterThan(list.x + list.width * 0.75);
    expect(Math.abs(after.x + after.width - (before.x + before.width))).toBeLessThan(2);
    const theirs = (await bubbles(page).filter({ hasText: '对方的话' }).boundingBox())!;
    expect(theirs.x).toBeLessThan(list.x + list.width / 2);
  });

  it('the @ list matches pinyin like contact search', async () => {
    const owner = await registerUser(h.server, { nickName: '群主老王' });
    const member = await registerUser(h.server, { nickName: '成员小张' });
    const liu = await registerUser(h.server, { nickName: '刘洋' });
    await befriend(h, owner, member);
    await befriend(h, owner, liu);
    const g = await api<GroupInfo>(h.server, '/user/groupchat/add', {
      token: owner.token,
      body: { groupName: '有刘洋的群', wtIds: [member.wtId, liu.wtId] },
    });
    const id = `GROUP${g.groupNumber}`;
    const { page } = await h.open({ login: member.login, viewport: DESKTOP });
    await page.goto(`/messages?conversationID=${id}`);
    await page.getByTestId('chat-member-count').waitFor();
    await page.getByTestId('composer-input').pressSequentially('@ly');
    const option = page.getByTestId('mention-option').filter({ hasText: '刘洋' });
    await option.waitFor();
    expect(await page.getByTestId('mention-option').count()).toBe(1);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('composer-input').inputValue()).toBe('@刘洋 ');
  });

  it('a dissolved group gives its members no error toast', async () => {
    const owner = await registerUser(h.server, { nickName: '群主老王' });
    const member = await registerUser(h.server, { nickName: '成员小张' });
    await befriend(h, owner, member);
    const g = await api<GroupInfo>(h.server, '/user/groupchat/add', {
      token: owner.token,
      body: { groupName: '解散前的群', wtIds: [member.wtId] },
    });
    const { page } = await h.open({ login: member.login, viewport: DESKTOP });
    await page.goto(`/messages?conversationID=GROUP${g.groupNumber}`);
    await page.getByTestId('chat-member-count').waitFor();
    await api(h.server, '/user/groupchat/remove', {
      token: owner.token,
      body: { groupNumber: g.groupNumber },
    });
    await page.getByTestId('composer-blocked').filter({ hasText: '该群聊已被解散' }).waitFor();
    // A later event: a one-to-one message arrives after the dissolution's refetches went out.
    await sendApi(h, owner, member, '群解散了');
    await page
      .locator(`[data-testid="conversation-row"][data-id="C2C${owner.wtId}"]`)
      .filter({ hasText: '群解散了' })
      .waitFor();
    expect(await page.getByTestId('toast').filter({ hasText: '群聊不存在' }).count()).toBe(0);
  });

  it('the 群通知 entry opens the tab that holds its unread items', async () => {
    const owner = await registerUser(h.server, { nickName: '群主老王' });
    const member = await registerUser(h.server, { nickName: '成员小张' });
    await befriend(h, owner, member);
    const g = await api<GroupInfo>(h.server, '/user/groupchat/add', {
      token: owner.token,
      body: { groupName: '会踢人的群', wtIds: [member.wtId] },
    });
    await api(h.server, '/user/groupchat/member/remove', {
      token: owner.token,
      body: { groupNumber: g.groupNumber, wtIds: [member.wtId] },
    });
    const { page } = await h.open({ login: member.login, viewport: DESKTOP });
    await page.goto('/contacts');
    await page.getByTestId('contacts-entry-notices').click();
    await page.getByTestId('group-notice-list').locator('li').first().waitFor();
    expect(await page.getByTestId('group-notices-others').getAttribute('aria-selected')).toBe('true');
  });

  it('favorites on a phone: the filter chips and 置顶 keep one line', async () => {
    const { A } = await pair(h);
    const fav = await api<Favorite>(h.server, '/user/collection/add', {
      token: A.token,
      body: { contentType: 1, collectTitle: '一条很长很长的收藏文字，用来占满整行看看会不会把按钮挤成一列' },
    });
    await api(h.server, '/user/collection/topSet', { token: A.token, body: { id: fav.id } });
    const { page } = await h.open({ login: A.login, viewport: PHONE });
    await page.goto('/favorites');
    await page.getByTestId('favorite-page-row').waitFor();
    const lineHeights = await page.evaluate(() =>
      Array.from(
        document.querySelectorAll('.fav-page__tab, .fav-page__pin, [data-testid="favorite-pin"]'),
      ).map((el) => {
        const r = el.getBoundingClientRect();
        return {
          text: el.textContent,
          tall: r.height > 2 * parseFloat(getComputedStyle(el).fontSize) + 12,
        };
      }),
    );
    expect(lineHeights.length).toBeGreaterThan(3);
    expect(lineHeights.filter((x) => x.tall)).toEqual([]);
  });
});

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { GroupInfo } from '@parley/protocol';
import { api, registerUser } from '../harness/api';
import { expectAccessible } from '../harness/a11y';
import { SCREENSHOTS_DIR } from '../harness/paths';
import { useHarness } from '../harness/setup';
import { befriend, bubbles, DESKTOP, openChat, PHONE, row, typeAndSend } from './messages-helpers';

const h = useHarness({ name: 'chat-panels' });

const shot = (page: Page, name: string) =>
  page.screenshot({
    path: join(SCREENSHOTS_DIR, `chat-${name}.png`),
    style: '[data-testid="toast"]{visibility:hidden}',
    animations: 'disabled',
  });

async function box(page: Page, selector: string) {
  const b = await page.locator(selector).first().boundingBox();
  if (!b) throw new Error(`${selector} has no box`);
  return b;
}

describe('chat info panels: the group panel and the one-to-one panel', () => {
  it('a new group opens its chat (no panel); the panel is a column beside the chat, Escape closes it, another chat never shows it', async () => {
    mkdirSync(SCREENSHOTS_DIR, { recursive: true });
    const owner = await registerUser(h.server, { nickName: '群主老王' });
    const friend = await registerUser(h.server, { nickName: '朋友小李' });
    await befriend(h, owner, friend);
    const { page } = await h.open({ login: owner.login, viewport: DESKTOP });
    await page.goto('/contacts');
    await page.getByTestId('contacts-plus').click();
    await page.getByTestId('contacts-plus-start-group').click();
    await page.getByTestId('people-picker').waitFor();
    await page.locator(`[data-testid="picker-row"][data-id="${friend.wtId}"]`).click();
    await page.getByTestId('picker-done').click();
    await page.getByTestId('group-create-name').fill('新建的群');
    await page.getByTestId('group-create-submit').click();
    // The new group's chat, not its settings.
    const chat = page.locator('[data-testid="chat"][data-id^="GROUP"]');
    await chat.waitFor();
    expect(await page.getByTestId('chat-title').textContent()).toBe('新建的群');
    expect(await page.getByTestId('group-panel').count()).toBe(0);
    const groupID = (await chat.getAttribute('data-id'))!;

    await typeAndSend(page, '我的消息在右边');
    await bubbles(page).filter({ hasText: '我的消息在右边' }).waitFor();
    await page.getByTestId('chat-group-panel').click();
    const panel = page.getByTestId('group-panel');
    await panel.waitFor();
    // Beside the chat, not over it: the message list ends where the panel begins, and the own
    // message and its read label are still in view and uncovered.
    const list = await box(page, '[data-testid="message-list"]');
    const side = await box(page, '[data-testid="group-panel"]');
    expect(list.x + list.width).toBeLessThanOrEqual(side.x + 1);
    const mine = await box(page, '[data-testid="message-list"] .msg-row--mine .msg-bubble');
    expect(mine.x + mine.width).toBeLessThanOrEqual(side.x);
    const hit = await page.evaluate(
      ([x, y]) => !!document.elementFromPoint(x!, y!)?.closest('.msg-row--mine'),
      [mine.x + mine.width / 2, mine.y + mine.height / 2],
    );
    expect(hit).toBe(true);
    await expectAccessible(page, 'chat: group panel beside the chat');
    await shot(page, 'group-panel-desktop');

    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    // Open again, then switch to the one-to-one chat: no group settings beside it, nor on return.
    await page.getByTestId('chat-group-panel').click();
    await panel.waitFor();
    await openChat(page, friend);
    expect(await page.getByTestId('group-panel').count()).toBe(0);
    await page.locator(`[data-testid="conversation-row"][data-id="${groupID}"]`).click();
    await page.locator(`[data-testid="chat"][data-id="${groupID}"]`).waitFor();
    expect(await page.getByTestId('group-panel').count()).toBe(0);
  });

  it('on a phone the panel is a full-screen page with a back button', async () => {
    const owner = await registerUser(h.server, { nickName: '群主老王' });
    const friend = await registerUser(h.server, { nickName: '朋友小李' });
    await befriend(h, owner, friend);
    const g = await api<GroupInfo>(h.server, '/user/groupchat/add', {
      token: owner.token,
      body: { groupName: '手机上的群', wtIds: [friend.wtId] },
    });
    const { page } = await h.open({ login: owner.login, viewport: PHONE });
    await page.goto(`/messages?conversationID=GROUP${g.groupNumber}`);
    await page.getByTestId('chat-group-panel').click();
    const panel = await box(page, '[data-testid="group-panel"]');
    expect([panel.x, panel.y, panel.width, panel.height]).toEqual([0, 0, PHONE.width, PHONE.height]);
    await expectAccessible(page, 'chat: group panel on a phone');
    await shot(page, 'group-panel-phone');
    await page.getByTestId('chat-info-back').click();
    await page.getByTestId('group-panel').waitFor({ state: 'detached' });
    await page.locator(`[data-testid="chat"][data-id="GROUP${g.groupNumber}"]`).waitFor();
  });

  it('one-to-one: the info panel shows the person and pins, mutes and opens the history search', async () => {
    const A = await registerUser(h.server, { nickName: '安娜' });
    const B = await registerUser(h.server, { nickName: '博文' });
    await befriend(h, A, B);
    const { page } = await h.open({ login: A.login, viewport: DESKTOP });
    await page.goto(`/messages?conversationID=C2C${B.wtId}`);
    await page.getByTestId('chat-info-open').click();
    const info = page.getByTestId('chat-info');
    await info.waitFor();
    expect(await info.getByTestId('chat-info-person').textContent()).toContain('博文');
    expect(await info.getByTestId('chat-info-person').textContent()).toContain(B.wtId);
    await info.getByTestId('chat-info-pin').check();
    await expect.poll(() => row(page, B).getAttribute('data-pinned')).toBe('1');
    await info.getByTestId('group-chat-mute').check();
    await row(page, B).getByTestId('conversation-muted').waitFor();
    await expectAccessible(page, 'chat: one-to-one info panel');
    await shot(page, 'info-desktop');
    await info.getByTestId('chat-info-search').click();
    await info.waitFor({ state: 'detached' });
    await page.getByTestId('chat-search-input').waitFor();
    expect(await page.getByTestId('chat-search-input').evaluate((el) => el === document.activeElement)).toBe(
      true,
    );
  });

  it('one-to-one on a phone: the info panel is a full-screen page with a back button', async () => {
    const A = await registerUser(h.server, { nickName: '安娜' });
    const B = await registerUser(h.server, { nickName: '博文' });
    await befriend(h, A, B);
    const { page } = await h.open({ login: A.login, viewport: PHONE });
    await page.goto(`/messages?conversationID=C2C${B.wtId}`);
    await page.getByTestId('chat-info-open').click();
    const info = page.getByTestId('chat-info');
    await info.waitFor();
    const panel = await box(page, '[data-testid="chat-info"]');
    expect([panel.x, panel.y, panel.width, panel.height]).toEqual([0, 0, PHONE.width, PHONE.height]);
    expect(await info.getByTestId('chat-info-person').textContent()).toContain('博文');
    await expectAccessible(page, 'chat: one-to-one info panel on a phone');
    await shot(page, 'info-phone');
    await page.getByTestId('chat-info-back').click();
    await info.waitFor({ state: 'detached' });
    await page.locator(`[data-testid="chat"][data-id="C2C${B.wtId}"]`).waitFor();
  });
});

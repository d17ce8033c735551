import { describe, expect, it } from 'vitest';
import { api, registerUser } from '../harness/api';
import { expectAccessible } from '../harness/a11y';
import { useHarness } from '../harness/setup';
import { waitToast } from '../harness/ui';
import {
  composerHas,
  befriend,
  bubbles,
  DESKTOP,
  openChat,
  pair,
  row,
  sendApi,
  shot,
  typeAndSend,
  rowMenu,
} from './messages-helpers';

const h = useHarness({ name: 'messages-actions' });

describe('messages: revoke, quote, conversation settings, drafts', () => {
  it('revoke within the window shows 你撤回了一条消息 with 重新编辑 (the peer: X撤回了一条消息)', async () => {
    const { A, B } = await pair(h);
    const a = await h.open({ login: A.login, viewport: DESKTOP });
    const b = await h.open({ login: B.login, viewport: DESKTOP });
    await a.page.goto(`/messages?conversationID=C2C${B.wtId}`);
    await b.page.goto(`/messages?conversationID=C2C${A.wtId}`);
    await typeAndSend(a.page, '发错了这句');
    await bubbles(b.page).filter({ hasText: '发错了这句' }).waitFor();
    await a.page
      .locator('[data-status="success"]')
      .getByTestId('bubble')
      .filter({ hasText: '发错了这句' })
      .click({ button: 'right' });
    await a.page.getByTestId('message-menu').waitFor();
    await expectAccessible(a.page, 'messages: message menu');
    await shot(a.page, 'menu-desktop');
    expect(await a.page.getByTestId('message-menu').getByRole('menuitem').allTextContents()).toEqual([
      '复制',
      '撤回',
      '翻译',
      '引用',
      '置顶',
      '回应',
      '转发',
      '收藏',
      '多选',
      '删除',
    ]);
    await a.page.getByTestId('menu-revoke').click();
    const line = a.page.getByTestId('revoked-line');
    await line.filter({ hasText: '你撤回了一条消息' }).waitFor();
    await b.page.getByTestId('revoked-line').filter({ hasText: '安娜撤回了一条消息' }).waitFor();
    expect(await b.page.getByTestId('reedit').count()).toBe(0);
    await line.getByTestId('reedit').click();
    await composerHas(a.page, '发错了这句');
    // A revoked line has no menu: after the right click, a later message comes in and shows (an
    // open menu would stay: only Escape, a click elsewhere or leaving the window closes one), and
    // still no menu is open.
    await line.click({ button: 'right' });
    await sendApi(h, B, A, '撤回后的下一条');
    await bubbles(a.page).filter({ hasText: '撤回后的下一条' }).waitFor();
    expect(await a.page.getByTestId('message-menu').count()).toBe(0);
  });

  it('quote a message, jump to an original 60 messages up (it blinks), 引用内容已撤回 and 无法定位到原消息', async () => {
    const { A, B } = await pair(h);
    const target = await sendApi(h, B, A, '这是被引用的原文');
    const gone = await sendApi(h, B, A, '这条会被我删掉');
    for (let i = 1; i <= 60; i++) await sendApi(h, B, A, `填充 ${i}`);
    const reply = (m: typeof target) => ({
      cloudCustomData: {
        messageReply: {
          messageID: m.ID,
          messageType: 'text',
          messageSender: '博文',
          messageAbstract: String(m.payload.text),
        },
      },
    });
    await sendApi(h, B, A, '回复原文', reply(target));
    const a = await h.open({ login: A.login, viewport: DESKTOP });
    await a.page.goto(`/messages?conversationID=C2C${B.wtId}`);
    const quoted = a.page.getByTestId('message').filter({ hasText: '回复原文' }).getByTestId('message-quote');
    await quoted.waitFor();
    expect(await quoted.textContent()).toBe('博文: 这是被引用的原文');
    expect(await bubbles(a.page).filter({ hasText: '这是被引用的原文' }).count()).toBe(0);
    await quoted.click();
    const original = a.page.locator('.msg-bubble--blink').filter({ hasText: '这是被引用的原文' });
    await original.waitFor();
    await original.waitFor({ state: 'detached', timeout: 10_000 }); // the blink ends (3 s)
    expect(await bubbles(a.page).filter({ hasText: '这是被引用的原文' }).isVisible()).toBe(true);

    // Far from the end: 回到最新位置 brings the latest back.
    await a.page.getByTestId('scroll-latest').filter({ hasText: '回到最新位置' }).click();
    await a.page.getByTestId('scroll-latest').waitFor({ state: 'detached' });
    // Quote through the menu: the bar shows, the sent message carries the quote.
    await bubbles(a.page).filter({ hasText: '填充 60' }).click({ button: 'right' });
    await a.page.getByTestId('menu-quote').click();
    expect(await a.page.getByTestId('quote-bar').textContent()).toContain('填充 60');
    await typeAndSend(a.page, '收到');
    const mine = a.page.getByTestId('message').filter({ hasText: '收到' });
    await mine.and(a.page.locator('[data-status="success"]')).waitFor();
    expect(await mine.getByTestId('message-quote').textContent()).toBe('博文: 填充 60');
    expect(await a.page.getByTestId('quote-bar').count()).toBe(0);

    // The original revoked, or gone for me.
    const shortLived = await sendApi(h, B, A, '马上撤回的话');
    await sendApi(h, B, A, '回复马上撤回的话', reply(shortLived));
    await api(h.server, '/message/revoke', { token: B.token, body: { messageID: shortLived.ID } });
    await a.page.getByTestId('revoked-line').filter({ hasText: '博文撤回了一条消息' }).waitFor();
    await a.page
      .getByTestId('message')
      .filter({ hasText: '回复马上撤回的话' })
      .getByTestId('message-quote')
      .click();
    await waitToast(a.page, '引用内容已撤回');
    await sendApi(h, B, A, '再回复被删的', reply(gone));
    await api(h.server, '/message/delete', { token: A.token, body: { messageIDs: [gone.ID] } });
    await a.page
      .getByTestId('message')
      .filter({ hasText: '再回复被删的' })
      .getByTestId('message-quote')
      .click();
    await waitToast(a.page, '无法定位到原消息');
  });

  it('pin, mute, archive, 全部移出 and delete from the list menu; tabs', async () => {
    const { A, B } = await pair(h);
    const C = await registerUser(h.server, { nickName: '小春' });
    const D = await registerUser(h.server, { nickName: '大东' });
    await befriend(h, A, C);
    await befriend(h, A, D);
    await sendApi(h, B, A, 'B 的消息');
    await sendApi(h, C, A, 'C 的消息');
    await sendApi(h, D, A, 'D 的消息');
    const a = await h.open({ login: A.login, viewport: DESKTOP });
    await a.page.goto('/messages');
    await row(a.page, B).waitFor();
    const order = () =>
      a.page
        .getByTestId('conversation-row')
        .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.id));
    expect(await order()).toEqual([`C2C${D.wtId}`, `C2C${C.wtId}`, `C2C${B.wtId}`]);

    await rowMenu(a.page, `C2C${B.wtId}`, 'pin');
    await row(a.page, B).and(a.page.locator('[data-pinned="1"]')).waitFor();
    expect((await order())[0]).toBe(`C2C${B.wtId}`);

    await rowMenu(a.page, `C2C${C.wtId}`, 'mute');
    await row(a.page, C).getByTestId('conversation-muted').waitFor();
    // Muted and unread: a dot, not a number; the sidebar counts only B and D.
    await row(a.page, C).getByTestId('conversation-dot').waitFor();
    await a.page.getByTestId('nav-messages').getByTestId('badge').filter({ hasText: '2' }).waitFor();
    await a.page.getByTestId('tab-more').click();
    expect(await a.page.getByTestId('tab-unread-all').textContent()).toBe('2');
    await a.page.keyboard.press('Escape');

    await rowMenu(a.page, `C2C${D.wtId}`, 'archive');
    await row(a.page, D).waitFor({ state: 'detached' });
    await a.page.getByTestId('archive-entry').click();
    await row(a.page, D).waitFor();
    await expectAccessible(a.page, 'messages: archive');
    await shot(a.page, 'archive-desktop');
    await a.page.getByTestId('archive-move-all').click();
    await waitToast(a.page, '已全部移出');
    await row(a.page, D).waitFor();
    expect(await a.page.getByTestId('archive-entry').count()).toBe(0);

    await a.page.getByTestId('tab-unread').click();
    expect(await order()).toEqual([`C2C${B.wtId}`, `C2C${D.wtId}`, `C2C${C.wtId}`]);
    await a.page.getByTestId('tab-atMe').click();
    await a.page.getByTestId('empty').filter({ hasText: '空空如也' }).waitFor();

    // Delete a conversation (after a confirmation): it leaves the list.
    await a.page.getByTestId('tab-all').click();
    await rowMenu(a.page, `C2C${C.wtId}`, 'remove');
    await a.page.getByTestId('confirm-ok').click();
    await waitToast(a.page, '删除成功');
    await row(a.page, C).waitFor({ state: 'detached' });
    expect(await order()).toEqual([`C2C${B.wtId}`, `C2C${D.wtId}`]);
  });

  it('a draft is kept when switching conversations and after a reload', async () => {
    const { A, B } = await pair(h);
    const C = await registerUser(h.server, { nickName: '小春' });
    await befriend(h, A, C);
    const a = await h.open({ login: A.login, viewport: DESKTOP });
    await a.page.goto('/messages');
    await openChat(a.page, C);
    await a.page.getByTestId('composer-input').fill('还没写完的话');
    await openChat(a.page, B);
    await row(a.page, C).locator('.cv-draft').waitFor();
    expect(await row(a.page, C).locator('.cv-row__last').textContent()).toBe('[草稿] 还没写完的话');
    await openChat(a.page, C);
    await composerHas(a.page, '还没写完的话');
    await a.page.reload();
    await a.page.locator(`[data-testid="chat"][data-id="C2C${C.wtId}"]`).waitFor();
    await composerHas(a.page, '还没写完的话');
    await typeAndSend(a.page, '还没写完的话，写完了');
    await openChat(a.page, B);
    await row(a.page, C).locator('.cv-row__last').filter({ hasText: '还没写完的话，写完了' }).waitFor();
    expect(await row(a.page, C).locator('.cv-draft').count()).toBe(0);
  });

  it('the plus menu opens 添加朋友; search finds contacts (联系人) and opens their chat; 发消息 on a contact card opens the conversation', async () => {
    const { A, B } = await pair(h, ['安娜', '刘洋']);
    const a = await h.open({ login: A.login, viewport: DESKTOP });
    await a.page.goto('/messages');
    await row(a.page, B).waitFor();
    await a.page.getByTestId('messages-plus').click();
    await a.page.getByTestId('messages-plus-menu').waitFor();
    await expectAccessible(a.page, 'messages: plus menu');
    await a.page.getByTestId('messages-plus-add-friend').click();
    await a.page.getByTestId('add-search').waitFor();
    await a.page.keyboard.press('Escape');
    await a.page.getByTestId('add-search').waitFor({ state: 'detached' });
    await a.page.getByTestId('conversation-search').fill('ly');
    await a.page.getByTestId('search-results').getByText('联系人').waitFor();
    await expectAccessible(a.page, 'messages: search');
    await a.page.getByTestId('search-contact').filter({ hasText: '刘洋' }).click();
    await a.page.locator(`[data-testid="chat"][data-id="C2C${B.wtId}"]`).waitFor();
    await a.page.getByTestId('conversation-search').fill('没有这个人');
    await a.page.getByTestId('search-empty').filter({ hasText: '搜索结果为空' }).waitFor();

    await a.page.getByTestId('nav-contacts').click();
    await a.page.locator(`[data-testid="contacts-friend"][data-wtid="${B.wtId}"]`).click();
    await a.page.getByTestId('profile-message').click();
    await a.page.locator(`[data-testid="chat"][data-id="C2C${B.wtId}"]`).waitFor();
    expect(await a.page.getByTestId('chat-title').textContent()).toBe('刘洋');
    await typeAndSend(a.page, '从名片过来的');
    await a.page
      .locator('[data-status="success"]')
      .getByTestId('bubble')
      .filter({ hasText: '从名片过来的' })
      .waitFor();
  });

  it('multi-select: pick two messages and delete them for me (after a confirmation), for me only', async () => {
    const { A, B } = await pair(h);
    for (const text of ['留着这条', '删掉一', '删掉二']) await sendApi(h, B, A, text);
    const a = await h.open({ login: A.login, viewport: DESKTOP });
    await a.page.goto(`/messages?conversationID=C2C${B.wtId}`);
    await bubbles(a.page).filter({ hasText: '删掉二' }).click({ button: 'right' });
    await a.page.getByTestId('menu-select').click();
    await a.page.getByTestId('select-bar').waitFor();
    await a.page.getByTestId('message').filter({ hasText: '删掉一' }).click();
    expect(await a.page.getByTestId('select-bar').textContent()).toContain('已选择2条消息');
    await expectAccessible(a.page, 'messages: multi-select');
    await shot(a.page, 'select-desktop');
    await a.page.getByTestId('select-delete').click();
    await a.page.getByTestId('confirm-ok').click();
    await waitToast(a.page, '删除成功');
    await bubbles(a.page).filter({ hasText: '删掉一' }).waitFor({ state: 'detached' });
    expect(await bubbles(a.page).allTextContents()).toEqual(['留着这条']);
    await a.page.getByTestId('select-bar').waitFor({ state: 'detached' });
    await a.page.getByTestId('composer-input').waitFor();
    // Gone for me only: the peer still has them.
    const theirs = await api<{ messages: { payload: { text?: string } }[] }>(h.server, '/message/history', {
      token: B.token,
      body: { conversationID: `C2C${A.wtId}` },
    });
    expect(theirs.messages.map((m) => m.payload.text).filter(Boolean)).toEqual([
      '留着这条',
      '删掉一',
      '删掉二',
    ]);
  });
});

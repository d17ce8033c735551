import { describe, expect, it } from 'vitest';
import type { SessionGroup } from '@parley/protocol';
import { expectAccessible } from '../harness/a11y';
import { api, registerUser } from '../harness/api';
import { useHarness } from '../harness/setup';
import {
  befriend,
  composerHas,
  DESKTOP,
  openChat,
  pair,
  PHONE,
  row,
  sendApi,
  shot,
} from './messages-helpers';

const h = useHarness({ name: 'conversation-tools' });

describe('conversation tools', () => {
  it('custom tabs: create with the picker, see its conversations, reorder, hide and delete', async () => {
    const { A, B } = await pair(h);
    const C = await registerUser(h.server, { nickName: '成华' });
    await befriend(h, A, C);
    await sendApi(h, B, A, '来自博文');
    await sendApi(h, C, A, '来自成华');
    await api(h.server, '/sessionGroup/add', {
      token: A.token,
      body: { groupName: '家人', relationList: [] },
    });
    const a = await h.open({ login: A.login, viewport: DESKTOP });
    await a.page.goto('/messages');
    await row(a.page, B).waitFor();

    // 管理分组 from the tab dropdown; create 同事 holding 博文.
    await a.page.getByTestId('tab-more').click();
    await a.page.getByTestId('tab-menu-manage').click();
    const panel = a.page.getByTestId('session-groups-manage');
    await panel.waitFor();
    await a.page.getByTestId('session-group-create').click();
    await a.page.getByTestId('session-group-name').fill('同事');
    await a.page.getByTestId('picker-row').filter({ hasText: '博文' }).click();
    await shot(a.page, 'tabs-editor');
    await a.page.getByTestId('picker-done').click();
    await panel.waitFor();
    const names = () =>
      a.page
        .getByTestId('session-groups-shown')
        .getByTestId('session-group-row')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-name')));
    await expect.poll(names).toEqual(['家人', '同事']);
    await expectAccessible(a.page, 'manage groups');
    await shot(a.page, 'tabs-panel');

    // Drag 同事 above 家人.
    const rows = a.page.getByTestId('session-groups-shown-item');
    await rows.nth(1).dragTo(rows.nth(0));
    await expect.poll(names).toEqual(['同事', '家人']);

    // Hide 家人: its toggle moves to the 隐藏 list; toggles are locked for a second after use.
    await rows.filter({ hasText: '家人' }).getByTestId('session-group-hide').click();
    const hiddenRow = a.page.getByTestId('session-groups-hidden').getByTestId('session-group-row');
    await hiddenRow.filter({ hasText: '家人' }).waitFor();
    await a.page.getByTestId('session-groups-done').click();

    // The tab strip: 同事 after 群聊, 家人 hidden; 同事 lists only 博文.
    const tabs = a.page.getByTestId('tab-custom');
    await expect.poll(() => tabs.allTextContents()).toEqual(['同事']);
    await tabs.filter({ hasText: '同事' }).click();
    await row(a.page, B).waitFor();
    await row(a.page, C).waitFor({ state: 'detached' });
    const saved = await api<SessionGroup[]>(h.server, '/sessionGroup/list', { token: A.token });
    expect(saved.map((g) => [g.groupName, g.hideStatus])).toEqual([
      ['同事', 1],
      ['家人', 0],
    ]);

    // Add 成华 from the conversation menu (全部 tab).
    await a.page.getByTestId('tab-all').click();
    await row(a.page, C).click({ button: 'right' });
    await a.page.getByTestId('conversation-menu').getByRole('menuitem', { name: '添加到分组' }).click();
    await a.page.getByTestId('add-to-group').filter({ hasText: '同事' }).click();
    await tabs.filter({ hasText: '同事' }).click();
    await row(a.page, C).waitFor();

    // Delete 同事: the confirmation says the chats stay.
    await a.page.getByTestId('tab-more').click();
    await a.page.getByTestId('tab-menu-manage').click();
    await rows.filter({ hasText: '同事' }).getByTestId('session-group-delete').click();
    await a.page.getByText('分组内的会话不会被删除').waitFor();
    await a.page.getByRole('button', { name: '确定' }).click();
    await expect.poll(names).toEqual([]);
    await a.page.getByTestId('session-groups-done').click();
    await expect.poll(() => tabs.count()).toBe(0);
    await row(a.page, B).waitFor();
  });

  it('quick phrases: add, edit, reorder and send one', async () => {
    const { A, B } = await pair(h);
    const a = await h.open({ login: A.login, viewport: DESKTOP });
    // The switch is on the settings screen (on by default); off, a chat has no 常用语 button.
    const configOf = async () =>
      (await api<{ dailyWordSwitch: number }>(h.server, '/user/userConfig/getInfo', { token: A.token }))
        .dailyWordSwitch;
    await a.page.goto('/settings');
    const sw = a.page.getByTestId('settings-quick-phrases');
    expect(await sw.isChecked()).toBe(true);
    await sw.uncheck();
    await expect.poll(configOf).toBe(0);
    await a.page.goto('/messages');
    await openChat(a.page, B);
    await a.page.getByTestId('composer-input').waitFor();
    expect(await a.page.getByTestId('tool-quick-phrases').count()).toBe(0);
    await a.page.goto('/settings');
    await sw.check();
    await expect.poll(configOf).toBe(1);
    await a.page.goto('/messages');
    await openChat(a.page, B);

    await a.page.getByTestId('tool-quick-phrases').click();
    const popup = a.page.getByTestId('quick-phrases-popup');
    await popup.getByTestId('empty').waitFor();
    for (const word of ['您好，在吗？', '稍等，马上回复', '好的，谢谢']) {
      await popup.getByTestId('quick-phrase-add').click();
      await popup.getByTestId('quick-phrase-new-input').fill(word);
      await popup.getByTestId('quick-phrase-new-input').press('Enter');
      await popup.getByTestId('quick-phrase').filter({ hasText: word }).waitFor();
    }
    await expectAccessible(a.page, 'quick phrases');
    await shot(a.page, 'quick-phrases');

    // Edit mode: change one in place, then drag the last to the top.
    await popup.getByTestId('quick-phrases-mode').click();
    await popup.getByTestId('quick-phrase-edit').filter({ hasText: '稍等' }).click();
    await popup.getByTestId('quick-phrase-edit-input').fill('稍等片刻');
    await popup.getByTestId('quick-phrase-edit-input').press('Enter');
    await popup.getByTestId('quick-phrase-edit').filter({ hasText: '稍等片刻' }).waitFor();
    const items = popup.getByTestId('quick-phrase-sortable-item');
    await items.nth(2).dragTo(items.nth(0));
    await expect
      .poll(() => popup.getByTestId('quick-phrase-edit').allTextContents())
      .toEqual(['好的，谢谢', '您好，在吗？', '稍等片刻']);
    await popup.getByTestId('quick-phrases-mode').click();

    // A click puts the phrase in the composer; Enter sends it.
    await popup.getByTestId('quick-phrase').filter({ hasText: '您好，在吗？' }).click();
    await composerHas(a.page, '您好，在吗？');
    await a.page.getByTestId('composer-input').press('Enter');
    await a.page.getByTestId('message').filter({ hasText: '您好，在吗？' }).waitFor();
    const list = await api<{ word: string }[]>(h.server, '/userDailyWord/list', { token: A.token });
    expect(list.map((p) => p.word)).toEqual(['好的，谢谢', '您好，在吗？', '稍等片刻']);
  });

  it('pinned messages: pin in one browser, the bar appears live in the other, jump, unpin', async () => {
    const { A, B } = await pair(h);
    const target = await sendApi(h, B, A, '周五下午三点评审');
    for (let i = 1; i <= 40; i++) await sendApi(h, B, A, `填充 ${i}`);
    await sendApi(h, A, B, '好的，记下了');
    const a = await h.open({ login: A.login, viewport: DESKTOP });
    const b = await h.open({ login: B.login, viewport: DESKTOP });
    await Promise.all([
      a.page.goto(`/messages?conversationID=C2C${B.wtId}`),
      b.page.goto(`/messages?conversationID=C2C${A.wtId}`),
    ]);
    // A pins their own latest message from its menu.
    await a.page.getByTestId('bubble').filter({ hasText: '好的，记下了' }).click({ button: 'right' });
    await a.page.getByTestId('message-menu').getByRole('menuitem', { name: '置顶' }).click();
    await a.page.getByTestId('pinned-bar').getByText('好的，记下了').waitFor();
    // B sees it live (socket type 3), and pins the old message through the API: two pins, collapsed.
    await b.page.getByTestId('pinned-bar').getByText('好的，记下了').waitFor();
    await api(h.server, '/user/c2cTop/add', {
      token: B.token,
      body: { toUserWtId: A.wtId, senderWtId: B.wtId, msgId: target.ID, msgContent: '周五下午三点评审' },
    });
    const barA = a.page.getByTestId('pinned-bar');
    await barA.getByText('周五下午三点评审').waitFor();
    expect(await barA.getByTestId('pinned-item').count()).toBe(1);
    await barA.getByTestId('pinned-toggle').click();
    await expect.poll(() => barA.getByTestId('pinned-item').count()).toBe(2);
    await expectAccessible(a.page, 'pinned bar');
    await shot(a.page, 'pinned-bar');

    // Jump: the old message scrolls into view and blinks.
    await barA.getByTestId('pinned-jump').filter({ hasText: '周五下午三点评审' }).click();
    await a.page.locator('.msg-bubble--blink').filter({ hasText: '周五下午三点评审' }).waitFor();

    // B unpins both: A's bar goes.
    const barB = b.page.getByTestId('pinned-bar');
    await barB.getByTestId('pinned-unpin').first().click();
    await barB.getByTestId('pinned-unpin').first().click();
    await barA.waitFor({ state: 'detached' });
    await barB.waitFor({ state: 'detached' });
  });

  it('reactions: react from the menu, the other side sees it live, counts and mine', async () => {
    const { A, B } = await pair(h);
    await sendApi(h, B, A, '今晚一起吃饭吗？');
    const a = await h.open({ login: A.login, viewport: DESKTOP });
    const b = await h.open({ login: B.login, viewport: DESKTOP });
    await Promise.all([
      a.page.goto(`/messages?conversationID=C2C${B.wtId}`),
      b.page.goto(`/messages?conversationID=C2C${A.wtId}`),
    ]);
    const msgA = a.page.getByTestId('message').filter({ hasText: '今晚一起吃饭吗？' });
    const msgB = b.page.getByTestId('message').filter({ hasText: '今晚一起吃饭吗？' });
    await msgB.waitFor();
    await msgA.getByTestId('bubble').click({ button: 'right' });
    await a.page.getByTestId('message-menu').getByRole('menuitem', { name: '回应' }).click();
    await a.page.getByTestId('reaction-picker').getByRole('menuitem', { name: '👍' }).click();
    const chipA = msgA.locator('[data-testid="reaction-chip"][data-emoji="👍"]');
    await chipA.and(a.page.locator('[aria-pressed="true"]')).filter({ hasText: '1' }).waitFor();
    // B sees it live, not as theirs; B adds theirs by clicking the chip: 2 on both sides.
    const chipB = msgB.locator('[data-testid="reaction-chip"][data-emoji="👍"]');
    await chipB.and(b.page.locator('[aria-pressed="false"]')).filter({ hasText: '1' }).waitFor();
    await chipB.click();
    await chipB.and(b.page.locator('[aria-pressed="true"]')).filter({ hasText: '2' }).waitFor();
    await chipA.filter({ hasText: '2' }).waitFor();
    await expectAccessible(a.page, 'reactions');
    await shot(a.page, 'reactions');
    // A takes theirs back.
    await chipA.click();
    await chipB.and(b.page.locator('[aria-pressed="true"]')).filter({ hasText: '1' }).waitFor();
    // After a reload the chips come with the messages themselves (reactionList).
    await a.page.reload();
    await chipA.and(a.page.locator('[aria-pressed="false"]')).filter({ hasText: '1' }).waitFor();
  });

  it('20007: a refused send offers a friend application', async () => {
    const { A, B } = await pair(h);
    await api(h.server, '/user/friendBlack/add', { token: B.token, body: { friendWtId: A.wtId } });
    const a = await h.open({ login: A.login, viewport: DESKTOP });
    await a.page.goto(`/messages?conversationID=C2C${B.wtId}`);
    await a.page.getByTestId('composer-input').fill('还在吗？');
    await a.page.getByTestId('composer-input').press('Enter');
    await a.page
      .getByTestId('message')
      .filter({ hasText: '还在吗？' })
      .getByTestId('message-failed')
      .waitFor();
    await a.page.getByText('对方已将你删除或拉黑。是否发送好友申请？').waitFor();
    await a.page.getByRole('button', { name: '发送好友申请' }).click();
    await a.page.getByTestId('apply-form').waitFor();
  });

  it('compose: send a location typed by hand and recommend a friend’s name card (推荐成功)', async () => {
    const { A, B } = await pair(h);
    const C = await registerUser(h.server, { nickName: '成华' });
    await befriend(h, A, C);
    const a = await h.open({ login: A.login, viewport: DESKTOP });
    const b = await h.open({ login: B.login, viewport: DESKTOP });
    await Promise.all([
      a.page.goto(`/messages?conversationID=C2C${B.wtId}`),
      b.page.goto(`/messages?conversationID=C2C${A.wtId}`),
    ]);
    await a.page.getByTestId('tool-location').click();
    await a.page.getByTestId('location-title').fill('人民广场');
    await a.page.getByTestId('location-detail').fill('上海市黄浦区');
    await a.page.getByTestId('location-lat').fill('91');
    await a.page.getByTestId('location-lng').fill('121.47');
    await a.page.getByTestId('location-send').click();
    await a.page.getByRole('alert').filter({ hasText: '请输入有效的经纬度' }).waitFor();
    await a.page.getByTestId('location-lat').fill('31.23');
    await a.page.getByTestId('location-send').click();
    await b.page.getByTestId('message').filter({ hasText: '人民广场' }).waitFor();

    await a.page.getByTestId('tool-namecard').click();
    await a.page.getByTestId('picker-row').filter({ hasText: '成华' }).click();
    await a.page.getByTestId('picker-done').click();
    await a.page.getByText('推荐成功').waitFor();
    await b.page.getByTestId('message').filter({ hasText: '成华' }).waitFor();
  });

  it('推荐 a friend from their profile card; a note created in favorites and sent to a chat', async () => {
    const { A, B } = await pair(h);
    const C = await registerUser(h.server, { nickName: '成华' });
    await befriend(h, A, C);
    const a = await h.open({ login: A.login, viewport: DESKTOP });
    const b = await h.open({ login: B.login, viewport: DESKTOP });
    await b.page.goto(`/messages?conversationID=C2C${A.wtId}`);
    await a.page.goto('/contacts');
    await a.page.getByTestId('contacts-friend').filter({ hasText: '成华' }).click();
    const card = a.page.locator(`[data-testid="profile-card"][data-wtid="${C.wtId}"]`);
    await card.getByTestId('profile-recommend').click();
    // The picker offers the friends but not 成华 themselves.
    await a.page.getByTestId('picker-row').filter({ hasText: '博文' }).waitFor();
    expect(await a.page.getByTestId('picker-row').filter({ hasText: '成华' }).count()).toBe(0);
    await expectAccessible(a.page, 'recommend picker');
    await a.page.getByTestId('picker-row').filter({ hasText: '博文' }).click();
    await a.page.getByTestId('picker-done').click();
    await a.page.getByText('推荐成功').waitFor();
    await b.page.getByTestId('message').filter({ hasText: '成华' }).waitFor();

    // 新建笔记 in favorites, then 发送给朋友: B gets a note message.
    await a.page.goto('/favorites');
    await a.page.getByTestId('favorites-new-note').click();
    await a.page.getByTestId('note-save').click();
    await a.page.getByRole('alert').filter({ hasText: '请输入标题或内容' }).waitFor();
    await a.page.getByTestId('note-title').fill('周会纪要');
    await a.page.getByTestId('note-text').fill('一、上线时间定在周五\n二、回归测试周四完成');
    await expectAccessible(a.page, 'note editor');
    await a.page.getByTestId('note-save').click();
    const noteRow = a.page.getByTestId('favorite-page-row').filter({ hasText: '周会纪要' });
    await noteRow.getByRole('checkbox').check();
    await a.page.getByTestId('favorites-send-chat').click();
    await a.page.getByTestId('favorites-target').filter({ hasText: '博文' }).click();
    await b.page.getByTestId('note-bubble').filter({ hasText: '周会纪要' }).waitFor();
  });

  it('on a phone: the tab panel, the pinned bar and the phrases popup fit and pass axe', async () => {
    const { A, B } = await pair(h);
    const m = await sendApi(h, B, A, '明早八点出发');
    await api(h.server, '/user/userConfig/update', { token: A.token, body: { dailyWordSwitch: 1 } });
    await api(h.server, '/userDailyWord/add', { token: A.token, body: { word: '收到，马上到' } });
    await api(h.server, '/sessionGroup/add', {
      token: A.token,
      body: { groupName: '出行', relationList: [] },
    });
    await api(h.server, '/user/c2cTop/add', {
      token: A.token,
      body: { toUserWtId: B.wtId, senderWtId: B.wtId, msgId: m.ID, msgContent: '明早八点出发' },
    });
    const a = await h.open({ login: A.login, viewport: PHONE });
    const fits = async (testId: string) => {
      const box = (await a.page.getByTestId(testId).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    };
    await a.page.goto('/messages');
    await row(a.page, B).waitFor();
    await a.page.getByTestId('tab-more').click();
    await a.page.getByTestId('tab-menu-manage').click();
    await a.page.getByTestId('session-groups-manage').getByTestId('session-group-row').first().waitFor();
    await fits('session-groups-manage');
    await expectAccessible(a.page, 'manage groups on a phone');
    await shot(a.page, 'tabs-panel-phone');
    await a.page.getByTestId('session-groups-done').click();

    await a.page.goto(`/messages?conversationID=C2C${B.wtId}`);
    await a.page.getByTestId('pinned-bar').getByText('明早八点出发').waitFor();
    await fits('pinned-bar');
    await expectAccessible(a.page, 'pinned bar on a phone');
    await shot(a.page, 'pinned-bar-phone');

    await a.page.getByTestId('composer-more').click();
    await a.page.getByTestId('tool-quick-phrases').click();
    await a.page.getByTestId('quick-phrase').filter({ hasText: '收到，马上到' }).waitFor();
    await fits('quick-phrases-popup');
    await expectAccessible(a.page, 'quick phrases on a phone');
    await shot(a.page, 'quick-phrases-phone');
  });
});

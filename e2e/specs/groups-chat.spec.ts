import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { GroupInfo } from '@parley/protocol';
import { expectAccessible } from '../harness/a11y';
import { api, registerUser, type TestUser } from '../harness/api';
import { SCREENSHOTS_DIR } from '../harness/paths';
import { useHarness } from '../harness/setup';
import { befriend, DESKTOP, PHONE, typeAndSend } from './messages-helpers';

const h = useHarness({ name: 'groups-chat' });

const shot = (page: Page, name: string) =>
  page.screenshot({
    path: join(SCREENSHOTS_DIR, `groups-chat-${name}.png`),
    style: '[data-testid="toast"]{visibility:hidden}',
    animations: 'disabled',
  });

const groupApi = <T = unknown>(user: TestUser, path: string, body: object) =>
  api<T>(h.server, path, { token: user.token, body });

const groupRow = (page: Page, id: string) =>
  page.locator(`[data-testid="conversation-row"][data-id="${id}"]`);

async function openGroup(page: Page, id: string): Promise<void> {
  await groupRow(page, id).click();
  await page.locator(`[data-testid="chat"][data-id="${id}"]`).waitFor();
}

/** Leaves the chat for the bare list (what arrives then stays unread). */
async function toList(page: Page): Promise<void> {
  await page.goto('/messages');
  await page.getByTestId('chat-placeholder').waitFor();
}

const tip = (page: Page, text: string) =>
  page.getByTestId('message-list').getByTestId('group-tip').filter({ hasText: text });

const bubble = (page: Page, text: string) =>
  page.getByTestId('message-list').getByTestId('message').filter({ hasText: text });

async function blocked(page: Page, text: string): Promise<void> {
  await page.getByTestId('composer-blocked').filter({ hasText: text }).waitFor();
}

describe('group chat: owner, admin and member in three browsers', () => {
  it('create, invite, apply and approve, live messages, @mentions, mutes, read counts, admin revoke, transfer, quit and disband', async () => {
    mkdirSync(SCREENSHOTS_DIR, { recursive: true });
    const owner = await registerUser(h.server, { nickName: '群主老王' });
    const admin = await registerUser(h.server, { nickName: '管理小李' });
    const member = await registerUser(h.server, { nickName: '成员小张' });
    const applicant = await registerUser(h.server, { nickName: '申请小赵' });
    await befriend(h, owner, admin);
    await befriend(h, owner, member);

    // Created with the admin; the admin is made admin; the group is in both lists with its tips.
    const group = await groupApi<GroupInfo>(owner, '/user/groupchat/add', {
      groupName: '周末徒步',
      groupNotice: '周六早上八点在北门集合，记得带水',
      wtIds: [admin.wtId],
    });
    const id = `GROUP${group.groupNumber}`;
    await groupApi(owner, '/user/groupchat/admin/addOrRemove', {
      groupNumber: group.groupNumber,
      wtIds: [admin.wtId],
      identity: 2,
    });
    const { page: po } = await h.open({ login: owner.login, viewport: DESKTOP });
    const { page: pa } = await h.open({ login: admin.login, viewport: DESKTOP });
    const { page: pm } = await h.open({ login: member.login, viewport: DESKTOP });
    await Promise.all([po.goto('/messages'), pa.goto('/messages'), pm.goto('/messages')]);
    await po.getByTestId('tab-group').click();
    await groupRow(po, id).filter({ hasText: '周末徒步' }).waitFor();
    await openGroup(po, id);
    await po.getByTestId('chat-title').filter({ hasText: '周末徒步' }).waitFor();
    await po.getByTestId('chat-member-count').filter({ hasText: '2名成员' }).waitFor();
    await po.getByTestId('group-notice-bar').filter({ hasText: '周六早上八点在北门集合' }).waitFor();
    await tip(po, '你创建了群聊').waitFor();
    await openGroup(pa, id);

    // Invite: the member's list gains the group live; the others see the tip and the new count.
    await groupApi(owner, '/user/groupchat/member/batchInvite', {
      groupNumber: group.groupNumber,
      wtIds: [member.wtId],
    });
    await tip(po, '你邀请成员小张加入了群聊').waitFor();
    await tip(pa, '群主老王邀请成员小张加入了群聊').waitFor();
    await po.getByTestId('chat-member-count').filter({ hasText: '3名成员' }).waitFor();
    await groupRow(pm, id).waitFor();

    // Apply and approve: joining needs approval now; the admin approves; everyone sees the join.
    await groupApi(owner, '/user/groupchat/edit', { groupNumber: group.groupNumber, confirminviteSwitch: 1 });
    const applied = await groupApi<{ joined: number }>(applicant, '/user/groupchat/member/activeJoin', {
      groupNumber: group.groupNumber,
      applyMessage: '想一起去',
    });
    expect(applied.joined).toBe(0);
    const applies = await groupApi<{ rows: Array<{ id: number; userID: string }> }>(
      admin,
      '/user/groupNotice/joinApplyList',
      { pageSize: 20 },
    );
    const application = applies.rows.find((r) => r.userID === applicant.wtId)!;
    await groupApi(admin, '/user/groupchat/member/audit', { id: application.id, auditStatus: 1 });
    await tip(po, '申请小赵加入了群聊').waitFor();
    await tip(pa, '申请小赵加入了群聊').waitFor();
    await po.getByTestId('chat-member-count').filter({ hasText: '4名成员' }).waitFor();

    // Live: the member writes; owner and admin see it with the sender's name and avatar.
    await openGroup(pm, id);
    await typeAndSend(pm, '大家好，我是小张');
    await bubble(po, '大家好，我是小张')
      .getByTestId('message-sender')
      .filter({ hasText: '成员小张' })
      .waitFor();
    await bubble(pa, '大家好，我是小张').waitFor();
    // The avatar opens the member's profile popup.
    await bubble(po, '大家好，我是小张').getByTestId('profile-avatar').click();
    await po.getByTestId('profile-card').waitFor();
    await po.keyboard.press('Escape');
    await expectAccessible(po, 'groups: chat');

    // @mention: the member is on the list; the owner types '@', the list (所有人 first for managers,
    // never the owner), keyboard to the member, and sends. The member sees [有人@我] and the @我 tab.
    await toList(pm);
    const input = po.getByTestId('composer-input');
    await input.click();
    await input.pressSequentially('@');
    const options = po.getByTestId('mention-option');
    await options.first().waitFor();
    expect(await options.evaluateAll((els) => els.map((e) => e.getAttribute('data-id')))).toEqual([
      'all',
      admin.wtId,
      member.wtId,
      applicant.wtId,
    ]);
    await input.pressSequentially('成');
    await po.getByTestId('mention-list').filter({ hasText: '成员小张' }).waitFor();
    expect(await options.count()).toBe(1);
    await input.press('Backspace');
    await options.nth(3).waitFor();
    await input.press('ArrowDown');
    await input.press('ArrowDown');
    await shot(po, 'mention');
    await input.press('Enter');
    expect(await input.inputValue()).toBe('@成员小张 ');
    await input.pressSequentially('周六别迟到');
    await input.press('Enter');
    await bubble(po, '@成员小张 周六别迟到').and(po.locator('[data-status="success"]')).waitFor();
    await groupRow(pm, id).getByTestId('conversation-at').filter({ hasText: '[有人@我]' }).waitFor();
    await pm.getByTestId('tab-atMe').click();
    await groupRow(pm, id).waitFor();
    await shot(pm, 'list');
    await openGroup(pm, id);
    await groupRow(pm, id).waitFor({ state: 'detached' }); // read: no longer in @我
    await pm.getByTestId('tab-all').click();

    // A member types '@': no 所有人 for ordinary members.
    await pm.getByTestId('composer-input').pressSequentially('@');
    await pm.getByTestId('mention-option').first().waitFor();
    expect(await pm.locator('[data-testid="mention-option"][data-id="all"]').count()).toBe(0);
    await pm.getByTestId('composer-input').press('Escape');
    await pm.getByTestId('composer-input').fill('');

    // Mute the member (admin), live: '您已被禁言'; unmute brings the composer back. Mute-all: only
    // the ordinary member sees '全员禁言中'; the admin keeps the composer.
    await groupApi(admin, '/user/groupchat/admin/batchMuted', {
      groupNumber: group.groupNumber,
      wtIds: [member.wtId],
      muteTime: 600,
    });
    await blocked(pm, '您已被禁言');
    // Counts of an own message asked again on opening: owner and admin read '大家好' live.
    await bubble(pm, '大家好，我是小张')
      .getByTestId('group-read-marker')
      .and(pm.locator('[data-state="some"]'))
      .waitFor();
    await shot(pm, 'muted');
    await groupApi(admin, '/user/groupchat/admin/batchMuted', {
      groupNumber: group.groupNumber,
      wtIds: [member.wtId],
      muteTime: 0,
    });
    await pm.getByTestId('composer-input').waitFor();
    await groupApi(owner, '/user/groupchat/edit', { groupNumber: group.groupNumber, bannedSwitch: 1 });
    await blocked(pm, '全员禁言中');
    expect(await pa.getByTestId('composer-input').count()).toBe(1);
    await groupApi(owner, '/user/groupchat/edit', { groupNumber: group.groupNumber, bannedSwitch: 0 });
    await pm.getByTestId('composer-input').waitFor();

    // Group read counts: admin and member away; the owner's message is unread, then some, then all read.
    await Promise.all([toList(pa), toList(pm)]);
    await typeAndSend(po, '收到请回复');
    const receipt = bubble(po, '收到请回复').getByTestId('group-read-marker');
    await receipt.and(po.locator('[data-state="none"]')).waitFor();
    await openGroup(pa, id);
    await receipt.and(po.locator('[data-state="some"]')).waitFor();
    expect(await receipt.textContent()).toBe('1人已读');
    await receipt.click();
    await po.getByTestId('read-panel').waitFor();
    await po.getByTestId('read-tab-read').filter({ hasText: '已读（1）' }).waitFor();
    await po.locator(`[data-testid="read-member"][data-id="${admin.wtId}"]`).waitFor();
    await po.getByTestId('read-tab-unread').click();
    await po.locator(`[data-testid="read-member"][data-id="${member.wtId}"]`).waitFor();
    await shot(po, 'read-panel');
    await expectAccessible(po, 'groups: read panel');
    await po.keyboard.press('Escape');
    await openGroup(pm, id);
    await groupApi(applicant, '/conversation/read', { conversationID: id });
    await receipt.and(po.locator('[data-state="all"]')).waitFor();
    expect(await receipt.textContent()).toBe('全部已读');
    await po.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await shot(po, 'window');

    // Admin revoke: everything the member sent, '该条消息已被撤回' on all three screens.
    await typeAndSend(pm, '第二条消息');
    await bubble(pa, '第二条消息').waitFor();
    await bubble(pa, '第二条消息').getByTestId('bubble').click({ button: 'right' });
    await pa.getByTestId('message-menu').getByText('撤回此消息').waitFor();
    await pa.getByTestId('message-menu').getByText('撤回所有成员小张发送的消息').click();
    await pa.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    for (const p of [po, pa, pm]) {
      await bubble(p, '第二条消息').waitFor({ state: 'detached' });
      await bubble(p, '大家好，我是小张').waitFor({ state: 'detached' });
      expect(
        await p.getByTestId('revoked-line').filter({ hasText: '该条消息已被撤回' }).count(),
      ).toBeGreaterThanOrEqual(2);
    }
    await groupRow(pm, id).locator('.cv-row__last').filter({ hasText: '该条消息已被撤回' }).waitFor();
    // Revoked by an administrator: no 重新编辑 for the sender.
    expect(await pm.getByTestId('reedit').count()).toBe(0);
    await shot(pm, 'revoked');

    // Transfer: the owner hands the group to the admin; everyone sees it.
    await groupApi(owner, '/user/groupchat/transfer', { groupNumber: group.groupNumber, wtId: admin.wtId });
    await tip(pm, '群主老王已将群主转让给管理小李').waitFor();
    await tip(pa, '群主老王已将群主转让给你').waitFor();

    // Quit: the former owner leaves: their composer says so (state 8); the others see the tip.
    await groupApi(owner, '/user/groupchat/member/quit', { groupNumber: group.groupNumber });
    await blocked(po, '您已退出该群聊');
    await tip(pm, '群主老王退出了群聊').waitFor();
    await pm.getByTestId('chat-member-count').filter({ hasText: '3名成员' }).waitFor();

    // Disband: the new owner dissolves; the member's composer shows state 5.
    await groupApi(admin, '/user/groupchat/remove', { groupNumber: group.groupNumber });
    await blocked(pm, '该群聊已被解散');
    await blocked(pa, '该群聊已被解散');
    expect(await pm.getByTestId('chat-group-panel').count()).toBe(0);
    // Read on screen: no unread left in the row after the dissolution.
    await groupRow(pm, id).getByTestId('conversation-badge').waitFor({ state: 'detached' });
    await shot(pm, 'dissolved');
    // Phone: the group chat fills the screen, header and notice on one line each.
    await pa.setViewportSize(PHONE);
    await pa.getByTestId('chat-back').waitFor();
    await shot(pa, 'phone');
  });
});

import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { GroupApplication, GroupInfo, Page as ListPage } from '@parley/protocol';
import { api, registerUser } from '../harness/api';
import { expectAccessible } from '../harness/a11y';
import { SCREENSHOTS_DIR } from '../harness/paths';
import { useHarness } from '../harness/setup';
import { loginWithPhone } from '../harness/ui';
import { openPanel, shot, waitToast } from './groups-helpers';
import { befriend } from './messages-helpers';

const h = useHarness({ name: 'groups' });

async function pick(page: Page, ids: string[]): Promise<void> {
  await page.getByTestId('people-picker').waitFor();
  for (const id of ids) await page.locator(`[data-testid="picker-row"][data-id="${id}"]`).click();
  await page.getByTestId('picker-done').click();
}

describe('groups: owner, admin and member in three browsers', () => {
  it('create from the plus menu, roles, mute, notice, join approval, transfer, quit and disband — live on every side', async () => {
    mkdirSync(SCREENSHOTS_DIR, { recursive: true });
    const owner = await registerUser(h.server, { nickName: '群主老王' });
    const admin = await registerUser(h.server, { nickName: '管理小李' });
    const member = await registerUser(h.server, { nickName: '成员小张' });
    const outsider = await registerUser(h.server, { nickName: '路人甲' });
    await befriend(h, owner, admin);
    await befriend(h, owner, member);

    const { page: po } = await h.open({ login: owner.login });
    const { page: pa } = await h.open({ login: admin.login });
    const { page: pm } = await h.open({ login: member.login });

    // Owner: + → 发起群聊 → pick two friends → 添加群聊 (name validated) → created, its chat opens.
    await po.goto('/contacts');
    await po.getByTestId('contacts-page').waitFor();
    await po.getByTestId('contacts-plus').click();
    await po.getByTestId('contacts-plus-start-group').click();
    await pick(po, [admin.wtId, member.wtId]);
    await po.getByTestId('group-create-submit').click();
    expect(await po.getByTestId('group-create-error').textContent()).toBe('群名称不能为空');
    await po.getByTestId('group-create-name').fill('周末徒步');
    await po.getByTestId('group-create-submit').click();
    await waitToast(po, '群组创建成功');
    // The new group's chat opens; its panel opens from the chat header.
    await po.locator('[data-testid="chat"][data-id^="GROUP"]').waitFor();
    await po.getByTestId('chat-group-panel').click();
    await po.getByTestId('group-panel').waitFor();
    const groupNumber = (await po.getByTestId('group-number').textContent())!.trim();
    expect(groupNumber).toMatch(/^\d{8}$/);
    expect(await po.getByTestId('group-member-grid').locator('li').count()).toBe(5); // 3 members + invite + remove
    expect(await po.getByTestId('group-notice').textContent()).toBe('未设置');

    // Member and admin see it in contacts 群聊; an ordinary member has no 群管理 and no remove slot.
    await openPanel(pm, groupNumber);
    expect(await pm.getByTestId('group-manage').count()).toBe(0);
    expect(await pm.getByTestId('group-remove').count()).toBe(0);
    expect(await pm.getByTestId('group-leave').textContent()).toBe('删除并退出');
    await openPanel(pa, groupNumber);

    // Owner: 群管理 → 设置管理员 → 1/20; the admin's panel gains 群管理 live.
    await po.getByTestId('group-manage').click();
    await po.getByTestId('group-admins').click();
    await pick(po, [admin.wtId]);
    await po.getByTestId('group-admins-count').filter({ hasText: '1/20' }).waitFor();
    await pa.getByTestId('group-manage').waitFor();
    await shot(po, 'manage');
    await expectAccessible(po, 'group-manage');

    // Admin: mutes the member for 10 minutes, and the owner's 群管理 lists it live; then unmutes.
    await pa.getByTestId('group-manage').click();
    await pa.getByTestId('group-mutes').click();
    await pick(pa, [member.wtId]);
    await pa.getByTestId('group-mute-confirm').click();
    await po.getByTestId(`group-muted-${member.wtId}`).waitFor();
    await pa.getByTestId(`group-unmute-${member.wtId}`).click();
    await pa.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await po.getByTestId(`group-muted-${member.wtId}`).waitFor({ state: 'detached' });

    // Admin edits the notice (150 in the panel), the member reads it live.
    await pa.getByTestId('group-manage-back').click();
    await pa.getByTestId('group-notice-edit').click();
    await pa.getByTestId('group-notice-input').fill('告'.repeat(151));
    await pa.getByTestId('group-notice-save').click();
    expect(await pa.getByTestId('group-notice-error').textContent()).toBe(
      '群公告字数超出限制，最大长度为150',
    );
    await pa.getByTestId('group-notice-input').fill('周六早上八点集合');
    await pa.getByTestId('group-notice-save').click();
    await pm.getByTestId('group-notice').filter({ hasText: '周六早上八点集合' }).waitFor();

    // Owner requires approval; an outsider applies; the admin's drawer: agree fades it out and closes.
    await po.getByTestId('group-join-switch').selectOption('1');
    await waitToast(po, '保存成功');
    const applied = await api<{ joined: number }>(h.server, '/user/groupchat/member/activeJoin', {
      token: outsider.token,
      body: { groupNumber, applyMessage: '想一起去' },
    });
    expect(applied.joined).toBe(0);
    await pa.getByTestId('group-applies-entry').click();
    await pa.getByTestId('group-applies-banner').filter({ hasText: '1条入群申请待处理' }).waitFor();
    await shot(pa, 'drawer');
    await expectAccessible(pa, 'group-drawer');
    await pa.getByTestId(`group-agree-${outsider.wtId}`).click();
    await pa.getByTestId('group-applies').waitFor({ state: 'detached' });
    await pm.getByTestId(`group-member-${outsider.wtId}`).waitFor();
    await shot(pm, 'panel');
    await expectAccessible(pm, 'group-panel');

    // Owner transfers to the admin (confirmation text), becomes an ordinary member, quits.
    await po.getByTestId('group-transfer').click();
    await pick(po, [admin.wtId]);
    const dialog = po.getByRole('dialog').filter({ hasText: '转让群主' });
    expect(await dialog.textContent()).toContain(
      '管理小李将成为该群新群主，选择确认后你将立即失去群主身份，且无法恢复',
    );
    await dialog.getByRole('button', { name: '确定' }).click();
    await waitToast(po, '转让成功');
    await pa.getByTestId('group-leave').filter({ hasText: '解散群聊' }).waitFor();
    // No longer a manager: the panel leaves 群管理 by itself.
    await po.getByTestId('group-manage-back').waitFor({ state: 'detached' });
    await po.getByTestId('group-leave').filter({ hasText: '删除并退出' }).click();
    await po.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await waitToast(po, '退出成功');
    await po.getByTestId('group-panel').waitFor({ state: 'detached' });

    // The new owner disbands; the member's panel closes and the group leaves their list.
    await pa.getByTestId('group-leave').click();
    await pa.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await waitToast(pa, '解散成功');
    await pm.getByTestId('group-panel').waitFor({ state: 'detached' });
    await pm.getByTestId(`group-row-${groupNumber}`).waitFor({ state: 'detached' });
    expect(await api<GroupInfo[]>(h.server, '/user/groupchat/list', { token: member.token })).toEqual([]);
  });

  it('the QR page /h5/group/{n} joins a signed-in user; the new member reports the group from the panel', async () => {
    const owner = await registerUser(h.server, { nickName: '群主老赵' });
    const scanner = await registerUser(h.server, { nickName: '扫码小孙' });
    const group = await api<GroupInfo>(h.server, '/user/groupchat/add', {
      token: owner.token,
      body: { groupName: '读书会', wtIds: [] },
    });
    // A new group asks for approval; this one lets anyone in.
    await api(h.server, '/user/groupchat/edit', {
      token: owner.token,
      body: { groupNumber: group.groupNumber, confirminviteSwitch: 0 },
    });
    const { page } = await h.open({ login: scanner.login });
    await page.goto(`/h5/group/${group.groupNumber}`);
    await page.getByTestId('group-join').click();
    await page.getByTestId('group-join-done').waitFor();

    // The new member reports the group: type, description, one png.
    await openPanel(page, group.groupNumber);
    await page.getByTestId('group-report-open').click();
    await page.getByTestId('report-submit').click();
    expect(await page.getByTestId('report-error').textContent()).toBe('请选择举报类型');
    await page.getByTestId('report-form').getByRole('radio').first().check();
    await page.getByTestId('report-detail').fill('群里有人发广告');
    await page.getByTestId('report-submit').click();
    expect(await page.getByTestId('report-error').textContent()).toBe('请上传举报图片');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    await page
      .getByTestId('report-images')
      .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: png });
    await page.getByText('图片证据（1/5）').waitFor();
    await page.getByTestId('report-submit').click();
    await waitToast(page, '感谢反馈，我们将尽快核实处理');
  });

  it('the QR page on a phone for a guest: sign in, come back, apply to a group that needs approval', async () => {
    const owner = await registerUser(h.server, { nickName: '群主老孙' });
    const guest = await registerUser(h.server, { nickName: '访客小吕' });
    const group = await api<GroupInfo>(h.server, '/user/groupchat/add', {
      token: owner.token,
      body: { groupName: '夜跑团', wtIds: [] },
    });
    const { page } = await h.open({ viewport: { width: 390, height: 844 } });
    await page.goto(`/h5/group/${group.groupNumber}`);
    await page.getByTestId('group-join-login').click();
    await page.waitForURL(/\/login\?redirect=/);
    await loginWithPhone(page, guest.phone, guest.pwd);
    await page.waitForURL(`**/h5/group/${group.groupNumber}`);
    await page.getByText('夜跑团').waitFor();
    await page.getByText('加入需群管理员审批').waitFor();
    await page.getByTestId('group-join').filter({ hasText: '申请加入' }).waitFor();
    await shot(page, 'h5-join');
    await expectAccessible(page, 'h5 group join page');
    await page.getByTestId('group-join').click();
    await page.getByTestId('group-join-sent').waitFor();
    const applies = await api<ListPage<GroupApplication>>(h.server, '/user/groupNotice/joinApplyList', {
      token: owner.token,
      body: {},
    });
    expect(applies.rows[0]).toMatchObject({ userID: guest.wtId, status: 0, groupNumber: group.groupNumber });
  });

  it('join by group ID from contacts 群聊: the card, an application with a message, listed under 我的申请', async () => {
    const owner = await registerUser(h.server, { nickName: '群主老钱' });
    const seeker = await registerUser(h.server, { nickName: '求加小周' });
    const group = await api<GroupInfo>(h.server, '/user/groupchat/add', {
      token: owner.token,
      body: { groupName: '摄影社', wtIds: [] },
    });
    await api(h.server, '/user/groupchat/edit', {
      token: owner.token,
      body: { groupNumber: group.groupNumber, confirminviteSwitch: 1 },
    });
    const { page } = await h.open({ login: seeker.login });
    await page.goto('/contacts?tab=groups');
    await page.getByTestId('group-join-search').fill('99999999');
    await page.getByTestId('group-join-search-btn').click();
    expect(await page.getByTestId('group-join-note').textContent()).toBe('群聊不存在');
    await page.getByTestId('group-join-search').fill(group.groupNumber);
    await page.getByTestId('group-join-search-btn').click();
    await page.getByTestId('group-join-card').filter({ hasText: '摄影社' }).waitFor();
    await page.getByTestId('group-join-message').fill('喜欢拍照');
    await page.getByTestId('group-join-apply').click();
    expect(await page.getByTestId('group-join-note').textContent()).toBe('申请已发送');
    await page.goto('/contacts?tab=notices');
    await page.getByTestId('group-notices-mine').click();
    await page.getByText('摄影社').waitFor();
    await page.getByText('待处理').waitFor();
  });
});

import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { GroupInfo } from '@parley/protocol';
import { api, registerUser } from '../harness/api';
import { expectAccessible } from '../harness/a11y';
import { REPO_ROOT, SCREENSHOTS_DIR } from '../harness/paths';
import { useHarness } from '../harness/setup';
import { openPanel, pngFile as file, shot, waitToast } from './groups-helpers';
import { befriend } from './messages-helpers';

const h = useHarness({ name: 'groups-manage' });

const avatarSrc = (page: Page) => page.getByTestId('group-avatar').locator('img').getAttribute('src');

describe('group management: avatar, QR, member popup, 群管理, reports', () => {
  it('添加群聊 with an uploaded avatar; the owner changes it in the avatar editor and the member sees it live; QR 下载保存', async () => {
    mkdirSync(SCREENSHOTS_DIR, { recursive: true });
    const owner = await registerUser(h.server, { nickName: '群主阿花' });
    const member = await registerUser(h.server, { nickName: '成员阿草' });
    await befriend(h, owner, member);
    const { page: po } = await h.open({ login: owner.login });
    const { page: pm } = await h.open({ login: member.login });

    await po.goto('/contacts');
    await po.getByTestId('contacts-plus').click();
    await po.getByTestId('contacts-plus-start-group').click();
    await po.getByTestId('people-picker').waitFor();
    await po.locator(`[data-testid="picker-row"][data-id="${member.wtId}"]`).click();
    await po.getByTestId('picker-done').click();
    await po.getByTestId('group-create-avatar-file').setInputFiles(file('a.png', [7, 193, 96]));
    await waitToast(po, '上传成功');
    await po.getByTestId('group-create-name').fill('花草园');
    await po.getByTestId('group-create-notice').fill('每周六浇水');
    await shot(po, 'create');
    await expectAccessible(po, 'group create dialog');
    await po.getByTestId('group-create-submit').click();
    await waitToast(po, '群组创建成功');
    // The new group's chat opens; its panel opens from the chat header.
    await po.locator('[data-testid="chat"][data-id^="GROUP"]').waitFor();
    await po.getByTestId('chat-group-panel').click();
    await po.getByTestId('group-panel').waitFor();
    const n = (await po.getByTestId('group-number').textContent())!.trim();
    const first = await avatarSrc(po);
    expect(first).toMatch(/^\/api\/oss\/files\//);
    const info = await api<GroupInfo>(h.server, '/user/groupchat/getInfoById', {
      token: owner.token,
      body: { groupNumber: n },
    });
    expect([info.avatar, info.groupNotice]).toEqual([first, '每周六浇水']);

    // The member sees the avatar but cannot edit it.
    await openPanel(pm, n);
    expect(await avatarSrc(pm)).toBe(first);
    expect(await pm.getByTestId('group-avatar').evaluate((el) => el.tagName)).toBe('DIV');

    // The owner: avatar editor → pick → 保存 → 修改成功; the member's panel follows live.
    await po.getByTestId('group-avatar').click();
    await po.getByTestId('group-avatar-dialog').waitFor();
    expect(await po.getByTestId('group-avatar-save').isDisabled()).toBe(true);
    await po.getByTestId('group-avatar-pick-file').setInputFiles(file('b.png', [250, 157, 59]));
    await waitToast(po, '上传成功');
    await shot(po, 'avatar');
    await expectAccessible(po, 'group avatar editor');
    await po.getByTestId('group-avatar-save').click();
    await waitToast(po, '修改成功');
    await po.getByTestId('group-avatar-dialog').waitFor({ state: 'detached' });
    const second = await avatarSrc(po);
    expect(second).not.toBe(first);
    await pm.waitForFunction(
      (src) => document.querySelector('[data-testid="group-avatar"] img')?.getAttribute('src') === src,
      second,
    );

    await shot(po, 'panel-owner');
    // QR dialog: the text and 下载保存 (a png named after the group).
    await po.getByTestId('group-qr').click();
    const qr = po.getByTestId('group-qr-dialog');
    await qr.getByText('扫一扫二维码，加入群聊').waitFor();
    await qr.locator(`img[alt="${n}"]`).waitFor();
    await shot(po, 'qr');
    await expectAccessible(po, 'group QR dialog');
    const [download] = await Promise.all([
      po.waitForEvent('download'),
      qr.getByRole('link', { name: '下载保存' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`group-${n}.png`);
    // The saved card: a PNG of 640×760 (320×380 at twice the density).
    const saved = await readFile((await download.path())!);
    expect(saved.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect([saved.readUInt32BE(16), saved.readUInt32BE(20)]).toEqual([640, 760]);
  });

  it('member popup: role, how they joined; the friend application names the group (source 5) and member protection refuses it', async () => {
    const owner = await registerUser(h.server, { nickName: '群主老周' });
    const me = await registerUser(h.server, { nickName: '小林' });
    const other = await registerUser(h.server, { nickName: '小吴' });
    // Named in a creation, the owner's friends join at once (others would get an invitation).
    await befriend(h, owner, me);
    await befriend(h, owner, other);
    const g = await api<GroupInfo>(h.server, '/user/groupchat/add', {
      token: owner.token,
      body: { groupName: '读书会', wtIds: [me.wtId, other.wtId] },
    });
    await api(h.server, '/user/groupchat/edit', {
      token: owner.token,
      body: { groupNumber: g.groupNumber, memberProtectSwitch: 1 },
    });
    const { page } = await h.open({ login: me.login });
    await openPanel(page, g.groupNumber);
    await page.getByTestId(`group-member-${other.wtId}`).getByTestId('group-member-open').click();
    const card = page.getByTestId('group-member-card');
    await card.waitFor();
    expect(await card.getByTestId('group-member-role').textContent()).toBe('身份成员');
    expect(await card.getByTestId('group-member-joined').textContent()).toContain('由群主老周邀请加入');
    expect(await card.getByTestId('group-member-nickname').textContent()).toBe('群昵称未设置');
    await card.getByTestId('profile-add').waitFor();
    await shot(page, 'member-card');
    await expectAccessible(page, 'group member popup');

    await card.getByTestId('profile-add').click();
    const reason = page.getByTestId('apply-reason');
    expect(await reason.inputValue()).toBe('我是群聊“读书会”的小林');
    await page.getByTestId('apply-send').click();
    expect(await page.getByTestId('apply-error').textContent()).toBe(
      '该群已开启成员保护，无法添加群成员为好友',
    );
    await page.keyboard.press('Escape');

    // Protection off: the same application goes through, marked as met in a group.
    await api(h.server, '/user/groupchat/edit', {
      token: owner.token,
      body: { groupNumber: g.groupNumber, memberProtectSwitch: 0 },
    });
    await page.getByTestId(`group-member-${other.wtId}`).getByTestId('group-member-open').click();
    await page.getByTestId('group-member-card').getByTestId('profile-add').click();
    await page.getByTestId('apply-send').click();
    await page.getByTestId('apply-form').waitFor({ state: 'detached' });
    const applies = await api<{ rows: Array<{ userID: string; source: number; wording: string }> }>(
      h.server,
      '/userFriends/applyList',
      { token: other.token, body: {} },
    );
    expect(applies.rows.find((a) => a.userID === me.wtId)).toMatchObject({
      source: 5,
      wording: '我是群聊“读书会”的小林',
    });
  });

  it('群管理: 入群限制 validation texts, a user under the level is refused on the QR page, then joins at the level; blacklist with confirmation', async () => {
    const owner = await registerUser(h.server, { nickName: '群主老陈' });
    const member = await registerUser(h.server, { nickName: '捣乱小马' });
    const scanner = await registerUser(h.server, { nickName: '扫码小何' });
    await befriend(h, owner, member);
    const g = await api<GroupInfo>(h.server, '/user/groupchat/add', {
      token: owner.token,
      body: { groupName: '登山队', wtIds: [member.wtId] },
    });
    const n = g.groupNumber;
    // A new group asks for approval; this one lets anyone at the level in.
    await api(h.server, '/user/groupchat/edit', {
      token: owner.token,
      body: { groupNumber: n, confirminviteSwitch: 0 },
    });
    const { page } = await h.open({ login: owner.login });
    await openPanel(page, n);
    await page.getByTestId('group-manage').click();
    await page.getByTestId('group-limit-switch').check();
    const save = async (text: string) => {
      await page.getByTestId('group-limit-input').fill(text);
      await page.getByTestId('group-limit-save').click();
    };
    const error = () => page.getByTestId('group-limit-error').textContent();
    await save('');
    expect(await error()).toBe('请输入限制等级');
    await save('abc');
    expect(await error()).toBe('请输入数字');
    await save('201');
    expect(await error()).toBe('请输入1-200之间的整数');
    await save('0');
    expect(await error()).toBe('请输入1-200之间的整数');
    await save('5');
    await waitToast(page, '保存成功');
    expect(
      (
        await api<GroupInfo>(h.server, '/user/groupchat/getInfoById', {
          token: owner.token,
          body: { groupNumber: n },
        })
      ).limitLevel,
    ).toBe(5);

    const { page: ps } = await h.open({ login: scanner.login });
    await ps.goto(`/h5/group/${n}`);
    await ps.getByText('入群需要等级达到5级').waitFor();
    await ps.getByTestId('group-join').click();
    expect(await ps.getByTestId('group-join-error').textContent()).toBe('等级不足，无法加入该群');
    // The operator grants level 5 (parley member grant); the same page now joins.
    execFileSync(
      process.execPath,
      ['--import', 'tsx', 'src/cli/entry.ts', 'member', 'grant', scanner.wtId, '--level', '5'],
      {
        cwd: join(REPO_ROOT, 'apps/server'),
        env: { ...process.env, PARLEY_DATA_DIR: h.server.dataDir, DATABASE_URL: '' },
      },
    );
    await ps.reload();
    await ps.getByTestId('group-join').click();
    await ps.getByTestId('group-join-done').waitFor();
    await page.getByTestId('group-manage-back').click();
    await page.getByTestId(`group-member-${scanner.wtId}`).waitFor();
    await page.getByTestId('group-manage').click();

    // Blacklist: pick the member, confirm; they leave the group and are listed; 移出 unblocks.
    await page.getByTestId('group-blacklist').click();
    await page.getByTestId('group-black-list').getByText('暂无群黑名单').waitFor();
    await page.getByTestId('group-black-add').click();
    await page.getByTestId('people-picker').waitFor();
    await page.locator(`[data-testid="picker-row"][data-id="${member.wtId}"]`).click();
    await page.getByTestId('picker-done').click();
    const ask = page.getByRole('dialog').filter({ hasText: '移出群聊并加入群黑名单' });
    await ask.getByRole('button', { name: '确定' }).click();
    await page.getByTestId(`group-black-${member.wtId}`).waitFor();
    await shot(page, 'blacklist');
    await expectAccessible(page, 'group blacklist');
    const rejoin = await fetch(`${h.server.url}/api/user/groupchat/member/activeJoin`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ groupNumber: n }),
    }).then((r) => r.json() as Promise<{ code: number }>);
    expect(rejoin.code).toBe(22005);
    await page.getByTestId(`group-unblock-${member.wtId}`).click();
    await page.getByTestId(`group-black-${member.wtId}`).waitFor({ state: 'detached' });
  });

  it('共同群聊 from a profile opens the panel; the name is cleared and saved on blur; chat settings: mute, fold only while muted, clear history', async () => {
    const owner = await registerUser(h.server, { nickName: '群主小冯' });
    const friend = await registerUser(h.server, { nickName: '好友小卫' });
    await befriend(h, owner, friend);
    const g = await api<GroupInfo>(h.server, '/user/groupchat/add', {
      token: owner.token,
      body: { groupName: '羽毛球', wtIds: [friend.wtId] },
    });
    const n = g.groupNumber;
    const conversationID = `GROUP${n}`;
    await api(h.server, '/message/send', {
      token: friend.token,
      body: { conversationID, clientMsgId: 'gm-1', type: 'text', payload: { text: '周末打球' } },
    });
    const { page } = await h.open({ login: owner.login });
    await page.goto(`/contacts?tab=friend&id=${friend.wtId}`);
    await page.getByTestId('profile-common-groups').filter({ hasText: '1个' }).click();
    await page.getByTestId('common-groups').waitFor();
    await shot(page, 'profile-common');
    await page.getByTestId(`common-group-${n}`).click();
    await page.getByTestId('group-panel').waitFor();

    // The name: × empties the field (no save), a new name is saved on blur.
    await page.getByTestId('group-name-clear').click();
    expect(await page.getByTestId('group-name').inputValue()).toBe('');
    await page.getByTestId('group-name').fill('羽毛球俱乐部');
    await page.getByTestId('group-name').blur();
    await waitToast(page, '修改成功');
    await page.getByTestId('group-panel').getByRole('heading', { name: '羽毛球俱乐部（2名成员）' }).waitFor();

    type Conv = { isMuted: boolean; markList: number[] };
    const conv = () =>
      api<Conv>(h.server, '/conversation/get', { token: owner.token, body: { conversationID } });
    expect(await page.getByTestId('group-chat-archive').count()).toBe(0);
    await page.getByTestId('group-chat-mute').check();
    await page.getByTestId('group-chat-archive').check();
    await waitToast(page, '已归档，新消息将不再提醒');
    await expect.poll(async () => (await conv()).markList).toContain(4);
    expect((await conv()).isMuted).toBe(true);
    await shot(page, 'panel-chat-settings');
    // Unmuting takes the chat out of the fold too, and the fold switch goes away.
    await page.getByTestId('group-chat-mute').uncheck();
    await page.getByTestId('group-chat-archive').waitFor({ state: 'detached' });
    await expect.poll(async () => (await conv()).markList).not.toContain(4);

    await page.getByTestId('group-chat-clear').click();
    await page
      .getByRole('dialog')
      .filter({ hasText: '确定清空该群聊的全部聊天记录吗？' })
      .getByRole('button', { name: '确定' })
      .click();
    await waitToast(page, '清空聊天记录成功');
    const history = await api<{ messages: unknown[] }>(h.server, '/message/history', {
      token: owner.token,
      body: { conversationID },
    });
    expect(history.messages).toEqual([]);
  });

  it('reports a user from the friend menu: validations, thumbnails, 感谢反馈; the operator lists it', async () => {
    const me = await registerUser(h.server, { nickName: '举报人小郑' });
    const bad = await registerUser(h.server, { nickName: '骗子老王' });
    await befriend(h, me, bad);
    const { page } = await h.open({ login: me.login });
    await page.goto(`/contacts?tab=friend&id=${bad.wtId}`);
    await page.getByTestId('profile-card').waitFor();
    await page.getByTestId('friend-menu-button').click();
    await page.getByTestId('menu-report').click();
    const form = page.getByTestId('report-form');
    await form.waitFor();
    expect(await page.getByRole('dialog').getByRole('heading').textContent()).toBe('举报 骗子老王');
    await page.getByTestId('report-submit').click();
    expect(await page.getByTestId('report-error').textContent()).toBe('请选择举报类型');
    await form.getByRole('radio', { name: '存在欺诈骗钱行为' }).check();
    await page.getByTestId('report-submit').click();
    expect(await page.getByTestId('report-error').textContent()).toBe('请填写举报描述');
    await page.getByTestId('report-detail').fill('字'.repeat(501));
    expect(await page.getByTestId('report-count').textContent()).toBe('501/500');
    await page.getByTestId('report-submit').click();
    expect(await page.getByTestId('report-error').textContent()).toBe('举报描述不能超过500个字符');
    await page.getByTestId('report-detail').fill('他冒充客服骗我转账');
    await page.getByTestId('report-submit').click();
    expect(await page.getByTestId('report-error').textContent()).toBe('请上传举报图片');
    await page.getByTestId('report-images').setInputFiles({
      name: 'x.gif',
      mimeType: 'image/gif',
      buffer: Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'),
    });
    expect(await page.getByTestId('report-error').textContent()).toBe('仅支持png、jpeg格式的图片');
    await page
      .getByTestId('report-images')
      .setInputFiles([file('1.png', [220, 60, 60]), file('2.png', [60, 120, 220])]);
    await form.getByText('图片证据（2/5）').waitFor();
    await shot(page, 'report-user');
    await expectAccessible(page, 'user report dialog');
    await page.getByTestId('report-image-remove').first().click();
    await form.getByText('图片证据（1/5）').waitFor();
    await page.getByTestId('report-submit').click();
    await waitToast(page, '感谢反馈，我们将尽快核实处理');
    await form.waitFor({ state: 'detached' });

    const listed = execFileSync(process.execPath, ['--import', 'tsx', 'src/cli/entry.ts', 'reports'], {
      cwd: join(REPO_ROOT, 'apps/server'),
      env: { ...process.env, PARLEY_DATA_DIR: h.server.dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    expect(listed).toContain(`${me.wtId} → user ${bad.wtId} type 2`);
    expect(listed).toContain('他冒充客服骗我转账');
  });
});

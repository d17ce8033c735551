import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { GroupInfo, GroupInvitation } from '@parley/protocol';
import { api, registerUser } from '../harness/api';
import { expectAccessible } from '../harness/a11y';
import { SCREENSHOTS_DIR } from '../harness/paths';
import { useHarness } from '../harness/setup';
import { shot, waitToast } from './groups-helpers';
import { PHONE } from './messages-helpers';

const h = useHarness({ name: 'group-invitations' });

describe('join invitations (someone who is not your friend puts you in a group)', () => {
  it('the invited user sees it live under 群通知 → 入群邀请, accepts one and declines the other', async () => {
    mkdirSync(SCREENSHOTS_DIR, { recursive: true });
    const stranger = await registerUser(h.server, { nickName: '陌生人老马' });
    const me = await registerUser(h.server, { nickName: '被邀请的小林' });
    const { page } = await h.open({ login: me.login });
    await page.goto('/contacts?tab=notices');
    await page.getByTestId('group-notices-invitations').click();
    await page.getByText('暂无入群邀请').waitFor();

    const hiking = await api<GroupInfo>(h.server, '/user/groupchat/add', {
      token: stranger.token,
      body: { groupName: '周末徒步', wtIds: [me.wtId] },
    });
    const chess = await api<GroupInfo>(h.server, '/user/groupchat/add', {
      token: stranger.token,
      body: { groupName: '象棋社', wtIds: [me.wtId] },
    });
    // Not a member: the groups were created with the stranger alone.
    expect(hiking.memberCount).toBe(1);
    const row = page.getByTestId(`group-invitation-${hiking.groupNumber}`);
    await row.waitFor();
    await page.getByTestId(`group-invitation-${chess.groupNumber}`).waitFor();
    expect(await row.textContent()).toContain('陌生人老马 邀请你加入');
    await expectAccessible(page, 'group invitations');
    await shot(page, 'invitations');

    await page.getByTestId(`group-invitation-accept-${hiking.groupNumber}`).click();
    await waitToast(page, '已加入 周末徒步');
    await row.waitFor({ state: 'detached' });
    await page.getByTestId(`group-invitation-decline-${chess.groupNumber}`).click();
    await waitToast(page, '已拒绝邀请');
    await page.getByText('暂无入群邀请').waitFor();

    const mine = await api<GroupInfo[]>(h.server, '/user/groupchat/list', { token: me.token });
    expect(mine.map((g) => g.groupNumber)).toEqual([hiking.groupNumber]);
    const left = await api<GroupInvitation[]>(h.server, '/user/groupchat/invitation/list', {
      token: me.token,
      body: {},
    });
    expect(left).toEqual([]);
  });

  it('on a phone: the invitation list and its buttons fit the screen', async () => {
    const stranger = await registerUser(h.server, { nickName: '陌生人老周' });
    const me = await registerUser(h.server, { nickName: '手机小吴' });
    const g = await api<GroupInfo>(h.server, '/user/groupchat/add', {
      token: stranger.token,
      body: { groupName: '夜跑团', wtIds: [me.wtId] },
    });
    const { page } = await h.open({ login: me.login, viewport: PHONE });
    await page.goto('/contacts?tab=notices');
    await page.getByTestId('group-notices-invitations').click();
    const accept = page.getByTestId(`group-invitation-accept-${g.groupNumber}`);
    await accept.waitFor();
    const box = await accept.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'group invitations (phone)');
    await shot(page, 'invitations-phone');
    await accept.click();
    await waitToast(page, '已加入 夜跑团');
  });
});

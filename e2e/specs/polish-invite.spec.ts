import { describe, expect, it } from 'vitest';
import type { GroupInfo, GroupInvitation } from '@parley/protocol';
import { api, registerUser } from '../harness/api';
import { expectAccessible } from '../harness/a11y';
import { useHarness } from '../harness/setup';
import { openPanel, shot, waitToast } from './groups-helpers';
import { DESKTOP, pair } from './messages-helpers';

const h = useHarness({ name: 'polish-invite' });

describe('inviting someone who is not a friend', () => {
  it('a wtId typed in the invite picker finds them; they get a join invitation, not a seat', async () => {
    const { A, B } = await pair(h, ['群主小何', '好友小许']);
    const stranger = await registerUser(h.server, { nickName: '陌生人小邓' });
    const group = await api<GroupInfo>(h.server, '/user/groupchat/add', {
      token: A.token,
      body: { groupName: '摄影群', wtIds: [B.wtId] },
    });
    const { page } = await h.open({ login: A.login, viewport: DESKTOP });
    await openPanel(page, group.groupNumber);
    await page.getByTestId('group-invite').click();
    const picker = page.getByTestId('people-picker');
    await picker.waitFor();
    const search = picker.getByTestId('picker-search');
    expect(await search.getAttribute('placeholder')).toBe('搜索好友，或输入ID/手机号');
    await search.fill(stranger.wtId);
    const row = picker.locator(`[data-testid="picker-row"][data-id="${stranger.wtId}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('陌生人小邓');
    await expectAccessible(page, 'invite picker with a non-friend found');
    await shot(page, 'invite-non-friend');
    await row.click();
    await picker.getByTestId('picker-done').click();
    await waitToast(page, '已发送入群邀请，对方同意后加入');

    const invitations = await api<GroupInvitation[]>(h.server, '/user/groupchat/invitation/list', {
      token: stranger.token,
      body: {},
    });
    expect(invitations.map((i) => [i.groupNumber, i.inviterWtId, i.status])).toEqual([
      [group.groupNumber, A.wtId, 0],
    ]);
    const info = await api<GroupInfo>(h.server, '/user/groupchat/getInfoById', {
      token: A.token,
      body: { groupNumber: group.groupNumber },
    });
    expect(info.memberCount).toBe(2);
  });
});

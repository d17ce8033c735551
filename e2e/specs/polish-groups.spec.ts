import { describe, expect, it } from 'vitest';
import type { GroupInfo } from '@parley/protocol';
import { expectAccessible } from '../harness/a11y';
import { api, registerUser } from '../harness/api';
import { useHarness } from '../harness/setup';
import { befriend, DESKTOP } from './messages-helpers';

const h = useHarness({ name: 'polish-groups' });

describe('group calls from the chat header', () => {
  it('the picker lists the other members only; a dissolved group offers no call', async () => {
    const [A, B, C] = await Promise.all(
      ['安娜', '博文', '晨曦'].map((nickName) => registerUser(h.server, { nickName })),
    );
    await befriend(h, A!, B!);
    await befriend(h, A!, C!);
    const group = await api<GroupInfo>(h.server, '/user/groupchat/add', {
      token: A!.token,
      body: { groupName: '周末徒步', wtIds: [B!.wtId, C!.wtId] },
    });
    const id = `GROUP${group.groupNumber}`;

    const a = await h.open({ login: A!.login, viewport: DESKTOP });
    await a.page.goto(`/messages?conversationID=${id}`);
    await a.page.getByTestId('group-call-voice').click();
    const picker = a.page.getByTestId('people-picker');
    await picker.locator(`[data-testid="picker-row"][data-id="${B!.wtId}"]`).waitFor();
    await picker.locator(`[data-testid="picker-row"][data-id="${C!.wtId}"]`).waitFor();
    expect(await picker.locator(`[data-testid="picker-row"][data-id="${A!.wtId}"]`).count()).toBe(0);
    expect(await picker.getByTestId('picker-row').count()).toBe(2);
    await expectAccessible(a.page, 'group call picker');
    await picker.getByTestId('picker-cancel').click();

    const b = await h.open({ login: B!.login, viewport: DESKTOP });
    await b.page.goto(`/messages?conversationID=${id}`);
    await b.page.getByTestId('group-call-voice').waitFor();
    await api(h.server, '/user/groupchat/remove', {
      token: A!.token,
      body: { groupNumber: group.groupNumber },
    });
    await b.page.getByText('该群聊已被解散').first().waitFor();
    await b.page.getByTestId('group-call-voice').waitFor({ state: 'detached' });
    expect(await b.page.getByTestId('group-call-video').count()).toBe(0);
    // Opened afresh after the dissolution: still no call buttons.
    await b.page.reload();
    await b.page.getByText('该群聊已被解散').first().waitFor();
    expect(await b.page.locator('[data-testid^="group-call-"]').count()).toBe(0);
  });
});

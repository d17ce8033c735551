import { describe, expect, it } from 'vitest';
import { api, registerUser } from '../harness/api';
import { expectAccessible } from '../harness/a11y';
import { useHarness } from '../harness/setup';
import { waitToast } from '../harness/ui';
import {
  befriend,
  bubbles,
  composerHas,
  DESKTOP,
  openChat,
  pair,
  row,
  sendApi,
  shot,
  typeAndSend,
  rowMenu,
} from './messages-helpers';

const h = useHarness({ name: 'chat-drafts-archive' });

describe('drafts after 重新编辑, the archive row and mute restore, mark as unread', () => {
  it('撤回 → 重新编辑 → change → send: the old text never comes back; a real draft survives switching and a reload', async () => {
    const { A, B } = await pair(h);
    const C = await registerUser(h.server, { nickName: '小春' });
    await befriend(h, A, C);
    await sendApi(h, C, A, '在吗');
    const a = await h.open({ login: A.login, viewport: DESKTOP });
    await a.page.goto(`/messages?conversationID=C2C${B.wtId}`);
    await typeAndSend(a.page, '第一版的话');
    const sent = a.page
      .locator('[data-status="success"]')
      .getByTestId('bubble')
      .filter({ hasText: '第一版的话' });
    await sent.click({ button: 'right' });
    await a.page.getByTestId('menu-revoke').click();
    await a.page.getByTestId('revoked-line').getByTestId('reedit').click();
    await composerHas(a.page, '第一版的话');
    await typeAndSend(a.page, '第二版的话');
    await bubbles(a.page).filter({ hasText: '第二版的话' }).waitFor();
    await composerHas(a.page, '');

    // Away and back: the composer is empty (before the fix the re-edited text came back).
    await openChat(a.page, C);
    await openChat(a.page, B);
    await composerHas(a.page, '');
    expect(await row(a.page, B).locator('.cv-draft').count()).toBe(0);

    // A real draft: kept over a switch and a reload, never replaced by the re-edited text.
    await a.page.getByTestId('composer-input').fill('真正的草稿');
    await openChat(a.page, C);
    await row(a.page, B).locator('.cv-draft').waitFor();
    expect(await row(a.page, B).locator('.cv-row__last').textContent()).toBe('[草稿] 真正的草稿');
    await openChat(a.page, B);
    await composerHas(a.page, '真正的草稿');
    await a.page.reload();
    await a.page.locator(`[data-testid="chat"][data-id="C2C${B.wtId}"]`).waitFor();
    await composerHas(a.page, '真正的草稿');
    // Sending clears it on the server too: a second device opening the chat finds no draft.
    await typeAndSend(a.page, '真正的草稿');
    await bubbles(a.page).filter({ hasText: '真正的草稿' }).waitFor();
    await expect
      .poll(
        async () =>
          (
            await api<{ draft: unknown }>(h.server, '/conversation/get', {
              token: A.token,
              body: { conversationID: `C2C${B.wtId}` },
            })
          ).draft,
      )
      .toBeNull();
  });

  it('folding tells the user and mutes; the 已归档对话 row shows the unread; moving out restores each mute state', async () => {
    const { A, B } = await pair(h, ['安娜', '已静音的博文']);
    const C = await registerUser(h.server, { nickName: '小春' });
    await befriend(h, A, C);
    await sendApi(h, B, A, '来自博文');
    await sendApi(h, C, A, '来自小春');
    await api(h.server, '/conversation/mute', {
      token: A.token,
      body: { conversationID: `C2C${B.wtId}`, isMuted: true },
    });
    const a = await h.open({ login: A.login, viewport: DESKTOP });
    await a.page.goto('/messages');
    await row(a.page, C).waitFor();
    await row(a.page, B).getByTestId('conversation-muted').waitFor();
    expect(await row(a.page, C).getByTestId('conversation-muted').count()).toBe(0);

    await rowMenu(a.page, `C2C${B.wtId}`, 'archive');
    await waitToast(a.page, '已归档，新消息将不再提醒');
    await rowMenu(a.page, `C2C${C.wtId}`, 'archive');
    await row(a.page, C).waitFor({ state: 'detached' });

    // Unread of the folded conversations shows on the entry (both muted: a dot and the count).
    const entry = a.page.getByTestId('archive-entry');
    await entry.getByTestId('archive-unread').filter({ hasText: '2条未读' }).waitFor();
    await entry.getByTestId('archive-dot').waitFor();
    await sendApi(h, C, A, '又来一条');
    await entry.getByTestId('archive-unread').filter({ hasText: '3条未读' }).waitFor();
    await expectAccessible(a.page, 'messages: archive entry with unread');
    await shot(a.page, 'archive-unread');

    await entry.click();
    await rowMenu(a.page, `C2C${C.wtId}`, 'archive');
    await waitToast(a.page, '已移出归档');
    await rowMenu(a.page, `C2C${B.wtId}`, 'archive');
    await a.page.getByTestId('archive-back').click();
    await row(a.page, C).waitFor();
    // 小春 was not muted before folding and is not now; 博文 was and stays muted.
    await row(a.page, B).getByTestId('conversation-muted').waitFor();
    expect(await row(a.page, C).getByTestId('conversation-muted').count()).toBe(0);
    expect(await row(a.page, C).getByTestId('conversation-badge').textContent()).toBe('2');
  });

  it('mark as unread: a 1 on the row on every device, cleared by opening the chat', async () => {
    const { A, B } = await pair(h);
    await sendApi(h, B, A, '看过了');
    await api(h.server, '/conversation/read', { token: A.token, body: { conversationID: `C2C${B.wtId}` } });
    const a = await h.open({ login: A.login, viewport: DESKTOP });
    const a2 = await h.open({ login: A.login, viewport: DESKTOP });
    await Promise.all([a.page.goto('/messages'), a2.page.goto('/messages')]);
    await row(a.page, B).waitFor();
    expect(await row(a.page, B).getByTestId('conversation-badge').count()).toBe(0);
    await rowMenu(a.page, `C2C${B.wtId}`, 'unread');
    await row(a.page, B).getByTestId('conversation-badge').filter({ hasText: '1' }).waitFor();
    await row(a2.page, B).getByTestId('conversation-badge').filter({ hasText: '1' }).waitFor();
    // The 未读 tab lists it; the menu now offers 标为已读.
    await a.page.getByTestId('tab-unread').click();
    await row(a.page, B).waitFor();
    await row(a.page, B).click({ button: 'right' });
    expect(await a.page.getByTestId('menu-read').textContent()).toBe('标为已读');
    await a.page.keyboard.press('Escape');
    await a.page.getByTestId('tab-all').click();
    await openChat(a.page, B);
    await row(a.page, B).getByTestId('conversation-badge').waitFor({ state: 'detached' });
    await row(a2.page, B).getByTestId('conversation-badge').waitFor({ state: 'detached' });
  });
});

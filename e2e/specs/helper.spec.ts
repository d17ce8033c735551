import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HELPER_CONVERSATION_ID } from '@parley/protocol';
import { expectAccessible } from '../harness/a11y';
import { registerUser } from '../harness/api';
import { REPO_ROOT } from '../harness/paths';
import { useHarness } from '../harness/setup';
import { DESKTOP, PHONE, shot } from './messages-helpers';

const h = useHarness({ name: 'helper', env: { HELPER_WELCOME: '1' } });

describe('the official helper conversation', () => {
  it('a new account finds the welcome; FAQ dialog and a typed question are answered', async () => {
    // The operator loads the FAQ file (parley helper faq).
    execFileSync(process.execPath, ['--import', 'tsx', 'src/cli/entry.ts', 'helper', 'faq'], {
      cwd: join(REPO_ROOT, 'apps/server'),
      env: { ...process.env, PARLEY_DATA_DIR: h.server.dataDir, DATABASE_URL: '' },
    });
    const A = await registerUser(h.server, { nickName: '安娜' });
    const a = await h.open({ login: A.login, viewport: DESKTOP });
    await a.page.goto('/messages');
    const row = a.page.locator(`[data-testid="conversation-row"][data-id="${HELPER_CONVERSATION_ID}"]`);
    // The list menu offers nothing that does not apply to the helper: no 添加到分组, no 删除.
    await row.click({ button: 'right' });
    const menu = a.page.getByTestId('conversation-menu');
    await menu.getByRole('menuitem').first().waitFor();
    const items = await menu.getByRole('menuitem').allTextContents();
    expect(items).toContain('消息免打扰');
    expect(items.filter((i) => i === '添加到分组' || i === '删除聊天')).toEqual([]);
    await a.page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await row.click();
    const chat = a.page.locator(`[data-testid="chat"][data-id="${HELPER_CONVERSATION_ID}"]`);
    await chat.getByTestId('official-tag').waitFor();
    await chat.getByTestId('helper-bubble').filter({ hasText: '你好，我是 Parley 小助手' }).waitFor();
    // No call buttons and no extension buttons: only emoji and the FAQ button.
    expect(await chat.getByTestId('tool-image').count()).toBe(0);
    expect(await chat.locator('[data-testid^="call-"]').count()).toBe(0);

    // 常见问题: pick a question; it is asked and answered in the chat.
    await chat.getByTestId('tool-faq').click();
    const dialog = a.page.getByTestId('faq-dialog');
    await dialog.getByTestId('faq-question').first().waitFor();
    await expectAccessible(a.page, 'helper faq');
    await shot(a.page, 'helper-faq');
    await dialog.getByTestId('faq-question').filter({ hasText: '如何创建群聊？' }).click();
    await chat.getByTestId('helper-bubble').filter({ hasText: '选择“发起群聊”' }).waitFor();

    // A typed question is matched by keyword.
    await chat.getByTestId('composer-input').fill('忘记密码了怎么办');
    await chat.getByTestId('composer-input').press('Enter');
    await chat.getByTestId('message').filter({ hasText: '忘记密码了怎么办' }).waitFor();
    await chat.getByTestId('helper-bubble').filter({ hasText: '忘记密码' }).last().waitFor();
    // A question listed in the welcome asks it too.
    await chat.getByTestId('helper-question').filter({ hasText: '如何添加好友？' }).first().click();
    await chat.getByTestId('helper-bubble').filter({ hasText: '添加好友/群' }).waitFor();
    await shot(a.page, 'helper-chat');
  });

  it('on a phone: the 常见问题 dialog fits and passes axe', async () => {
    const A = await registerUser(h.server, { nickName: '博文' });
    const a = await h.open({ login: A.login, viewport: PHONE });
    await a.page.goto(`/messages?conversationID=${HELPER_CONVERSATION_ID}`);
    const chat = a.page.locator(`[data-testid="chat"][data-id="${HELPER_CONVERSATION_ID}"]`);
    // On a phone the tools are behind ＋.
    await chat.getByTestId('composer-more').click();
    await chat.getByTestId('tool-faq').click();
    const dialog = a.page.getByTestId('faq-dialog');
    await dialog.getByTestId('faq-question').first().waitFor();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(a.page, 'helper faq on a phone');
    await shot(a.page, 'helper-faq-phone');
  });
});

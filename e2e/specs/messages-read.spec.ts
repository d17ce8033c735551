import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../harness/paths';
import { useHarness } from '../harness/setup';
import { registerUser } from '../harness/api';
import {
  befriend,
  bubbles,
  conversationOf,
  DESKTOP,
  openChat,
  pair,
  sendApi,
  shot,
  typeAndSend,
} from './messages-helpers';

const h = useHarness({ name: 'messages-read' });

describe('messages: read receipts follow what the reader sees', () => {
  it('a message scrolled out of view stays unread until the reader brings it on screen', async () => {
    const { A, B } = await pair(h, ['阿兰', '贝拉']);
    for (let i = 1; i <= 40; i++) await sendApi(h, A, B, `第${i}条`);
    const a = await h.open({ login: A.login, viewport: DESKTOP });
    const b = await h.open({ login: B.login, viewport: DESKTOP });
    await Promise.all([a.page.goto('/messages'), b.page.goto('/messages')]);

    // B opens the chat at the latest message: everything up to it is read.
    await openChat(b.page, A);
    await bubbles(b.page).filter({ hasText: '第40条' }).waitFor();
    await expect.poll(async () => (await conversationOf(h, B, A)).unreadCount).toBe(0);

    // B scrolls up to the top; A's next message arrives out of B's view.
    await b.page.getByTestId('message-list').evaluate((el) => (el.scrollTop = 0));
    await b.page.getByTestId('scroll-latest').filter({ hasText: '回到最新位置' }).waitFor();
    await openChat(a.page, B);
    await typeAndSend(a.page, '你看到了吗');
    const mine = a.page.getByTestId('message').filter({ hasText: '你看到了吗' });
    await mine.getByTestId('read-marker').filter({ hasText: '未读' }).waitFor();
    await b.page.getByTestId('scroll-latest').filter({ hasText: '1条新消息' }).waitFor();
    // A later message goes the same way: once B's page has counted it and A's has its ack, a read
    // B's page sent for the first one (it would go as the first arrived) has reached the server and
    // A. None was sent: still unread on the server, still 未读 for A.
    await typeAndSend(a.page, '还在吗');
    const later = a.page.getByTestId('message').filter({ hasText: '还在吗' });
    await later.and(a.page.locator('[data-status="success"]')).waitFor();
    await b.page.getByTestId('scroll-latest').filter({ hasText: '2条新消息' }).waitFor();
    expect((await conversationOf(h, B, A)).unreadCount).toBe(2);
    expect(await mine.getByTestId('read-marker').textContent()).toBe('未读');
    expect(await later.getByTestId('read-marker').textContent()).toBe('未读');

    // B goes back to the latest: seen, read, and A's markers turn 已读 live.
    await b.page.getByTestId('scroll-latest').click();
    await mine.getByTestId('read-marker').filter({ hasText: '已读' }).waitFor();
    await later.getByTestId('read-marker').filter({ hasText: '已读' }).waitFor();
    expect((await conversationOf(h, B, A)).unreadCount).toBe(0);
  });

  it("a reply reads what came before it: the sender's 未读 markers turn 已读 live", async () => {
    const { A, B } = await pair(h, ['阿芳', '贝贝']);
    const a = await h.open({ login: A.login, viewport: DESKTOP });
    await a.page.goto('/messages');
    await openChat(a.page, B);
    await typeAndSend(a.page, '第一句');
    await typeAndSend(a.page, '第二句');
    const first = a.page.getByTestId('message').filter({ hasText: '第一句' });
    const second = a.page.getByTestId('message').filter({ hasText: '第二句' });
    await second.and(a.page.locator('[data-status="success"]')).waitFor();
    expect(await first.getByTestId('read-marker').textContent()).toBe('未读');
    expect(await second.getByTestId('read-marker').textContent()).toBe('未读');

    // B answers without opening the chat (another device, over the API): B's own message moves B's
    // read cursor past A's two, and A's page learns it at once.
    await sendApi(h, B, A, '收到');
    await bubbles(a.page).filter({ hasText: '收到' }).waitFor();
    await first.getByTestId('read-marker').filter({ hasText: '已读' }).waitFor();
    await second.getByTestId('read-marker').filter({ hasText: '已读' }).waitFor();
    expect((await conversationOf(h, A, B)).peerReadSequence).toBeGreaterThanOrEqual(3);
  });

  it('the chat of an official account carries the 官方 tag in its header; an ordinary friend has none', async () => {
    const { A, B } = await pair(h, ['安娜', 'Parley 小助手']);
    const D = await registerUser(h.server, { nickName: '普通朋友' });
    await befriend(h, A, D);
    // Operators mark official accounts (parley user grant-official); there is no route for it.
    execFileSync(
      process.execPath,
      ['--import', 'tsx', 'src/cli/entry.ts', 'user', 'grant-official', B.wtId],
      {
        cwd: join(REPO_ROOT, 'apps/server'),
        env: { ...process.env, PARLEY_DATA_DIR: h.server.dataDir, DATABASE_URL: '' },
      },
    );
    const a = await h.open({ login: A.login, viewport: DESKTOP });
    await a.page.goto(`/messages?conversationID=C2C${B.wtId}`);
    await a.page.getByTestId('chat-title').filter({ hasText: 'Parley 小助手' }).waitFor();
    await a.page.getByTestId('official-tag').waitFor();
    expect(await a.page.getByTestId('official-tag').textContent()).toBe('官方');
    await shot(a.page, 'official-chat');

    await openChat(a.page, D);
    await a.page.getByTestId('chat-title').filter({ hasText: '普通朋友' }).waitFor();
    expect(await a.page.getByTestId('official-tag').count()).toBe(0);
  });
});

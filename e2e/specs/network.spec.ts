import { describe, expect, it } from 'vitest';
import { registerUser } from '../harness/api';
import { useHarness } from '../harness/setup';
import { bubbles, DESKTOP, pair, row, sendApi } from './messages-helpers';

const h = useHarness({ name: 'network' });

describe('network banner', () => {
  it('appears when the server stops and disappears when it is back on the same port and data dir', async () => {
    const user = await registerUser(h.server);
    const { page } = await h.open({ login: user.login });
    await page.goto('/messages');
    await page.getByTestId('screen-messages').waitFor();
    const banner = page.getByTestId('network-banner');
    expect(await banner.count()).toBe(0);

    await h.server.stop();
    await banner.waitFor({ timeout: 10_000 });
    expect(await banner.textContent()).toBe('无法连接服务器，请稍后再试');

    await h.server.start();
    await banner.waitFor({ state: 'detached', timeout: 20_000 });
    // Still signed in: the session survived the restart.
    expect(new URL(page.url()).pathname).toBe('/messages');
    expect(await page.getByTestId('sidebar-nick').textContent()).toBe(user.nickName);
  });

  it("after a restart, what was sent while the tab was away comes in the new socket's hello, asked for by its URL", async () => {
    const { A, B } = await pair(h, ['重连甲', '重连乙']);
    const { page } = await h.open({ login: A.login, viewport: DESKTOP });
    // Every socket of the page goes through this route, which records its URL, the frames the page
    // sends and the hellos it gets, and, while `held` is set, keeps a new socket from the server.
    const urls: string[] = [];
    const sent: string[] = [];
    const hellos: Array<{ syncSince?: number; sync?: { messages: Array<{ payload: { text?: string } }> } }> =
      [];
    let held: Promise<void> | null = null;
    await page.routeWebSocket(/\/ws\//, async (ws) => {
      if (held) await held;
      urls.push(ws.url());
      const server = ws.connectToServer();
      ws.onMessage((m) => {
        sent.push((JSON.parse(String(m)) as { type?: string }).type ?? '');
        server.send(m);
      });
      server.onMessage((m) => {
        const frame = JSON.parse(String(m)) as { type?: string; data?: (typeof hellos)[number] };
        if (frame.type === 'hello' && frame.data) hellos.push(frame.data);
        ws.send(m);
      });
    });
    await page.goto(`/messages?conversationID=C2C${B.wtId}`);
    await page.getByTestId('chat').waitFor();
    expect(urls[0]).not.toContain('since=');

    let release!: () => void;
    held = new Promise<void>((r) => (release = r));
    await h.server.stop();
    await page.getByTestId('network-banner').waitFor({ timeout: 10_000 });
    await h.server.start();
    // Sent while the tab's socket cannot be back yet: it can only learn of it by catching up.
    await sendApi(h, B, A, '你不在的时候发的');
    release();
    await bubbles(page).filter({ hasText: '你不在的时候发的' }).waitFor({ timeout: 20_000 });
    await row(page, B).locator('.cv-row__last').filter({ hasText: '你不在的时候发的' }).waitFor();
    // The new socket named the version the tab knew; its hello brought the message: no sync frame.
    const last = hellos.at(-1)!;
    expect(urls.at(-1)).toMatch(new RegExp(`[?&]since=${last.syncSince}$`));
    expect(last.sync?.messages.map((m) => m.payload.text)).toEqual(['你不在的时候发的']);
    expect(sent.filter((t) => t === 'message.sync')).toHaveLength(0);
  });
});

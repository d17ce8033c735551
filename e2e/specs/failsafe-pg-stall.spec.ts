import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Message } from '@parley/protocol';
import { describeWithServices } from '../../apps/server/test/services';
import { startTcpProxy, type TcpProxy } from '../../apps/server/test/db/tcp-proxy';
import { api } from '../harness/api';
import { useHarness } from '../harness/setup';
import { bubbles, DESKTOP, openChat, pair, typeAndSend } from './messages-helpers';

// PostgreSQL stalls under a sender in the browser (docs/operations.md "PostgreSQL lost"): the
// server's pool reaches PostgreSQL through a proxy the spec owns. The server answers the send with
// its database error once the statement bound fires; the page keeps the spinner and sends the same
// clientMsgId again until one is acknowledged after the proxy lets bytes through again. Needs
// DATABASE_URL (skipped without it, required in CI: services.ts).

// The runner empties DATABASE_URL for the browser suite (it runs on SQLite) and hands this spec its
// PostgreSQL as PARLEY_E2E_DATABASE_URL (scripts/test-all.mjs).
if (process.env.PARLEY_E2E_DATABASE_URL) process.env.DATABASE_URL = process.env.PARLEY_E2E_DATABASE_URL;
const url = process.env.DATABASE_URL ?? '';
const schema = `t_e2e_stall_${randomBytes(5).toString('hex')}`;

/** Resolves when the page's socket gets an ack with `code` for one of its `message.send` frames. */
function sendAckWith(page: Page, code: number): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      const sends = new Set<string>();
      ws.on('framesent', ({ payload }) => {
        const f = JSON.parse(String(payload)) as { id?: string; type?: string };
        if (f.type === 'message.send' && f.id) sends.add(f.id);
      });
      ws.on('framereceived', ({ payload }) => {
        const f = JSON.parse(String(payload)) as { type?: string; id?: string; code?: number };
        if (f.type === 'ack' && f.id && sends.has(f.id) && f.code === code) resolve();
      });
    });
  });
}

describeWithServices(['DATABASE_URL'], 'fail safe: PostgreSQL stalls under a browser send', () => {
  let proxy: TcpProxy | undefined;
  // Registered before the harness's: runs after its server stopped.
  afterAll(async () => {
    await proxy?.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  });
  const h = useHarness({
    name: 'failsafe-pg-stall',
    serverEnv: async () => {
      const target = new URL(url);
      proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      return {
        DATABASE_URL: proxy.urlFor(url),
        DATABASE_SCHEMA: schema,
        DB_CONNECT_TIMEOUT_MS: '500',
        DB_QUERY_TIMEOUT_MS: '800',
      };
    },
  });

  it('a send during the stall keeps its spinner, is retried, and is delivered once after resume without a reload', async () => {
    const { A, B } = await pair(h);
    const a = await h.open({ login: A.login, viewport: DESKTOP });
    const b = await h.open({ login: B.login, viewport: DESKTOP });
    const refused = sendAckWith(a.page, 500);
    await Promise.all([a.page.goto('/messages'), b.page.goto('/messages')]);
    await openChat(a.page, B);
    await openChat(b.page, A);
    await a.page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    proxy!.stall();
    const text = '数据库卡住时发的';
    await typeAndSend(a.page, text);
    const mine = a.page.getByTestId('message').filter({ hasText: text });
    await mine.and(a.page.locator('[data-status="unSend"]')).waitFor();
    // The server answered the database error; the bubble still waits (no failure shown).
    await refused;
    expect(await mine.getAttribute('data-status')).toBe('unSend');

    proxy!.resume();
    await mine.and(a.page.locator('[data-status="success"]')).waitFor({ timeout: 60_000 });
    expect(await a.page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    await bubbles(b.page).filter({ hasText: text }).waitFor();
    expect(await bubbles(b.page).filter({ hasText: text }).count()).toBe(1);
    expect(await bubbles(a.page).filter({ hasText: text }).count()).toBe(1);
    const history = await api<{ messages: Message[] }>(h.server, '/message/history', {
      token: B.token,
      body: { conversationID: `C2C${A.wtId}` },
    });
    expect(history.messages.filter((m) => m.payload.text === text)).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { api, registerUser } from '../harness/api';
import { useHarness } from '../harness/setup';

/**
 * What a first visit downloads and asks for, from the built app as the server sends it (its brotli
 * copies). Byte counts and request order are properties of the build, not timings; the times are
 * measured by bench/lighthouse.ts.
 */
const h = useHarness({ name: 'first-load' });

/** The /login target of docs/performance.md "First load": JavaScript on the wire. */
const LOGIN_JS_LIMIT = 150 * 1024;

/** Every finished request of the page, in the order they finished. */
function finished(page: Page): Request[] {
  const out: Request[] = [];
  page.on('requestfinished', (r) => out.push(r));
  return out;
}

const isScript = (r: Request) => r.resourceType() === 'script' || /\.m?js(\?|$)/.test(r.url());

describe('first load', () => {
  it('/login downloads at most 150 KB of JavaScript, brotli-compressed', async () => {
    const { page } = await h.open();
    const requests = finished(page);
    await page.goto('/login');
    await page.getByTestId('login-form-phone').waitFor();
    await page.waitForFunction(() => document.readyState === 'complete');
    const scripts = requests.filter(isScript);
    const sizes = await Promise.all(
      scripts.map(async (r) => {
        const res = await r.response();
        return {
          file: new URL(r.url()).pathname,
          bytes: (await r.sizes()).responseBodySize,
          encoding: (await res?.allHeaders())?.['content-encoding'] ?? 'none',
        };
      }),
    );
    const total = sizes.reduce((n, s) => n + s.bytes, 0);
    const listing = sizes.map((s) => `${s.file} ${(s.bytes / 1024).toFixed(1)} KB ${s.encoding}`).join('\n');
    expect(sizes.length, listing).toBeGreaterThan(2);
    expect(total, `JavaScript on the wire: ${(total / 1024).toFixed(1)} KB\n${listing}`).toBeLessThanOrEqual(
      LOGIN_JS_LIMIT,
    );
    // Every script worth compressing came as its brotli copy.
    expect(sizes.filter((s) => s.bytes > 1024 && s.encoding !== 'br').map((s) => s.file)).toEqual([]);
  });

  it('/messages asks for the first conversation page with the entry, once, before the chat code has arrived', async () => {
    const owner = await registerUser(h.server);
    const peer = await registerUser(h.server);
    await api(h.server, '/message/send', {
      token: peer.token,
      body: {
        conversationID: `C2C${owner.wtId}`,
        clientMsgId: 'first-load-1',
        type: 'text',
        payload: { text: '首屏的第一行' },
      },
    });
    const { page } = await h.open({ login: owner.login });
    const started: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path === '/api/conversation/list') started.push(`list ${r.postData() ?? ''}`);
      else if (/\/assets\/MessagesPage-[\w-]+\.js$/.test(path)) started.push('chunk');
    });
    const chunkDone = new Promise<number>((resolve) =>
      page.on('requestfinished', (r) => {
        if (/\/assets\/MessagesPage-[\w-]+\.js$/.test(new URL(r.url()).pathname)) resolve(started.length);
      }),
    );
    await page.goto('/messages');
    await page.getByTestId('conversation-row').filter({ hasText: '首屏的第一行' }).waitFor();
    // The list request was on its way before the messages chunk finished downloading.
    const requestsBeforeChunk = await chunkDone;
    expect(started.slice(0, requestsBeforeChunk)).toContain('list {"cursor":0,"count":100}');
    // And the screen took that answer instead of asking again.
    expect(started.filter((s) => s.startsWith('list '))).toEqual(['list {"cursor":0,"count":100}']);
  });
});

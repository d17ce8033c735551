import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HelloFrame, SyncResult } from '@parley/protocol';
import { DEFAULT_LIMITS } from '../../src/config-limits.js';
import { FakeClock, openSocket, startTestServer, type TestServer } from '../helpers.js';
import { befriend, newUser, post, sent } from '../messaging/helpers.js';

// A full sync (since 0) is paged small and bounded in bytes, and counted per user: a client that
// reconnects with since=0 in a loop gets 429 (REST, socket frame) or a hello without the catch-up.
const clock = new FakeClock();
const PAGE_BYTES = 40_000;
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer(
    {
      messageSendPerMinute: 100_000,
      limits: {
        ...DEFAULT_LIMITS,
        fullSyncsPerMinute: 3,
        syncFirstPageChanges: 10,
        syncPageBytes: PAGE_BYTES,
      },
    },
    clock,
  );
});
afterAll(() => t.close());

const RATE_LIMITED = { status: 429, code: 429, msg: '操作过于频繁，请稍后再试', data: null };
const text = (i: number) => `${i}:${'长'.repeat(1500)}`; // ~4.5 KB of UTF-8 each

describe('full sync', () => {
  it('starts with a page of at most 10 changes and 40 KB; the pages after it hold the rest, once', async () => {
    const a = await newUser(t, 'pager_a');
    const b = await newUser(t, 'pager_b');
    await befriend(t, a, b);
    for (let i = 0; i < 24; i++) await sent(t, a, b, text(i));

    const first = await post<SyncResult>(t, b, '/message/sync', { since: 0 });
    expect(first.code).toBe(200);
    expect(first.data.hasMore).toBe(true);
    expect(Buffer.byteLength(JSON.stringify(first.data))).toBeLessThanOrEqual(PAGE_BYTES);
    // Ten changes of ~4.5 KB would pass 40 KB: the page was halved.
    expect(first.data.messages.length).toBeLessThan(10);
    const seen = [...first.data.messages];
    let since = first.data.version;
    for (let more = first.data.hasMore; more;) {
      const page = await post<SyncResult>(t, b, '/message/sync', { since });
      seen.push(...page.data.messages);
      since = page.data.version;
      more = page.data.hasMore;
    }
    const texts = seen.filter((m) => m.type === 'text').map((m) => (m.payload as { text: string }).text);
    expect(texts).toEqual(Array.from({ length: 24 }, (_, i) => text(i)));
  });

  it('hello with since=0 carries one bounded page', async () => {
    const a = await newUser(t, 'hello_a');
    const b = await newUser(t, 'hello_b');
    await befriend(t, a, b);
    for (let i = 0; i < 12; i++) await sent(t, a, b, text(i));
    const socket = await openSocket(t, b.token, 'since=0');
    const hello = (await socket.next((f) => f.type === 'hello')).data as HelloFrame['data'];
    expect(hello.sync?.hasMore).toBe(true);
    expect(Buffer.byteLength(JSON.stringify(hello.sync))).toBeLessThanOrEqual(PAGE_BYTES);
    socket.close();
  });

  it('is limited to 3 a minute per user: REST and socket frames answer 429, hello carries no catch-up', async () => {
    const u = await newUser(t, 'resyncer');
    const other = await newUser(t, 'calm');
    for (let i = 0; i < 3; i++) expect((await post(t, u, '/message/sync', { since: 0 })).code).toBe(200);
    expect(await post(t, u, '/message/sync', { since: 0 })).toEqual(RATE_LIMITED);
    // A sync from a version is no full sync.
    expect((await post(t, u, '/message/sync', { since: 1 })).code).toBe(200);
    expect((await post(t, other, '/message/sync', { since: 0 })).code).toBe(200);

    const socket = await openSocket(t, u.token, 'since=0');
    const hello = (await socket.next((f) => f.type === 'hello')).data as HelloFrame['data'];
    expect(typeof hello.syncVersion).toBe('number');
    expect(hello.sync).toBeUndefined();
    socket.send({ id: 'full', type: 'message.sync', data: { since: 0 } });
    const ack = await socket.next((f) => f.type === 'ack');
    expect(ack).toMatchObject({ id: 'full', code: 429, msg: '操作过于频繁，请稍后再试' });
    socket.close();

    clock.advance(60_000);
    expect((await post(t, u, '/message/sync', { since: 0 })).code).toBe(200);
  });
});

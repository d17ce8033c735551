import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Counters } from '@parley/protocol';
import {
  api,
  openSocket,
  startTestServer,
  type TestServer,
  type TestSocket,
  type TestUser,
} from '../helpers.js';
import { createGroup, gid, sentGroup } from './group-helpers.js';
import { befriend, c2c, post, sent, userOn } from './helpers.js';

/**
 * 'Mark as unread' in the badge the server counts (`GET /user/counters`, `counters.updated`): a
 * marked conversation adds at least 1, as its list row shows, in one-to-one and group chats.
 */
let t: TestServer;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

const unread = async (u: TestUser) =>
  (await api<Counters>(t, 'GET', '/user/counters', { token: u.token })).data.unread;
const mark = (u: TestUser, id: string, markType: 2 | 4, enable: boolean) =>
  post(t, u, '/conversation/mark', { conversationIDList: [id], markType, enable });

describe('mark as unread in the unread counter', () => {
  it('a read one-to-one chat marked unread counts 1, on every tab; reading it takes it off', async () => {
    const me = await userOn(t, 'muMe');
    const x = await userOn(t, 'muX');
    await befriend(t, me, x);
    await sent(t, x, me, 'hello');
    await post(t, me, '/conversation/read', { conversationID: c2c(x) });
    expect(await unread(me)).toBe(0);
    const other = await openSocket(t, me.token);
    sockets.push(other);
    await other.next((f) => f.type === 'hello');

    expect((await mark(me, c2c(x), 2, true)).code).toBe(200);
    expect(await unread(me)).toBe(1);
    const pushed = await other.next((f) => f.type === 'counters.updated');
    expect((pushed.data as Counters).unread).toBe(1);

    // A marked chat with unread messages counts them, not one more.
    await sent(t, x, me, 'two');
    await sent(t, x, me, 'three');
    expect(await unread(me)).toBe(2);

    await post(t, me, '/conversation/read', { conversationID: c2c(x) });
    expect(await unread(me)).toBe(0);
    const cleared = await other.next(
      (f) => f.type === 'counters.updated' && (f.data as Counters).unread === 0,
    );
    expect((cleared.data as Counters).unread).toBe(0);
  });

  it('the mark taken off by hand leaves the count; muted or archived marked chats do not count', async () => {
    const me = await userOn(t, 'muOff');
    const [x, y] = [await userOn(t, 'muOffX'), await userOn(t, 'muOffY')];
    for (const p of [x, y]) {
      await befriend(t, me, p);
      await sent(t, p, me, 'hi');
      await post(t, me, '/conversation/read', { conversationID: c2c(p) });
      await mark(me, c2c(p), 2, true);
    }
    expect(await unread(me)).toBe(2);
    await mark(me, c2c(x), 2, false);
    expect(await unread(me)).toBe(1);
    await post(t, me, '/conversation/mute', { conversationID: c2c(y), isMuted: true });
    expect(await unread(me)).toBe(0);
    await post(t, me, '/conversation/mute', { conversationID: c2c(y), isMuted: false });
    expect(await unread(me)).toBe(1);
    await mark(me, c2c(y), 4, true);
    expect(await unread(me)).toBe(0);
  });

  it('a group chat marked unread counts 1 when read, its messages when not', async () => {
    const owner = await userOn(t, 'muGo');
    const me = await userOn(t, 'muGm');
    const g = await createGroup(t, owner, [me]);
    await sentGroup(t, owner, g, 'hello group');
    await post(t, me, '/conversation/read', { conversationID: gid(g) });
    expect(await unread(me)).toBe(0);
    expect((await mark(me, gid(g), 2, true)).code).toBe(200);
    expect(await unread(me)).toBe(1);
    await sentGroup(t, owner, g, 'two');
    await sentGroup(t, owner, g, 'three');
    expect(await unread(me)).toBe(2);
    await post(t, me, '/conversation/read', { conversationID: gid(g) });
    await mark(me, gid(g), 2, false);
    expect(await unread(me)).toBe(0);
  });

  it('reads racing down a long backlog end with the exact total pushed last (0), never an older count', async () => {
    const me = await userOn(t, 'muRace');
    const x = await userOn(t, 'muRaceX');
    const y = await userOn(t, 'muRaceY');
    await befriend(t, me, x);
    for (let i = 1; i <= 40; i += 1) await sent(t, x, me, `m${i}`);
    const tab = await openSocket(t, me.token);
    sockets.push(tab);
    await tab.next((f) => f.type === 'hello');
    const conv = (await post(t, me, '/conversation/get', { conversationID: c2c(x) })).data as {
      lastSequence: number;
    };
    // A reader scrolling down sends a read per screen; they reach the server at once.
    const seqs = Array.from({ length: 20 }, (_, i) => conv.lastSequence - 38 + i * 2);
    await Promise.all(seqs.map((seq) => post(t, me, '/conversation/read', { conversationID: c2c(x), seq })));
    expect(await unread(me)).toBe(0);
    await tab.waitFor((f) => f.type === 'counters.updated' && (f.data as Counters).unread === 0);
    // A later change (a friend application) pushes its own total. Once the exact total (0) has
    // been pushed, no count of an earlier read may follow it.
    await post(t, y, '/userFriends/apply', { applyWtId: me.wtId, applySource: 1 });
    await tab.waitFor((f) => f.type === 'counters.updated' && (f.data as Counters).friendApplyUnread === 1);
    // Any coalesced round still due lands within its interval; a last read settles it.
    await post(t, me, '/conversation/read', { conversationID: c2c(x) });
    const pushes = tab.frames.filter((f) => f.type === 'counters.updated').map((f) => f.data as Counters);
    const firstExact = pushes.findIndex((c) => c.unread === 0);
    expect(pushes.slice(firstExact).map((c) => c.unread)).toEqual(pushes.slice(firstExact).map(() => 0));
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallAction } from '@parley/protocol';
import { DEFAULT_LIMITS } from '../../src/config-limits.js';
import { FakeClock, ROOMY_LIMITS, startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { befriend, newUser, openTab, type Tab } from '../calls/helpers.js';
import { c2c, sendText } from '../messaging/helpers.js';
import { groupCall, groupWithTabs, joinCall, updatedAbout } from '../calls/group-helpers.js';

// Joining group calls from the banner (GROUP_CALL_JOINS_PER_MINUTE per person,
// GROUP_CALL_JOINS_PER_CALL_PER_MINUTE per call) and typing (TYPING_PER_MINUTE per sender over all
// their sockets, TYPING_RECEIVED_PER_MINUTE per receiver).
const clock = new FakeClock();
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer(
    {
      callSweepMs: 0,
      callInviteTimeoutMs: 600_000,
      callReconnectGraceMs: 600_000,
      limits: {
        ...DEFAULT_LIMITS,
        ...ROOMY_LIMITS,
        groupCallJoinsPerMinute: 3,
        groupCallJoinsPerCallPerMinute: 5,
        typingPerMinute: 5,
        typingReceivedPerMinute: 8,
      },
    },
    clock,
  );
});
afterAll(() => t.close());

const RATE_LIMITED = { code: 429, msg: '操作过于频繁，请稍后再试', data: null };

describe('group-call joins', () => {
  it('a member joins 3 times a minute; the 4th join is refused while leaving never is; a call takes 5 joins a minute', async () => {
    const g = await groupWithTabs(t, 'gjoin', 6);
    const [, b, c, d, e, f] = g.users;
    const [ta, tb, tc, td, te, tf] = g.tabs;
    const started = await groupCall(ta, g.group.groupID, [b]);
    const { callId, roomID } = started.data;
    expect((await tb.send('call.accept', { v: 1, callId })).code).toBe(200);
    const join = (tab: Tab) => joinCall(tab, g.group.groupID, roomID);
    const leave = (tab: Tab) => tab.send('call.hangup', { v: 1, callId });

    for (let i = 0; i < 3; i++) {
      expect((await join(tc)).data).toMatchObject({ status: 'connected', connectionId: tc.connectionId });
      await updatedAbout(ta, CallAction.accept, c);
      expect((await leave(tc)).code).toBe(200);
      await updatedAbout(ta, CallAction.hangup, c);
    }
    expect(await join(tc)).toMatchObject(RATE_LIMITED);
    // Two more people may join; then the call has taken its 5 joins this minute.
    expect((await join(td)).code).toBe(200);
    expect((await join(te)).code).toBe(200);
    expect(await join(tf)).toMatchObject(RATE_LIMITED);
    // Over the limits, leaving still works.
    expect((await leave(td)).code).toBe(200);
    await updatedAbout(ta, CallAction.hangup, d);
    // The refused joins changed nothing the others hear of.
    const joinsHeard = ta.socket.frames.filter(
      (fr) =>
        fr.type === 'call.updated' &&
        (fr.data as { action: number; userID: string }).action === CallAction.accept &&
        [c.wtId, d.wtId, e.wtId, f.wtId].includes((fr.data as { userID: string }).userID),
    );
    expect(joinsHeard).toHaveLength(5);
    clock.advance(60_000);
    expect((await join(tf)).code).toBe(200);
    expect((await join(tc)).code).toBe(200);
    g.close();
  });
});

describe('typing', () => {
  let frameId = 0;
  const limits = () => t.server.modules.messaging.typingLimits;
  /** Sends a typing frame and waits for its ack (always 200 null: the sender is never told). */
  async function type(tab: Tab, to: TestUser) {
    frameId += 1;
    const id = `ty${frameId}`;
    tab.socket.send({ id, type: 'typing', data: { conversationID: c2c(to) } });
    expect(await tab.socket.next((f) => f.type === 'ack' && f.id === id)).toMatchObject({
      code: 200,
      data: null,
    });
  }
  /** Once a message from `from` reached `reader` (it comes after every earlier frame), its typing frames. */
  async function typingSeen(reader: Tab, readerUser: TestUser, from: TestUser) {
    expect((await sendText(t, from, readerUser, 'after')).code).toBe(200);
    await reader.socket.next((f) => f.type === 'message.new');
    return reader.socket.frames.filter((f) => f.type === 'typing');
  }

  it('one sender over all their sockets reaches 5 a minute; the rest are dropped silently and counted', async () => {
    const a = await newUser(t, 'typer');
    const b = await newUser(t, 'reader');
    await befriend(t, a, b);
    const tabs: Tab[] = [];
    for (let i = 0; i < 4; i++) tabs.push(await openTab(t, a));
    const tb = await openTab(t, b);
    const before = limits().dropped;
    for (const tab of tabs) for (let i = 0; i < 3; i++) await type(tab, b);
    expect(limits().dropped - before).toBe(7);
    expect(await typingSeen(tb, b, a)).toHaveLength(5);
    clock.advance(60_000);
    await type(tabs[0]!, b);
    expect(await typingSeen(tb, b, a)).toHaveLength(6);
    for (const tab of [...tabs, tb]) tab.close();
  });

  it('one receiver gets 8 a minute from everyone together', async () => {
    const r = await newUser(t, 'popular');
    const senders: TestUser[] = [];
    for (let i = 0; i < 3; i++) senders.push(await newUser(t, `typer${i}`));
    for (const s of senders) await befriend(t, s, r);
    const tabs = await Promise.all(senders.map((s) => openTab(t, s)));
    const tr = await openTab(t, r);
    const before = limits().dropped;
    for (const tab of tabs) for (let i = 0; i < 3; i++) await type(tab, r);
    expect(limits().dropped - before).toBe(1);
    const seen = await typingSeen(tr, r, senders[0]!);
    expect(seen).toHaveLength(8);
    expect(
      seen.map((f) => (f.data as { fromID: string }).fromID).filter((w) => w === senders[2]!.wtId),
    ).toHaveLength(2);
    // The senders may still type to someone else.
    const other = await newUser(t, 'other');
    await befriend(t, senders[2]!, other);
    const to = await openTab(t, other);
    await type(tabs[2]!, other);
    expect(await typingSeen(to, other, senders[2]!)).toHaveLength(1);
    for (const tab of [...tabs, tr, to]) tab.close();
  });
});

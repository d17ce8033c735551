import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupInfo } from '@parley/protocol';
import { DEFAULT_LIMITS } from '../../src/config-limits.js';
import { FakeClock, startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { befriend, newUser, post, sent } from '../messaging/helpers.js';
import { createGroup, sentGroup } from '../messaging/group-helpers.js';

// Reactions and pin toggles are counted per user (REACTIONS_PER_MINUTE, PIN_TOGGLES_PER_MINUTE) and
// per conversation from everyone together (REACTIONS_PER_CONVERSATION_PER_MINUTE,
// PIN_TOGGLES_PER_CHAT_PER_MINUTE); beyond either, 429 and nothing changes.
const clock = new FakeClock();
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer(
    {
      limits: {
        ...DEFAULT_LIMITS,
        reactionsPerMinute: 3,
        reactionsPerConversationPerMinute: 5,
        pinTogglesPerMinute: 3,
        pinTogglesPerChatPerMinute: 4,
      },
    },
    clock,
  );
});
afterAll(() => t.close());

const RATE_LIMITED = { status: 429, code: 429, msg: '操作过于频繁，请稍后再试' };

const react = (u: TestUser, messageID: string, emoji: string, on = true) =>
  post(t, u, on ? '/message/reaction/add' : '/message/reaction/remove', { messageID, emoji });
const pin = (by: TestUser, to: TestUser, msgId: string) =>
  post(t, by, '/user/c2cTop/add', { toUserWtId: to.wtId, senderWtId: by.wtId, msgId, msgContent: '' });
const unpin = (by: TestUser, to: TestUser, msgId: string) =>
  post(t, by, '/user/c2cTop/delByMsgId', { toUserWtId: to.wtId, msgId });

describe('reaction limits', () => {
  it('one user adds or takes back 3 reactions a minute; the 4th waits for the next minute', async () => {
    const a = await newUser(t, 'rla');
    const b = await newUser(t, 'rlb');
    await befriend(t, a, b);
    const m = await sent(t, b, a, 'react');
    expect((await react(a, m.ID, '👍')).code).toBe(200);
    expect((await react(a, m.ID, '👍', false)).code).toBe(200);
    expect((await react(a, m.ID, '😂')).code).toBe(200);
    expect(await react(a, m.ID, '🎉')).toMatchObject(RATE_LIMITED);
    const list = await post<{ list: Array<{ reactionList: Array<{ emoji: string }> }> }>(
      t,
      a,
      '/message/reaction/list',
      { conversationID: `C2C${b.wtId}`, messageIDs: [m.ID] },
    );
    expect(list.data.list.map((l) => l.reactionList.map((r) => r.emoji))).toEqual([['😂']]);
    clock.advance(60_000);
    expect((await react(a, m.ID, '🎉')).code).toBe(200);
  });

  it('one conversation takes 5 reactions a minute from everyone together', async () => {
    const owner = await newUser(t, 'rlo');
    const b = await newUser(t, 'rlm');
    const c = await newUser(t, 'rln');
    const g: GroupInfo = await createGroup(t, owner, [b, c]);
    const m = await sentGroup(t, owner, g, 'popular');
    for (const e of ['😀', '😁', '😂']) expect((await react(owner, m.ID, e)).code).toBe(200);
    for (const e of ['😀', '😁']) expect((await react(b, m.ID, e)).code).toBe(200);
    expect(await react(b, m.ID, '😂')).toMatchObject(RATE_LIMITED);
    expect(await react(c, m.ID, '😂')).toMatchObject(RATE_LIMITED);
    // c may still react elsewhere.
    await befriend(t, c, b);
    const other = await sent(t, b, c, 'elsewhere');
    expect((await react(c, other.ID, '👍')).code).toBe(200);
  });
});

describe('pin toggle limits', () => {
  it('one user pins or unpins 3 times a minute', async () => {
    const a = await newUser(t, 'pla');
    const b = await newUser(t, 'plb');
    await befriend(t, a, b);
    const m1 = await sent(t, a, b, 'one');
    const m2 = await sent(t, a, b, 'two');
    expect((await pin(a, b, m1.ID)).code).toBe(200);
    expect((await unpin(a, b, m1.ID)).code).toBe(200);
    expect((await pin(a, b, m2.ID)).code).toBe(200);
    expect(await pin(a, b, m1.ID)).toMatchObject(RATE_LIMITED);
    expect(await unpin(a, b, m2.ID)).toMatchObject(RATE_LIMITED);
    clock.advance(60_000);
    expect((await unpin(a, b, m2.ID)).code).toBe(200);
  });

  it('one chat takes 4 toggles a minute from both sides together', async () => {
    const a = await newUser(t, 'pca');
    const b = await newUser(t, 'pcb');
    const c = await newUser(t, 'pcc');
    await befriend(t, a, b);
    await befriend(t, a, c);
    const m1 = await sent(t, a, b, 'one');
    const m2 = await sent(t, b, a, 'two');
    expect((await pin(a, b, m1.ID)).code).toBe(200);
    expect((await unpin(a, b, m1.ID)).code).toBe(200);
    expect((await pin(b, a, m2.ID)).code).toBe(200);
    expect((await unpin(b, a, m2.ID)).code).toBe(200);
    expect(await pin(b, a, m2.ID)).toMatchObject(RATE_LIMITED);
    // a's own count (3) still allows a toggle in another chat.
    const other = await sent(t, c, a, 'other chat');
    expect((await pin(a, c, other.ID)).code).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Errors,
  HELPER_CONVERSATION_ID,
  HELPER_WT_ID,
  type Conversation,
  type Message,
  type PinnedMessage,
  type PinsChanged,
} from '@parley/protocol';
import { api, startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { befriend, c2c, newUser, post, sent } from '../messaging/helpers.js';
import { must, ready } from '../messaging/group-helpers.js';

// Pins and reactions ask the messages policy over the shared message facts: the blacklist stops
// them like it stops a message, the helper's chat has no pins, a pin's abstract is the stored
// message's, and a reaction is exactly one emoji.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ helperWelcome: true });
});
afterAll(() => t.close());

const pin = (by: TestUser, to: TestUser | string, msgId: string, msgContent = '') =>
  post<PinnedMessage[]>(t, by, '/user/c2cTop/add', {
    toUserWtId: typeof to === 'string' ? to : to.wtId,
    senderWtId: by.wtId,
    msgId,
    msgContent,
  });
const unpinByMsg = (by: TestUser, to: TestUser | string, msgId: string) =>
  post<PinnedMessage[]>(t, by, '/user/c2cTop/delByMsgId', {
    toUserWtId: typeof to === 'string' ? to : to.wtId,
    msgId,
  });
const react = (u: TestUser, messageID: string, emoji: string, on = true) =>
  post(t, u, on ? '/message/reaction/add' : '/message/reaction/remove', { messageID, emoji });

async function pair(name: string) {
  const a = await newUser(t, `${name}a`);
  const b = await newUser(t, `${name}b`);
  await befriend(t, a, b);
  return { a, b };
}

describe('blacklist, pins and reactions', () => {
  it("after B blacklists A, A's pins, unpins and reactions are refused (20007) and reach B with no frame", async () => {
    const { a, b } = await pair('bl');
    const m1 = await sent(t, a, b, 'one');
    const m2 = await sent(t, b, a, 'two');
    const sb = await ready(t, b);
    const [pinned] = await must<PinnedMessage[]>(t, a, '/user/c2cTop/add', {
      toUserWtId: b.wtId,
      senderWtId: a.wtId,
      msgId: m1.ID,
      msgContent: '',
    });
    await sb.next((f) => String(f.type) === '3');
    await must(t, a, '/message/reaction/add', { messageID: m2.ID, emoji: '👍' });
    await sb.next((f) => f.type === 'message.reaction');

    await must(t, b, '/user/friendBlack/add', { friendWtId: a.wtId });
    const from = sb.frames.length;
    expect(await pin(a, b, m2.ID)).toMatchObject(Errors.blacklisted);
    expect(await unpinByMsg(a, b, m1.ID)).toMatchObject(Errors.blacklisted);
    expect(await post(t, a, '/user/c2cTop/del', { id: pinned!.id })).toMatchObject(Errors.blacklisted);
    expect(await react(a, m2.ID, '😂')).toMatchObject(Errors.blacklisted);
    expect(await react(a, m2.ID, '👍', false)).toMatchObject(Errors.blacklisted);
    // The one who blacklisted gets the send path's answer too (unblock first).
    expect(await pin(b, a, m2.ID)).toMatchObject(Errors.targetInMyBlacklist);
    expect(await react(b, m1.ID, '👍')).toMatchObject(Errors.targetInMyBlacklist);

    // A frame B causes itself arrives after anything the refused calls could have sent.
    await must(t, b, '/conversation/pin', { conversationID: c2c(a), isPinned: true });
    await sb.next((f) => f.type === 'conversation.updated' && (f.data as Conversation).isPinned);
    const leaked = sb.frames
      .slice(from)
      .filter((f) => String(f.type) === '3' || f.type === 'message.reaction');
    expect(leaked).toEqual([]);
    const pins = await must<PinnedMessage[]>(t, b, '/user/c2cTop/list', { toUserWtId: a.wtId });
    expect(pins.map((p) => p.msgId)).toEqual([m1.ID]);
    sb.close();

    // Once B takes A off the blacklist, A pins again.
    await must(t, b, '/user/friendBlack/deleteByUserId', { friendWtId: a.wtId });
    expect((await pin(a, b, m2.ID)).code).toBe(200);
  });
});

describe('the helper chat', () => {
  it('has no pins: can.pin is false and pinning or unpinning its message answers 403', async () => {
    const me = await newUser(t, 'hp');
    const history = await must<{ messages: Message[] }>(t, me, '/message/history', {
      conversationID: HELPER_CONVERSATION_ID,
      count: 20,
    });
    const welcome = history.messages.find((m) => m.from === HELPER_WT_ID)!;
    expect(welcome.can.pin).toBe(false);
    expect(await pin(me, HELPER_WT_ID, welcome.ID)).toMatchObject(Errors.forbidden);
    expect(await unpinByMsg(me, HELPER_WT_ID, welcome.ID)).toMatchObject(Errors.forbidden);
    expect(await must(t, me, '/user/c2cTop/list', { toUserWtId: HELPER_WT_ID })).toEqual([]);
  });
});

describe('pin abstract', () => {
  it('is derived from the stored message; the msgContent a client sends is not shown', async () => {
    const { a, b } = await pair('ab');
    const m = await sent(t, b, a, '周五下午三点评审');
    const sb = await ready(t, b);
    const res = await pin(a, b, m.ID, 'B 说: 把密码发给我');
    expect(res.code).toBe(200);
    expect(res.data.map((p) => [p.nickName, p.msgContent])).toEqual([['abb', '周五下午三点评审']]);
    const frame = await sb.next((f) => String(f.type) === '3');
    expect((frame.data as PinsChanged).list.map((p) => p.msgContent)).toEqual(['周五下午三点评审']);
    sb.close();
  });
});

describe('reaction emoji', () => {
  it('accepts exactly one emoji: plain, skin tone, ZWJ family, flag, keycap', async () => {
    const { a, b } = await pair('em');
    const m = await sent(t, a, b, 'react to me');
    for (const e of ['😀', '👍🏽', '👨‍👩‍👧', '🇯🇵', '1️⃣', '❤️'])
      expect([e, (await react(b, m.ID, e)).code]).toEqual([e, 200]);
  });

  it('refuses anything else with 24042, in the caller’s language', async () => {
    const { a, b } = await pair('en');
    const m = await sent(t, a, b, 'react to me');
    for (const e of ['a', '+1', '😀😀', '👍a', '1', '字'])
      expect([e, await react(b, m.ID, e)]).toMatchObject([e, Errors.reactionNotEmoji]);
    const en = await api(t, 'POST', '/message/reaction/add', {
      token: b.token,
      headers: { 'accept-language': 'en' },
      body: { messageID: m.ID, emoji: 'ok' },
    });
    expect([en.code, en.msg]).toEqual([24042, 'A reaction must be exactly one emoji.']);
    const ja = await api(t, 'POST', '/message/reaction/add', {
      token: b.token,
      headers: { 'accept-language': 'ja' },
      body: { messageID: m.ID, emoji: 'ok' },
    });
    expect([ja.code, ja.msg]).toEqual([24042, 'リアクションは絵文字1つだけにしてください。']);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, type Message } from '@parley/protocol';
import { api, startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { befriend, c2c, fullHistory, sent } from './helpers.js';
import { G, createGroup, gid, groupHistory, must, newUser, sentGroup } from './group-helpers.js';

// A quote (cloudCustomData.messageReply) is taken from the stored message it names: the client's
// abstract and sender are overwritten, and a message the sender may not see there is refused.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const reply = (messageID: string) => ({
  messageReply: {
    messageID,
    messageType: 'text',
    messageSender: 'Someone else',
    messageAbstract: 'a text nobody wrote',
  },
});

const quoting = (
  u: TestUser,
  conversationID: string,
  messageID: string,
  lang?: string,
  clientMsgId: string = randomUUID(),
) =>
  api<Message>(t, 'POST', '/message/send', {
    token: u.token,
    body: {
      conversationID,
      clientMsgId,
      type: 'text',
      payload: { text: 'my answer' },
      cloudCustomData: reply(messageID),
    },
    ...(lang ? { headers: { 'accept-language': lang } } : {}),
  });

const REFUSED = { status: 400, code: 27002, msg: Errors.quoteNotFound.msg };

describe('a quote in a one-to-one chat', () => {
  it('shows the stored abstract and the quoted sender’s nickname, whatever the client wrote', async () => {
    const a = await newUser(t, 'qa');
    const b = await newUser(t, 'qb');
    await befriend(t, a, b);
    const original = await sent(t, b, a, 'what b really said');
    const res = await quoting(a, c2c(b), original.ID);
    expect(res.code).toBe(200);
    const expected = {
      messageID: original.ID,
      messageType: 'text',
      messageSender: b.nickName,
      messageAbstract: 'what b really said',
    };
    expect(res.data.cloudCustomData).toEqual({ messageReply: expected });
    const seen = (await fullHistory(t, b, a)).find((m) => m.ID === res.data.ID);
    expect(seen?.cloudCustomData).toEqual({ messageReply: expected });
  });

  it('refuses a message id that does not exist, and one of another chat, in the caller’s language', async () => {
    const a = await newUser(t, 'qc');
    const b = await newUser(t, 'qd');
    const c = await newUser(t, 'qe');
    await befriend(t, a, b);
    await befriend(t, b, c);
    const elsewhere = await sent(t, c, b, 'between b and c');
    expect(await quoting(a, c2c(b), 'no-such-message-id')).toMatchObject(REFUSED);
    expect(await quoting(a, c2c(b), elsewhere.ID)).toMatchObject(REFUSED);
    expect(await quoting(a, c2c(b), elsewhere.ID, 'en')).toMatchObject({
      code: 27002,
      msg: 'The quoted message does not exist in this chat or you cannot see it.',
    });
    expect(await quoting(a, c2c(b), elsewhere.ID, 'ja')).toMatchObject({
      code: 27002,
      msg: '引用したメッセージはこのトークに存在しないか、閲覧できません。',
    });
    expect(Errors.quoteNotFound.msg).toBe('引用的消息不存在或无法查看');
    expect((await fullHistory(t, b, a)).filter((m) => m.type === 'text')).toEqual([]);
  });

  it('refuses a revoked message (its text is gone)', async () => {
    const a = await newUser(t, 'qf');
    const b = await newUser(t, 'qg');
    await befriend(t, a, b);
    const original = await sent(t, b, a, 'soon revoked');
    await must(t, b, '/message/revoke', { messageID: original.ID });
    expect(await quoting(a, c2c(b), original.ID)).toMatchObject(REFUSED);
  });

  it('a retry of a stored quoting send answers the stored message, even once the quoted one is revoked', async () => {
    const a = await newUser(t, 'qh');
    const b = await newUser(t, 'qi');
    await befriend(t, a, b);
    const original = await sent(t, b, a, 'quoted then revoked');
    const clientMsgId = randomUUID();
    const first = await quoting(a, c2c(b), original.ID, undefined, clientMsgId);
    expect(first.code).toBe(200);
    await must(t, b, '/message/revoke', { messageID: original.ID });
    const again = await quoting(a, c2c(b), original.ID, undefined, clientMsgId);
    expect(again).toMatchObject({ code: 200, data: { ID: first.data.ID } });
  });
});

describe('a quote in a group', () => {
  it('is taken from the stored message; one posted before the sender joined, or another group’s, is refused', async () => {
    const owner = await newUser(t, 'qo');
    const x = await newUser(t, 'qx');
    const late = await newUser(t, 'ql');
    const g = await createGroup(t, owner, [x]);
    const other = await createGroup(t, owner, [x]);
    const early = await sentGroup(t, owner, g, 'before late joined');
    const foreign = await sentGroup(t, owner, other, 'in another group');
    const res = await quoting(x, gid(g), early.ID);
    expect(res.code).toBe(200);
    expect(res.data.cloudCustomData?.messageReply).toEqual({
      messageID: early.ID,
      messageType: 'text',
      messageSender: owner.nickName,
      messageAbstract: 'before late joined',
    });
    expect(await quoting(x, gid(g), foreign.ID)).toMatchObject(REFUSED);

    await befriend(t, owner, late);
    await must(t, owner, `${G}/member/batchInvite`, { groupNumber: g.groupNumber, wtIds: [late.wtId] });
    expect((await groupHistory(t, late, g)).some((m) => m.ID === early.ID)).toBe(false);
    expect(await quoting(late, gid(g), early.ID)).toMatchObject(REFUSED);
  });

  it('refuses a message posted after the sender left, once they are back', async () => {
    const owner = await newUser(t, 'qp');
    const x = await newUser(t, 'qy');
    const g = await createGroup(t, owner, [x]);
    await must(t, x, `${G}/member/quit`, { groupNumber: g.groupNumber });
    const whileAway = await sentGroup(t, owner, g, 'while x was away');
    await must(t, owner, `${G}/member/batchInvite`, { groupNumber: g.groupNumber, wtIds: [x.wtId] });
    expect(await quoting(x, gid(g), whileAway.ID)).toMatchObject(REFUSED);
  });
});

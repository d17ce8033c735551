import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, type PinnedMessage, type PinsChanged } from '@parley/protocol';
import { openSocket, startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { befriend, newUser, post, sent } from '../messaging/helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const pin = (by: TestUser, to: TestUser, msgId: string, msgContent = 'abstract') =>
  post<PinnedMessage[]>(t, by, '/user/c2cTop/add', {
    toUserWtId: to.wtId,
    senderWtId: by.wtId,
    msgId,
    msgContent,
  });
const pinsOf = async (by: TestUser, to: TestUser) =>
  (await post<PinnedMessage[]>(t, by, '/user/c2cTop/list', { toUserWtId: to.wtId })).data;

async function chat() {
  const a = await newUser(t, 'pa');
  const b = await newUser(t, 'pb');
  await befriend(t, a, b);
  return { a, b };
}

describe('pinned messages', () => {
  it('both participants see a pin, oneSelf marks who pinned it, and both get socket type 3', async () => {
    const { a, b } = await chat();
    const m1 = await sent(t, a, b, '明天九点开会');
    const m2 = await sent(t, b, a, '收到');
    const sa = await openSocket(t, a.token);
    const sb = await openSocket(t, b.token);
    await Promise.all([sa.next((f) => f.type === 'hello'), sb.next((f) => f.type === 'hello')]);

    const res = await pin(a, b, m1.ID, '明天九点开会');
    expect(res).toMatchObject({ code: 200, msg: '置顶成功' });
    expect(res.data).toEqual([
      {
        id: expect.any(Number),
        msgId: m1.ID,
        nickName: 'pa',
        msgContent: '明天九点开会',
        oneSelf: 1,
        conversationID: `C2C${b.wtId}`,
        createTime: expect.any(Number),
      },
    ]);
    const toB = await sb.next((f) => String(f.type) === '3');
    expect(toB.data as PinsChanged).toEqual({
      conversationID: `C2C${a.wtId}`,
      list: [{ ...res.data[0], oneSelf: 0, conversationID: `C2C${a.wtId}` }],
    });
    expect(((await sa.next((f) => String(f.type) === '3')).data as PinsChanged).list[0]!.oneSelf).toBe(1);

    // B pins the other message: newest first; pinning it again changes nothing.
    await pin(b, a, m2.ID);
    expect((await pin(b, a, m2.ID)).code).toBe(200);
    const seenByB = await pinsOf(b, a);
    expect(seenByB.map((p) => [p.msgId, p.oneSelf])).toEqual([
      [m2.ID, 1],
      [m1.ID, 0],
    ]);
    expect((await pinsOf(a, b)).map((p) => [p.msgId, p.oneSelf])).toEqual([
      [m2.ID, 0],
      [m1.ID, 1],
    ]);

    // Either side unpins, by id or by message id.
    const afterDel = await post<PinnedMessage[]>(t, b, '/user/c2cTop/del', { id: seenByB[1]!.id });
    expect(afterDel).toMatchObject({ code: 200, msg: '取消置顶成功' });
    expect(afterDel.data.map((p) => p.msgId)).toEqual([m2.ID]);
    const byMsg = await post<PinnedMessage[]>(t, a, '/user/c2cTop/delByMsgId', {
      toUserWtId: b.wtId,
      msgId: m2.ID,
    });
    expect(byMsg.data).toEqual([]);
    const last = await sb.next((f) => String(f.type) === '3' && (f.data as PinsChanged).list.length === 0);
    expect((last.data as PinsChanged).conversationID).toBe(`C2C${a.wtId}`);
    sa.close();
    sb.close();
  });

  it('a revoked or deleted message leaves the bar, live, and cannot be pinned', async () => {
    const { a, b } = await chat();
    const m1 = await sent(t, a, b, 'will be revoked');
    const m2 = await sent(t, b, a, 'will be deleted');
    await pin(a, b, m1.ID);
    await pin(a, b, m2.ID);
    const sb = await openSocket(t, b.token);
    await sb.next((f) => f.type === 'hello');

    expect((await post(t, a, '/message/revoke', { messageID: m1.ID })).code).toBe(200);
    const gone = await sb.next((f) => String(f.type) === '3');
    expect((gone.data as PinsChanged).list.map((p) => p.msgId)).toEqual([m2.ID]);
    expect(await pin(b, a, m1.ID)).toMatchObject(Errors.pinMessageNotFound);

    sb.close();
  });

  it('a message deleted for oneself leaves only that member’s bar; the other keeps the pin', async () => {
    const { a, b } = await chat();
    const m1 = await sent(t, a, b, 'kept pinned');
    const m2 = await sent(t, b, a, 'deleted by A only');
    await pin(b, a, m1.ID);
    await pin(b, a, m2.ID);
    const sa = await openSocket(t, a.token);
    const sb = await openSocket(t, b.token);
    await Promise.all([sa.next((f) => f.type === 'hello'), sb.next((f) => f.type === 'hello')]);

    expect((await post(t, a, '/message/delete', { messageIDs: [m2.ID] })).code).toBe(200);
    const toA = await sa.next((f) => String(f.type) === '3');
    expect(toA.data as PinsChanged).toEqual({
      conversationID: `C2C${b.wtId}`,
      list: [expect.objectContaining({ msgId: m1.ID, oneSelf: 0 })],
    });
    expect((await pinsOf(a, b)).map((p) => p.msgId)).toEqual([m1.ID]);
    expect((await pinsOf(b, a)).map((p) => p.msgId)).toEqual([m2.ID, m1.ID]);
    // A cannot pin what they deleted; B pinning it again changes nothing.
    expect(await pin(a, b, m2.ID)).toMatchObject(Errors.pinMessageNotFound);
    expect((await pin(b, a, m2.ID)).data.map((p) => p.msgId)).toEqual([m2.ID, m1.ID]);

    // B unpins m1: the next frame B's socket gets is that change, not one for A's delete.
    await post(t, b, '/user/c2cTop/delByMsgId', { toUserWtId: a.wtId, msgId: m1.ID });
    const toB = await sb.next((f) => String(f.type) === '3');
    expect((toB.data as PinsChanged).list.map((p) => p.msgId)).toEqual([m2.ID]);
    expect(((await sa.next((f) => String(f.type) === '3')).data as PinsChanged).list).toEqual([]);
    sa.close();
    sb.close();
  });

  it('only the two participants reach a chat’s pins (IDOR on every id)', async () => {
    const { a, b } = await chat();
    const eve = await newUser(t, 'eve');
    await befriend(t, eve, a);
    const m = await sent(t, a, b, 'private');
    const pinned = (await pin(a, b, m.ID)).data[0]!;

    // Eve names the message in her own chat with A, or A's chat through B: not found, nothing changes.
    expect(await pin(eve, a, m.ID)).toMatchObject(Errors.pinMessageNotFound);
    expect(await pin(eve, b, m.ID)).toMatchObject(Errors.pinMessageNotFound);
    expect(await pinsOf(eve, a)).toEqual([]);
    expect(await pinsOf(eve, b)).toEqual([]);
    expect(await post(t, eve, '/user/c2cTop/del', { id: pinned.id })).toMatchObject(Errors.pinNotFound);
    expect(await post(t, eve, '/user/c2cTop/delByMsgId', { toUserWtId: a.wtId, msgId: m.ID })).toMatchObject(
      Errors.pinNotFound,
    );
    expect((await pinsOf(b, a)).map((p) => p.msgId)).toEqual([m.ID]);
    expect(await post(t, a, '/user/c2cTop/list', { toUserWtId: 'nobody_here' })).toMatchObject(
      Errors.userNotFound,
    );
  });

  it('keeps 20 pins per chat and an abstract of at most 200 characters of the message', async () => {
    const { a, b } = await chat();
    const msgs = [];
    msgs.push(await sent(t, a, b, '字'.repeat(201)));
    for (let i = 1; i < 21; i += 1) msgs.push(await sent(t, a, b, `m${i}`));
    expect((await pin(a, b, msgs[0]!.ID, 'x')).data[0]!.msgContent).toBe('字'.repeat(200));
    expect(await pin(a, b, msgs[1]!.ID, '字'.repeat(201))).toMatchObject({
      status: 400,
      msg: '消息内容不能超过200个字符',
    });
    for (let i = 1; i < 20; i += 1) expect((await pin(a, b, msgs[i]!.ID)).code).toBe(200);
    expect(await pin(a, b, msgs[20]!.ID)).toMatchObject(Errors.pinLimit);
    expect((await pin(a, b, msgs[3]!.ID)).data).toHaveLength(20);
  });
});

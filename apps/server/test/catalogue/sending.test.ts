import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@parley/protocol';
import { FakeClock, openSocket, startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { befriend, c2c, fullHistory, newUser, post, sendText } from '../messaging/helpers.js';
import { createGroup, gid, groupHistory, sendGroup } from '../messaging/group-helpers.js';
import { upload, PNG } from '../uploads/fixtures.js';
import { setSendBan } from '../../src/modules/users/send-ban.js';
import { UserRepo } from '../../src/modules/users/user.repo.js';

// Refusals of sending that depend on an operator's moderation: a send ban (20012) and content
// banned after it was uploaded (80004 for an image, 4005 for a file), one-to-one, in a group, over
// the socket and by forwarding; nothing refused is stored.
const HOUR = 3600_000;
const BANNED = { status: 403, code: 20012, msg: '封禁期间无法向其他用户发送消息' };
const BANNED_IMAGE = { status: 400, code: 80004, msg: '消息中图片存在敏感内容,发送失败' };
const BANNED_FILE = { status: 400, code: 4005, msg: '文件消息失败,禁止发送违规封禁的文件' };

const clock = new FakeClock();
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ messageSendPerMinute: 100_000 }, clock);
});
afterAll(() => t.close());

const ban = (u: TestUser, until: number) =>
  setSendBan(new UserRepo(t.server.ctx.db), u.wtId, until, clock.now());

const forward = (from: TestUser, messageIDs: string[], conversationIDs: string[]) =>
  post<{ messages: Message[] }>(t, from, '/message/forward', {
    forwardId: randomUUID(),
    messageIDs,
    conversationIDs,
    mode: 'single',
  });

describe('a send ban (20012)', () => {
  it('refuses every message of the banned user until the ban ends, and only theirs', async () => {
    const a = await newUser(t, 'ban_a');
    const b = await newUser(t, 'ban_b');
    await befriend(t, a, b);
    const g = await createGroup(t, a, [b]);
    const earlier = await sendText(t, b, a, 'before the ban');
    expect(earlier.code).toBe(200);
    // A send before the ban: on SQLite the send thread now keeps both parties' rows.
    expect((await sendText(t, a, b, 'before the ban')).code).toBe(200);

    const until = clock.now() + HOUR;
    expect(await ban(a, until)).toBe(true);
    expect(await sendText(t, a, b, 'during the ban')).toMatchObject(BANNED);
    expect(await sendGroup(t, a, g, 'during the ban')).toMatchObject(BANNED);
    expect(await forward(a, [earlier.data.ID], [c2c(b), gid(g)])).toMatchObject(BANNED);
    const socket = await openSocket(t, a.token);
    try {
      await socket.next((f) => f.type === 'hello');
      socket.send({
        id: 'ban',
        type: 'message.send',
        data: { conversationID: c2c(b), clientMsgId: randomUUID(), type: 'text', payload: { text: 'hi' } },
      });
      const ack = await socket.next((f) => f.type === 'ack' && f.id === 'ban');
      expect([ack.code, ack.msg]).toEqual([BANNED.code, BANNED.msg]);
    } finally {
      socket.close();
    }
    // The other side still writes; nothing of the banned user was stored.
    expect((await sendText(t, b, a, 'to the banned user')).code).toBe(200);
    expect((await fullHistory(t, b, a)).filter((m) => m.from === a.wtId).map((m) => m.payload.text)).toEqual([
      'before the ban',
    ]);
    expect((await groupHistory(t, b, g)).filter((m) => m.from === a.wtId && m.type !== 'groupTip')).toEqual(
      [],
    );

    // It ends at `until` exactly.
    clock.advance(HOUR - 1);
    expect(await sendText(t, a, b, 'still banned')).toMatchObject(BANNED);
    clock.advance(1);
    expect((await sendText(t, a, b, 'after the ban')).code).toBe(200);
    expect((await sendGroup(t, a, g, 'after the ban')).code).toBe(200);
  });

  it('is lifted with 0, and an unknown ID is reported', async () => {
    const a = await newUser(t, 'ban_c');
    const b = await newUser(t, 'ban_d');
    await befriend(t, a, b);
    await ban(a, clock.now() + HOUR);
    expect(await sendText(t, a, b, 'banned')).toMatchObject(BANNED);
    await ban(a, 0);
    expect((await sendText(t, a, b, 'free again')).code).toBe(200);
    expect(await setSendBan(new UserRepo(t.server.ctx.db), 'nobody_here', 1, clock.now())).toBe(false);
  });
});

describe('content banned after its upload (80004, 4005)', () => {
  it('refuses an image or file message naming it, sent, grouped or forwarded', async () => {
    const a = await newUser(t, 'img_a');
    const b = await newUser(t, 'img_b');
    await befriend(t, a, b);
    const g = await createGroup(t, a, [b]);
    const image = await upload(t, a.token, { bytes: PNG, name: 'pic.png', intent: 'image' });
    const file = await upload(t, a.token, { bytes: PNG, name: 'pic.bin' });
    expect([image.code, file.code]).toEqual([200, 200]);
    const imagePayload = {
      imageInfoArray: image.data!.imageInfoArray!.map(({ url, width, height, size }) => ({
        url,
        width,
        height,
        size,
      })),
    };
    const filePayload = { fileUrl: file.data!.url, fileName: 'pic.bin', fileSize: file.data!.size };
    const send = (type: string, payload: unknown, to = c2c(b)) =>
      post<Message>(t, a, '/message/send', { conversationID: to, clientMsgId: randomUUID(), type, payload });

    // Before the ban both go out.
    const sentImage = await send('image', imagePayload);
    expect(sentImage.code).toBe(200);
    expect((await send('file', filePayload)).code).toBe(200);

    // The operator bans that content (UPLOAD_BANNED_SHA256 is read at each check).
    const banned = t.server.ctx.config.uploadBannedSha256;
    banned.push(createHash('sha256').update(PNG).digest('hex'));
    try {
      const before = (await fullHistory(t, b, a)).length;
      expect(await send('image', imagePayload)).toMatchObject(BANNED_IMAGE);
      expect(await send('image', imagePayload, gid(g))).toMatchObject(BANNED_IMAGE);
      expect(await forward(a, [sentImage.data.ID], [gid(g)])).toMatchObject(BANNED_IMAGE);
      expect(await send('file', filePayload)).toMatchObject(BANNED_FILE);
      expect(await send('file', filePayload, gid(g))).toMatchObject(BANNED_FILE);
      // A fresh upload of it is refused as before.
      expect(await upload(t, a.token, { bytes: PNG, name: 'again.png' })).toMatchObject(BANNED_FILE);
      expect((await fullHistory(t, b, a)).length).toBe(before);
      expect((await groupHistory(t, b, g)).filter((m) => m.type === 'image' || m.type === 'file')).toEqual(
        [],
      );
      // Other images still go out.
      expect((await sendText(t, a, b, 'text is fine')).code).toBe(200);
    } finally {
      banned.pop();
    }
    expect((await send('image', imagePayload)).code).toBe(200);
  });
});

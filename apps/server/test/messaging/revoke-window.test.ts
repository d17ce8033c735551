import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@parley/protocol';
import { FakeClock, openSocket, startTestServer, type TestServer, type TestSocket } from '../helpers.js';
import { befriend, conversation, post, sent, userOn } from './helpers.js';

let t: TestServer;
const clock = new FakeClock();
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await startTestServer({ messageSendPerMinute: 100_000 }, clock);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

async function tab(token: string, query?: string): Promise<TestSocket> {
  const s = await openSocket(t, token, query);
  sockets.push(s);
  await s.next((f) => f.type === 'hello');
  return s;
}

describe('revoke', () => {
  it('own message at 4:59 is revoked for both (every tab); at 5:01 answers 20016', async () => {
    const a = await userOn(t, 'revA');
    const b = await userOn(t, 'revB');
    await befriend(t, a, b);
    const [a1, a2, b1] = [await tab(a.token), await tab(a.token), await tab(b.token)];
    const m1 = await sent(t, a, b, 'oops');
    clock.advance(4 * 60_000 + 59_000);
    const ok = await post<Message>(t, a, '/message/revoke', { messageID: m1.ID });
    expect(ok).toMatchObject({
      code: 200,
      data: { ID: m1.ID, isRevoked: true, revoker: a.wtId, payload: {} },
    });
    for (const s of [a1, a2, b1]) {
      const f = await s.next((x) => x.type === 'message.updated');
      expect(f.data).toMatchObject({ ID: m1.ID, isRevoked: true });
    }
    expect((await conversation(t, b, a)).lastMessage).toMatchObject({ messageID: m1.ID, isRevoked: true });

    const m2 = await sent(t, a, b, 'too late');
    clock.advance(5 * 60_000 + 1_000);
    expect(await post(t, a, '/message/revoke', { messageID: m2.ID })).toMatchObject({
      code: 20016,
      msg: '已过撤回时限',
    });
    // Revoking again is an idempotent retry (no second event).
    expect(await post(t, a, '/message/revoke', { messageID: m1.ID })).toMatchObject({
      code: 200,
      data: { ID: m1.ID, isRevoked: true },
    });
    // The peer's message is not yours to revoke.
    const m3 = await sent(t, b, a, 'mine');
    expect(await post(t, a, '/message/revoke', { messageID: m3.ID })).toMatchObject({
      status: 403,
      code: 403,
      msg: '当前操作没有权限',
    });
    // A later message reaches every tab; nothing came before it but the one revoke event (neither
    // the retry nor the refused revokes announced anything).
    for (const s of [a1, a2, b1]) {
      await s.next((x) => x.type === 'message.new' && (x.data as Message).ID === m3.ID);
      expect(s.frames.filter((x) => x.type === 'message.updated').map((x) => (x.data as Message).ID)).toEqual(
        [m1.ID],
      );
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageLimits, type Message, type MessageCan } from '@parley/protocol';
import { FakeClock, openSocket, startTestServer, type TestServer, type TestSocket } from '../helpers.js';
import { befriend, history, post, sent, sync, userOn } from './helpers.js';
import { createGroup, groupHistory, newUser, ready, sentGroup } from './group-helpers.js';

// The `can` flags every message carries (docs/decisions/045-message-can-flags.md): the same in the
// send answer, the frames, history, sync and search, and the server's actions do what they say.

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

/** Moves the server's clock forward to `ms`. */
const moveTo = (ms: number) => clock.advance(ms - clock.now());

async function tab(token: string): Promise<TestSocket> {
  const s = await openSocket(t, token);
  sockets.push(s);
  await s.next((f) => f.type === 'hello');
  return s;
}

const fresh = (m: Message): MessageCan => ({
  revoke: true,
  revokeUntil: m.timeMs + MessageLimits.revokeWindowMs,
  reedit: false,
  pin: m.conversationType === 'C2C',
  delete: true,
  forward: true,
  react: true,
});
const framed = (s: TestSocket, type: string, id: string) =>
  s.next((f) => f.type === type && (f.data as Message).ID === id).then((f) => f.data as Message);

describe('message can flags', () => {
  it('one-to-one: the same flags for both sides everywhere; the revoke lapses at revokeUntil', async () => {
    const a = await userOn(t, 'canA');
    const b = await userOn(t, 'canB');
    await befriend(t, a, b);
    const b1 = await tab(b.token);
    const m = await sent(t, a, b, 'flags here');
    expect(m.can).toEqual(fresh(m));
    expect((await framed(b1, 'message.new', m.ID)).can).toEqual(fresh(m));
    for (const [reader, peer] of [
      [a, b],
      [b, a],
    ] as const) {
      const page = await history(t, reader, peer);
      expect(page.messages.find((x) => x.ID === m.ID)!.can).toEqual(fresh(m));
    }
    expect((await sync(t, b, 0)).messages.find((x) => x.ID === m.ID)!.can).toEqual(fresh(m));
    const found = await post<{ messages: Message[] }>(t, b, '/message/search', { keyword: 'flags here' });
    expect(found.data.messages.map((x) => x.can)).toEqual([fresh(m)]);

    // The flag's deadline is the server's: revoking one millisecond after it is refused.
    moveTo(m.can.revokeUntil + 1);
    expect(await post(t, a, '/message/revoke', { messageID: m.ID })).toMatchObject({
      code: 20016,
      msg: '已过撤回时限',
    });

    const n = await sent(t, a, b, 'take back');
    moveTo(n.can.revokeUntil);
    const revoked = await post<Message>(t, a, '/message/revoke', { messageID: n.ID });
    const after: MessageCan = {
      revoke: false,
      revokeUntil: 0,
      reedit: true,
      pin: false,
      delete: true,
      forward: false,
      react: false,
    };
    expect(revoked.data.can).toEqual(after);
    expect((await framed(b1, 'message.updated', n.ID)).can).toEqual(after);

    // Deleted for b: b may not delete it again nor pin it; a keeps its flags.
    await post(t, b, '/message/delete', { messageIDs: [m.ID] });
    const gone = await framed(b1, 'message.updated', m.ID);
    expect(gone).toMatchObject({
      isDeleted: true,
      can: { delete: false, pin: false, forward: false, react: false },
    });
    expect((await history(t, a, b)).messages.find((x) => x.ID === m.ID)!.can).toMatchObject({
      delete: true,
      pin: true,
    });

    // The add-friend notice is the server's: not forwardable (forward answers 27001: rich/forward.test.ts).
    const notice = (await history(t, a, b)).messages.find((x) => x.type === 'custom')!;
    expect(notice.can).toMatchObject({ forward: false, delete: true });
  });

  it('group: the shared frame carries the sender-side flags; a manager revoke leaves no reedit; tips none', async () => {
    const owner = await newUser(t, 'canGO');
    const member = await newUser(t, 'canGM');
    const g = await createGroup(t, owner, [member]);
    const ownerTab = await ready(t, owner);
    sockets.push(ownerTab);
    const m = await sentGroup(t, member, g, 'group flags');
    expect(m.can).toEqual(fresh(m));
    expect((await framed(ownerTab, 'message.new', m.ID)).can).toEqual(fresh(m));
    const tip = (await groupHistory(t, owner, g)).find((x) => x.type === 'groupTip')!;
    expect(tip.can).toEqual({
      revoke: false,
      revokeUntil: 0,
      reedit: false,
      pin: false,
      delete: true,
      forward: false,
      react: true,
    });

    // Past the sender's window the owner still revokes a member's message (the group rules).
    moveTo(m.can.revokeUntil + 1);
    expect(await post(t, member, '/message/revoke', { messageID: m.ID })).toMatchObject({ code: 20016 });
    const byOwner = await post<Message>(t, owner, '/message/revoke', { messageID: m.ID });
    expect(byOwner.data).toMatchObject({
      isRevoked: true,
      revoker: 'administrator',
      can: {
        revoke: false,
        revokeUntil: 0,
        reedit: false,
        pin: false,
        delete: true,
        forward: false,
        react: false,
      },
    });
    expect((await groupHistory(t, member, g)).find((x) => x.ID === m.ID)!.can.reedit).toBe(false);
    // A tip is never revoked, not even by the owner.
    expect(await post(t, owner, '/message/revoke', { messageID: tip.ID })).toMatchObject({
      code: 403,
      msg: '当前操作没有权限',
    });
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers.js';
import { befriend, fullHistory, sendText } from '../messaging/helpers.js';
import { createGroup, newUser, sendGroup } from '../messaging/group-helpers.js';

// A send is idempotent per (sender, conversation, clientMsgId); a clientMsgId already used in another
// conversation is refused, never answered with the other conversation's message.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const REUSED = { status: 409, code: 26001, msg: '该clientMsgId已用于其他会话，请换一个', data: null };

describe('clientMsgId per conversation', () => {
  it('a retry in the same conversation answers the stored message; another conversation answers 409', async () => {
    const a = await newUser(t, 'cmid_a');
    const b = await newUser(t, 'cmid_b');
    const c = await newUser(t, 'cmid_c');
    await befriend(t, a, b);
    await befriend(t, a, c);
    const id = randomUUID();
    const first = await sendText(t, a, b, 'to b', id);
    expect(first.code).toBe(200);
    const retry = await sendText(t, a, b, 'to b again', id);
    expect(retry).toMatchObject({ status: 200, data: { ID: first.data.ID, payload: { text: 'to b' } } });

    expect(await sendText(t, a, c, 'to c', id)).toEqual(REUSED);
    expect(await sendText(t, a, { ...c, wtId: c.wtId.toUpperCase() }, 'to C', id)).toEqual(REUSED);
    const texts = async () =>
      (await fullHistory(t, c, a)).filter((m) => m.type === 'text').map((m) => m.payload);
    expect(await texts()).toEqual([]);
    // A fresh id reaches c.
    expect((await sendText(t, a, c, 'to c')).code).toBe(200);
    expect(await texts()).toEqual([{ text: 'to c' }]);
  });

  it('between a one-to-one chat and a group, either way', async () => {
    const a = await newUser(t, 'cmid_ga');
    const b = await newUser(t, 'cmid_gb');
    await befriend(t, a, b);
    const g = await createGroup(t, a, [b]);
    const toPeer = randomUUID();
    expect((await sendText(t, a, b, 'peer', toPeer)).code).toBe(200);
    expect(await sendGroup(t, a, g, 'group', { clientMsgId: toPeer })).toEqual(REUSED);

    const toGroup = randomUUID();
    const inGroup = await sendGroup(t, a, g, 'group', { clientMsgId: toGroup });
    expect(inGroup.code).toBe(200);
    expect((await sendGroup(t, a, g, 'group', { clientMsgId: toGroup })).data.ID).toBe(inGroup.data.ID);
    expect(await sendText(t, a, b, 'peer', toGroup)).toEqual(REUSED);
  });
});

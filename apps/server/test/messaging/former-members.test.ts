import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, type GroupInfo, type Message } from '@parley/protocol';
import { startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { libreTranslateStandIn, transcriptionStandIn, type StandIn } from '../translation/stand-ins.js';
import { wav } from '../translation/sound.js';
import { upload } from '../uploads/fixtures.js';
import { befriend, c2c, fullHistory } from './helpers.js';
import { G, createGroup, gid, must, newUser, post, ready, sentGroup } from './group-helpers.js';

// Every route that takes a message id reads the same facts (messaging/core/message-facts.ts): a
// member who left a group (removed, quit, blacklisted by its managers) keeps the history up to where
// they left and nothing after it, whichever route asks.
let t: TestServer;
let lt: StandIn;
let asr: StandIn;
beforeAll(async () => {
  lt = await libreTranslateStandIn();
  asr = await transcriptionStandIn();
  t = await startTestServer({
    translate: { url: lt.url, apiKey: 'k', timeoutMs: 5000, retries: 0, maxChars: 5000 },
    asr: {
      kind: 'openai',
      url: asr.url,
      apiKey: 'k',
      model: 'whisper-test',
      timeoutMs: 5000,
      retries: 0,
      maxBytes: 1 << 20,
    },
  });
});
afterAll(async () => {
  await t.close();
  await lt.close();
  await asr.close();
});

const NOT_FOUND = { status: 404, code: 404, msg: Errors.notFound.msg };

const forward = (u: TestUser, messageIDs: string[], to: TestUser, mode: 'single' | 'merged') =>
  post<{ messages: Message[] }>(t, u, '/message/forward', {
    forwardId: `fw${randomUUID().replace(/-/g, '').slice(0, 20)}`,
    messageIDs,
    conversationIDs: [c2c(to)],
    mode,
  });

const leave: Record<string, (owner: TestUser, x: TestUser, g: GroupInfo) => Promise<unknown>> = {
  removed: (owner, x, g) =>
    must(t, owner, `${G}/member/remove`, { groupNumber: g.groupNumber, wtIds: [x.wtId] }),
  quit: (_owner, x, g) => must(t, x, `${G}/member/quit`, { groupNumber: g.groupNumber }),
  blacklisted: (owner, x, g) =>
    must(t, owner, `${G}/memberBlack/add`, { groupNumber: g.groupNumber, wtIds: [x.wtId] }),
};

describe('a former group member and a message posted after they left', () => {
  for (const [how, leaveGroup] of Object.entries(leave)) {
    it(`${how}: forward, merge, delete, pin, react, translate and voice to text refuse it; the earlier message still works`, async () => {
      const owner = await newUser(t, `fo${how.slice(0, 3)}`);
      const x = await newUser(t, `fx${how.slice(0, 3)}`);
      const friend = await newUser(t, `ff${how.slice(0, 3)}`);
      await befriend(t, x, friend);
      const g = await createGroup(t, owner, [x]);
      const before = await sentGroup(t, owner, g, 'before they left');
      await leaveGroup(owner, x, g);
      const after = await sentGroup(t, owner, g, 'after they left');
      const up = await upload(t, owner.token, { bytes: wav(), name: 'voice.wav', type: 'audio/wav' });
      const voice = await sentGroup(t, owner, g, '', {
        type: 'sound',
        payload: { url: up.data!.url, second: 3 },
      });
      await must(t, owner, '/message/reaction/add', { messageID: after.ID, emoji: '👍' });
      const sx = await ready(t, x);

      expect(await forward(x, [after.ID], friend, 'single')).toMatchObject(NOT_FOUND);
      expect(await forward(x, [before.ID, after.ID], friend, 'merged')).toMatchObject(NOT_FOUND);
      expect((await fullHistory(t, friend, x)).filter((m) => m.type !== 'custom')).toEqual([]);
      expect(await post(t, x, '/message/delete', { messageIDs: [after.ID] })).toMatchObject(NOT_FOUND);
      expect(
        await post(t, x, '/user/c2cTop/add', {
          toUserWtId: owner.wtId,
          senderWtId: owner.wtId,
          msgId: after.ID,
          msgContent: '',
        }),
      ).toMatchObject(Errors.pinMessageNotFound);
      expect(await post(t, x, '/message/reaction/add', { messageID: after.ID, emoji: '👍' })).toMatchObject(
        Errors.reactionMessageNotFound,
      );
      expect(
        await post(t, x, '/message/reaction/remove', { messageID: after.ID, emoji: '👍' }),
      ).toMatchObject(Errors.reactionMessageNotFound);
      expect(
        await must(t, x, '/message/reaction/list', { conversationID: gid(g), messageIDs: [after.ID] }),
      ).toEqual({ list: [] });
      expect(
        await post(t, x, '/message/translate', { messageID: after.ID, targetLanguage: 'en' }),
      ).toMatchObject(NOT_FOUND);
      expect(await post(t, x, '/message/voiceToText', { messageID: voice.ID })).toMatchObject(NOT_FOUND);
      expect((await post(t, owner, '/message/voiceToText', { messageID: voice.ID })).code).toBe(200);

      // What they saw before leaving is still theirs: forwarded, translated, then deleted.
      const sent = await must<{ messages: Message[] }>(t, x, '/message/forward', {
        forwardId: `fw${randomUUID().replace(/-/g, '').slice(0, 20)}`,
        messageIDs: [before.ID],
        conversationIDs: [c2c(friend)],
        mode: 'single',
      });
      expect(sent.messages.map((m) => m.payload.text)).toEqual(['before they left']);
      expect(
        (await post(t, x, '/message/translate', { messageID: before.ID, targetLanguage: 'en' })).code,
      ).toBe(200);
      expect(await must(t, x, '/message/delete', { messageIDs: [before.ID] })).toEqual({
        messageIDs: [before.ID],
      });
      // The refused delete pushed nothing: the only message.updated is the earlier message's.
      await sx.next((f) => f.type === 'message.updated' && (f.data as Message).ID === before.ID);
      expect(
        sx.frames.filter((f) => f.type === 'message.updated').map((f) => (f.data as Message).ID),
      ).toEqual([before.ID]);
      sx.close();
    });
  }
});

import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Message } from '@parley/protocol';
import type { TestServer, TestUser } from '../helpers.js';
import { c2c, post } from '../messaging/helpers.js';
import { upload } from '../uploads/fixtures.js';
import { wav } from './stand-ins.js';

export { wav };

/** A sound message from `from` to `to` whose recording is `bytes` (uploaded first). */
export async function sentSoundFrom(
  t: TestServer,
  from: TestUser,
  to: TestUser,
  bytes: Buffer,
): Promise<Message> {
  const up = await upload(t, from.token, { bytes, name: 'voice.wav', type: 'audio/wav' });
  expect(up.code).toBe(200);
  const res = await post<Message>(t, from, '/message/send', {
    conversationID: c2c(to),
    clientMsgId: randomUUID(),
    type: 'sound',
    payload: { url: up.data!.url, second: 3 },
  });
  expect(res.code).toBe(200);
  return res.data;
}

import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Message } from '@parley/protocol';
import type { TestServer, TestUser } from '../helpers.js';
import { c2c, post } from '../messaging/helpers.js';
import { upload } from '../uploads/fixtures.js';

/** A short PCM WAV (RIFF/WAVE header and `n` samples of silence): what the uploads accept as audio. */
export function wav(n = 1600): Buffer {
  const data = Buffer.alloc(n * 2);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'latin1');
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVEfmt ', 8, 'latin1');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(16000, 24);
  h.writeUInt32LE(32000, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'latin1');
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

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

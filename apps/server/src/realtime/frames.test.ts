import { describe, expect, it } from 'vitest';
import { clientFrame, issueText } from '@parley/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { FrameRouter, type OutFrame } from './frames.js';
import type { Connection } from './registry.js';
import { AnswerTickets } from './ack-origin.js';

const log = { error: () => undefined } as unknown as FastifyBaseLogger;
const conn = (): Connection =>
  ({
    id: 'c',
    userId: 1,
    tokenId: 't',
    frameTokens: 1000,
    frameRefilledAt: 0,
    dropped: 0,
    inFlight: 0,
    abusive: false,
    answering: new AnswerTickets(),
    language: null,
  }) as Connection;

async function route(frame: unknown): Promise<OutFrame> {
  const router = new FrameRouter(log, { now: () => 0 });
  router.on<unknown, unknown>('test.echo', (_ctx, data) => ({ echoed: data ?? null }));
  const out: OutFrame[] = [];
  await router.handle(conn(), Buffer.from(JSON.stringify(frame)), false, (f) => out.push(f));
  return out[0]!;
}

describe('frame router: ids are accepted or refused as the frame schema decides', () => {
  const ids: unknown[] = [
    1,
    0,
    -3,
    'a1',
    'x'.repeat(64),
    'x'.repeat(65),
    '',
    'a b',
    'a\u0007b',
    1.5,
    true,
    null,
  ];

  it.each(ids.map((id) => [JSON.stringify(id), id]))(
    'id %s: the ack or refusal the schema decides',
    async (_, id) => {
      const frame = { id, type: 'test.echo', data: { n: 1 } };
      const answer = await route(frame);
      const schema = clientFrame.safeParse(frame);
      if (schema.success) {
        expect(answer).toEqual({ type: 'ack', id, code: 200, msg: 'ok', data: { echoed: { n: 1 } } });
      } else {
        const issue = schema.error.issues[0]!;
        expect(answer).toEqual({
          type: 'error',
          code: 400,
          msg: issueText(issue, frame)['zh-CN'],
        });
      }
    },
  );

  it('keeps only id, type and data of a plain frame; an unknown type is still a 404 ack', async () => {
    expect(await route({ id: 9, type: 'test.echo', extra: 'dropped' })).toEqual({
      type: 'ack',
      id: 9,
      code: 200,
      msg: 'ok',
      data: { echoed: null },
    });
    expect(await route({ id: 9, type: 'no.such' })).toEqual({
      type: 'ack',
      id: 9,
      code: 404,
      msg: '未知的消息类型: no.such',
      data: null,
    });
    expect(await route([1, 2])).toMatchObject({ type: 'error', code: 400 });
  });
});

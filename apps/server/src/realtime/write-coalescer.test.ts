import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import type { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import { textFrame, WriteCoalescer, type FrameSink } from './write-coalescer.js';

/** ws's frame parser (exported by ws, not declared by its types). */
const { Receiver } = createRequire(import.meta.url)('ws') as {
  Receiver: new (options: { isServer: boolean }) => Writable;
};

/** What ws's own client-side parser reads out of `bytes`. */
function decode(bytes: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const texts: string[] = [];
    const receiver = new Receiver({ isServer: false });
    receiver.on('message', (data: Buffer, isBinary: boolean) =>
      texts.push(isBinary ? 'binary!' : data.toString()),
    );
    receiver.on('error', reject);
    receiver.write(bytes, () => resolve(texts));
  });
}

/** A socket that records what is written to it, as chunks per write call. */
function recordingSocket() {
  const calls: string[] = [];
  let corked = 0;
  const sink: FrameSink = {
    destroyed: false,
    cork: () => {
      corked += 1;
      calls.push('cork');
    },
    uncork: () => {
      corked -= 1;
      calls.push('uncork');
    },
    write: ((chunk: Buffer) => {
      calls.push(`write ${corked > 0 ? 'corked ' : ''}${chunk.length}`);
      return true;
    }) as FrameSink['write'],
  };
  return { calls, sink, ws: { _socket: sink } as unknown as WebSocket };
}

const endOfTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('textFrame', () => {
  it.each([
    ['a short text', 'hello'],
    ['125 bytes, the last 7-bit length', 'x'.repeat(125)],
    ['126 bytes, the first 16-bit length', 'x'.repeat(126)],
    ['Chinese text (3 bytes a character)', '你好吗'.repeat(50)],
    ['65,536 bytes, the first 64-bit length', 'y'.repeat(65_536)],
  ])('encodes %s as one unmasked text frame', async (_, text) => {
    const frame = textFrame(text);
    expect(frame[0]).toBe(0x81);
    expect(await decode(frame)).toEqual([text]);
  });

  it('frames read back in order when written one after the other', async () => {
    expect(await decode(Buffer.concat([textFrame('{"a":1}'), textFrame('{"b":2}')]))).toEqual([
      '{"a":1}',
      '{"b":2}',
    ]);
  });
});

describe('WriteCoalescer', () => {
  it("writes a socket's one frame of the turn as one uncorked write, at the end of the turn", async () => {
    const { calls, ws } = recordingSocket();
    const writes = new WriteCoalescer();
    writes.send(ws, textFrame('hello'));
    expect(calls).toEqual([]);
    await endOfTurn();
    expect(calls).toEqual(['write 7']);
  });

  it("writes a socket's frames of one turn together, in order, and each socket apart", async () => {
    const a = recordingSocket();
    const b = recordingSocket();
    const writes = new WriteCoalescer();
    writes.send(a.ws, textFrame('1'));
    writes.send(b.ws, textFrame('22'));
    writes.send(a.ws, textFrame('333'));
    writes.send(a.ws, textFrame('4444'));
    await endOfTurn();
    expect(a.calls).toEqual(['cork', 'write corked 3', 'write corked 5', 'write corked 6', 'uncork']);
    expect(b.calls).toEqual(['write 4']);
    // The next turn starts afresh.
    writes.send(a.ws, textFrame('5'));
    await endOfTurn();
    expect(a.calls.slice(5)).toEqual(['write 3']);
  });

  it('counts the bytes queued for a socket until they are written', async () => {
    const { ws } = recordingSocket();
    const other = recordingSocket();
    const writes = new WriteCoalescer();
    expect(writes.queued(ws)).toBe(0);
    writes.send(ws, textFrame('abc'));
    writes.send(ws, textFrame('de'));
    expect(writes.queued(ws)).toBe(9);
    expect(writes.queued(other.ws)).toBe(0);
    await endOfTurn();
    expect(writes.queued(ws)).toBe(0);
  });

  it('flush writes the frames queued so far at once, and the end of the turn only what came after', async () => {
    const { calls, ws } = recordingSocket();
    const writes = new WriteCoalescer();
    writes.send(ws, textFrame('a'));
    writes.flush(ws);
    expect(calls).toEqual(['write 3']);
    writes.send(ws, textFrame('bb'));
    await endOfTurn();
    expect(calls).toEqual(['write 3', 'write 4']);
  });

  it('drops the frames of a socket destroyed before the end of the turn', async () => {
    const { calls, sink, ws } = recordingSocket();
    const writes = new WriteCoalescer();
    writes.send(ws, textFrame('a'));
    (sink as { destroyed: boolean }).destroyed = true;
    await endOfTurn();
    expect(calls).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { buildRows } from './timeline';
import type { ChatMessage } from './types';

const msg = (id: string, time: number): ChatMessage =>
  ({ ID: id, clientMsgId: '', time, timeMs: time * 1000, isRevoked: false, isDeleted: false }) as ChatMessage;

describe('time separators', () => {
  it('before the first message and before a gap of 600 s or more, not for 599 s', () => {
    const rows = buildRows([msg('a', 1000), msg('b', 1599), msg('c', 2199), msg('d', 2200)]);
    expect(rows.map((r) => (r.kind === 'time' ? `time@${r.time}` : r.message.ID))).toEqual([
      'time@1000',
      'a',
      'b',
      'time@2199',
      'c',
      'd',
    ]);
  });

  it('no rows without messages', () => {
    expect(buildRows([])).toEqual([]);
  });
});

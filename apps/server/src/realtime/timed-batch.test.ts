import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TimedBatch } from './timed-batch.js';

describe('TimedBatch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the calls of one window together and answers each its own item', async () => {
    const runs: number[][] = [];
    const batch = new TimedBatch<number, string>(
      async (items) => {
        runs.push(items);
        return items.map((i) => `v${i}`);
      },
      { windowMs: 2, max: 100 },
    );
    const first = [batch.add(1), batch.add(2)];
    await vi.advanceTimersByTimeAsync(1);
    first.push(batch.add(3)); // still inside the window that the first call opened
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await Promise.all(first)).toEqual(['v1', 'v2', 'v3']);
    const later = batch.add(4); // a new window
    await vi.advanceTimersByTimeAsync(2);
    expect(await later).toBe('v4');
    expect(runs).toEqual([[1, 2, 3], [4]]);
  });

  it('runs at once when the batch is full, and a failed run fails each of its calls', async () => {
    const runs: string[][] = [];
    const batch = new TimedBatch<string, number>(
      async (items) => {
        runs.push(items);
        if (items.includes('bad')) throw new Error('redis down');
        return items.map((s) => s.length);
      },
      { windowMs: 1000, max: 2 },
    );
    const full = Promise.all([batch.add('a'), batch.add('bb')]);
    expect(await full).toEqual([1, 2]); // no timer needed
    const failing = [batch.add('bad'), batch.add('ok')];
    await expect(failing[0]).rejects.toThrow('redis down');
    await expect(failing[1]).rejects.toThrow('redis down');
    expect(runs).toEqual([
      ['a', 'bb'],
      ['bad', 'ok'],
    ]);
  });
});

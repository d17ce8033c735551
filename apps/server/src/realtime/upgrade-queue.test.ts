import { describe, expect, it } from 'vitest';
import { UpgradeQueue } from './upgrade-queue.js';

const turn = () => new Promise<void>((r) => setImmediate(r));

describe('UpgradeQueue', () => {
  it('runs queued items in arrival order, no more than a slice of time per event-loop turn', async () => {
    // A clock only the items move: each takes 2 ms of it, the slice is 3 ms.
    let clock = 0;
    const ran: Array<{ item: number; turn: number }> = [];
    let turns = 0;
    const queue = new UpgradeQueue<number>(
      (item) => {
        ran.push({ item, turn: turns });
        clock += 2;
      },
      { sliceMs: 3, max: 100, now: () => clock },
    );
    for (let i = 0; i < 6; i++) expect(queue.push(i)).toBe(true);
    expect(ran).toEqual([]); // nothing runs inside the turn that queued
    expect(queue.size).toBe(6);
    for (const expected of [2, 4, 6]) {
      await turn();
      turns += 1;
      // The first item ends 2 ms into the slice, the second at 4 ms, past it: two per turn, and the
      // loop gets control back between turns.
      expect(ran).toHaveLength(expected);
      expect(queue.size).toBe(6 - expected);
    }
    expect(ran).toEqual([
      { item: 0, turn: 0 },
      { item: 1, turn: 0 },
      { item: 2, turn: 1 },
      { item: 3, turn: 1 },
      { item: 4, turn: 2 },
      { item: 5, turn: 2 },
    ]);
  });

  it('an item that takes longer than the slice still runs, alone in its turn', async () => {
    let clock = 0;
    const ran: string[] = [];
    const queue = new UpgradeQueue<string>(
      (s) => {
        ran.push(s);
        clock += 10;
      },
      { sliceMs: 3, max: 10, now: () => clock },
    );
    queue.push('slow');
    queue.push('next');
    await turn();
    expect(ran).toEqual(['slow']);
    await turn();
    expect(ran).toEqual(['slow', 'next']);
    expect(queue.size).toBe(0);
  });

  it('refuses beyond `max` waiting, and takes more once they are served', async () => {
    const ran: string[] = [];
    // A clock that never moves: every waiting item runs in the next turn.
    const queue = new UpgradeQueue<string>((s) => ran.push(s), { sliceMs: 5, max: 2, now: () => 0 });
    expect([queue.push('a'), queue.push('b'), queue.push('c')]).toEqual([true, true, false]);
    expect(queue.size).toBe(2);
    await turn();
    expect(ran).toEqual(['a', 'b']);
    expect(queue.size).toBe(0);
    expect(queue.push('d')).toBe(true);
    await turn();
    expect(ran).toEqual(['a', 'b', 'd']);
  });
});

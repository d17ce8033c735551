import { describe, expect, it } from 'vitest';
import { UpgradeQueue } from './upgrade-queue.js';

const turn = () => new Promise<void>((r) => setImmediate(r));

describe('UpgradeQueue', () => {
  it('runs queued items in arrival order, no more than a slice of time per event-loop turn', async () => {
    const ran: Array<{ item: number; turn: number }> = [];
    let turns = 0;
    const queue = new UpgradeQueue<number>(
      (item) => {
        ran.push({ item, turn: turns });
        const until = performance.now() + 2; // each item takes 2 ms
        while (performance.now() < until);
      },
      { sliceMs: 3, max: 100 },
    );
    for (let i = 0; i < 6; i++) expect(queue.push(i)).toBe(true);
    expect(ran).toEqual([]); // nothing runs inside the turn that queued
    while (ran.length < 6) {
      await turn();
      turns += 1;
    }
    expect(ran.map((r) => r.item)).toEqual([0, 1, 2, 3, 4, 5]);
    // 2 ms items in 3 ms slices: two per turn, so the loop polled between them.
    const perTurn = new Map<number, number>();
    for (const r of ran) perTurn.set(r.turn, (perTurn.get(r.turn) ?? 0) + 1);
    expect([...perTurn.values()].every((n) => n <= 2)).toBe(true);
    expect(perTurn.size).toBeGreaterThanOrEqual(3);
    expect(queue.size).toBe(0);
  });

  it('refuses beyond `max` waiting, and takes more once they are served', async () => {
    const ran: string[] = [];
    const queue = new UpgradeQueue<string>((s) => ran.push(s), { sliceMs: 5, max: 2 });
    expect([queue.push('a'), queue.push('b'), queue.push('c')]).toEqual([true, true, false]);
    expect(queue.size).toBe(2);
    await turn();
    await turn();
    expect(ran).toEqual(['a', 'b']);
    expect(queue.push('d')).toBe(true);
    await turn();
    await turn();
    expect(ran).toEqual(['a', 'b', 'd']);
  });
});

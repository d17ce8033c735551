import { describe, expect, it } from 'vitest';
import { AnswerTickets } from './ack-origin.js';

describe('AnswerTickets: the frames of a socket being answered', () => {
  it('gives each ack the sequence held for its own ticket, once', () => {
    const t = new AnswerTickets();
    expect([t.open(), t.open(), t.open()]).toEqual([1, 2, 3]);
    expect(t.hold(2, 41)).toBe(true);
    // A second event of the same frame is not held: it goes out as a frame.
    expect(t.hold(2, 42)).toBe(false);
    expect(t.hold(3, 43)).toBe(true);
    expect(t.close(1)).toBeUndefined();
    expect(t.close(3)).toBe(43);
    expect(t.close(2)).toBe(41);
    expect(t.pending).toBe(0);
    // Closed tickets hold nothing and answer nothing.
    expect(t.hold(2, 44)).toBe(false);
    expect(t.close(2)).toBeUndefined();
  });

  it('keeps working as tickets come and go out of order, past its first size', () => {
    const t = new AnswerTickets();
    const held = new Map<number, number>();
    for (let round = 0; round < 50; round++) {
      const opened = Array.from({ length: 1 + (round % 7) }, () => t.open());
      for (const k of opened) if (k % 3 !== 0 && t.hold(k, k * 10)) held.set(k, k * 10);
      for (const k of opened.reverse()) expect(t.close(k)).toBe(held.get(k));
      expect(t.pending).toBe(0);
    }
    expect(held.size).toBeGreaterThan(100);
  });
});

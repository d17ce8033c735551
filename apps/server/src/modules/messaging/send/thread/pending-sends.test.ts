import { describe, expect, it } from 'vitest';
import { PendingSends } from './pending-sends.js';

describe('PendingSends', () => {
  it('gives each open send its value once, in any order of answers', () => {
    const t = new PendingSends<string>();
    for (let id = 1; id <= 5; id++) t.add(id, `s${id}`);
    expect(t.take(3)).toBe('s3');
    expect(t.take(3)).toBeUndefined();
    expect(t.take(1)).toBe('s1');
    expect(t.size).toBe(3);
    expect(t.take(9)).toBeUndefined();
    expect([t.take(5), t.take(2), t.take(4)]).toEqual(['s5', 's2', 's4']);
    expect(t.size).toBe(0);
  });

  it('keeps every open send when more are open than it has slots, also after wrapping around', () => {
    const t = new PendingSends<number>();
    let next = 1;
    // Wrap the ring a few times with few open, then hold 1,000 open while the oldest stays open.
    for (; next <= 300; next++) {
      t.add(next, next);
      if (next > 2) expect(t.take(next - 2)).toBe(next - 2);
    }
    const stuck = next - 1;
    for (let i = 0; i < 1000; i++, next++) t.add(next, next);
    expect(t.size).toBe(1002);
    for (let id = next - 1; id > stuck; id--) expect(t.take(id)).toBe(id);
    expect(t.take(stuck - 1)).toBe(stuck - 1);
    expect(t.take(stuck)).toBe(stuck);
    expect(t.size).toBe(0);
  });

  it('drains the open sends oldest first and refuses ids out of order', () => {
    const t = new PendingSends<string>();
    t.add(1, 'a');
    t.add(2, 'b');
    t.add(3, 'c');
    t.take(2);
    expect(t.drain()).toEqual(['a', 'c']);
    expect(t.size).toBe(0);
    expect(t.take(1)).toBeUndefined();
    expect(() => t.add(5, 'e')).toThrow('send 5 added out of order (last 3)');
    t.add(4, 'd');
    expect(t.take(4)).toBe('d');
  });
});

import { describe, expect, it } from 'vitest';
import { randomId, timeOrderedId } from './ids.js';

describe('randomId', () => {
  it('gives URL-safe IDs of the asked entropy, distinct across pool refills', () => {
    const seen = new Set<string>();
    // 1,000 IDs of 12 bytes span three refills of the 4 KB pool.
    for (let i = 0; i < 1000; i++) {
      const id = randomId(12);
      expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
      seen.add(id);
    }
    expect(seen.size).toBe(1000);
    expect(randomId(6)).toMatch(/^[A-Za-z0-9_-]{8}$/);
  });
});

describe('timeOrderedId', () => {
  it('gives 16 URL-safe characters that sort (as bytes) in time order, distinct within one millisecond', () => {
    const t0 = Date.UTC(2026, 10, 24, 12, 0, 0);
    const times = [0, 1, 63, 64, 4095, 4096, t0, t0 + 1, t0 + 1000, t0 + 86_400_000, 2 ** 48 - 1];
    const ids = times.map((t) => timeOrderedId(t));
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const byteOrder = [...ids].sort((a, b) => (Buffer.from(a) < Buffer.from(b) ? -1 : 1));
    expect(byteOrder).toEqual(ids);
    expect(timeOrderedId(0).slice(0, 8)).toBe('--------');
    const same = new Set(Array.from({ length: 2000 }, () => timeOrderedId(t0)));
    expect(same.size).toBe(2000);
    for (const id of same) expect(id.slice(0, 8)).toBe(ids[6]!.slice(0, 8));
  });
});

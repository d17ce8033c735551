import { describe, expect, it } from 'vitest';
import { randomId } from './ids.js';

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

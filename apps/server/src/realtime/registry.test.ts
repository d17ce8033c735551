import { describe, expect, it } from 'vitest';
import { ConnectionRegistry } from './registry.js';

interface Fake {
  id: string;
  userId: number;
  tokenId: string;
}

const conn = (id: string, userId: number, tokenId: string): Fake => ({ id, userId, tokenId });

describe('ConnectionRegistry', () => {
  it('indexes several connections per user and per token', () => {
    const r = new ConnectionRegistry<Fake>();
    const a = conn('a', 1, 't1');
    const b = conn('b', 1, 't1');
    const c = conn('c', 1, 't2');
    const d = conn('d', 2, 't3');
    for (const x of [a, b, c, d]) r.add(x);
    expect(r.size).toBe(4);
    expect(r.countForUser(1)).toBe(3);
    expect(
      r
        .ofUsers([1])
        .map((x) => x.id)
        .sort(),
    ).toEqual(['a', 'b', 'c']);
    expect(r.ofUsers([1, 2, 1]).length).toBe(4);
    expect(
      r
        .ofTokens(['t1'])
        .map((x) => x.id)
        .sort(),
    ).toEqual(['a', 'b']);
    expect(r.ofUsers([99])).toEqual([]);
    expect([r.userCount, r.tokenCount]).toEqual([2, 3]);
  });

  it('removes a connection from every index, once, and drops empty sets', () => {
    const r = new ConnectionRegistry<Fake>();
    const a = conn('a', 1, 't1');
    const b = conn('b', 1, 't2');
    r.add(a);
    r.add(b);
    expect(r.remove(a)).toBe(true);
    expect(r.remove(a)).toBe(false);
    expect(r.ofTokens(['t1'])).toEqual([]);
    expect(r.tokenCount).toBe(1);
    expect(r.ofUsers([1])).toEqual([b]);
    r.remove(b);
    expect([r.size, r.userCount, r.tokenCount]).toEqual([0, 0, 0]);
  });

  it('does not remove a different connection that reuses an id', () => {
    const r = new ConnectionRegistry<Fake>();
    const a = conn('a', 1, 't1');
    r.add(a);
    expect(r.remove(conn('a', 1, 't1'))).toBe(false);
    expect(r.get('a')).toBe(a);
  });
});

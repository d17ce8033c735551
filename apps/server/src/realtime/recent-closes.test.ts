import { describe, expect, it } from 'vitest';
import { RecentCloses, type CloseTokensMessage } from './recent-closes.js';

const order = (...tokenIds: string[]): CloseTokensMessage => ({
  kind: 'closeTokens',
  userId: 1,
  tokenIds,
  closeCode: 4001,
  reason: 'logged out',
});

describe('RecentCloses', () => {
  it('answers an order for a token only when it came at or after the socket’s check began', () => {
    const r = new RecentCloses();
    const logout = order('t1', 't2');
    r.remember(logout, 1_000);
    expect(r.since('t1', 1_000)).toBe(logout);
    expect(r.since('t2', 500)).toBe(logout);
    expect(r.since('t1', 1_001)).toBeUndefined();
    expect(r.since('t3', 0)).toBeUndefined();
  });

  it('forgets orders older than a minute', () => {
    const r = new RecentCloses();
    r.remember(order('old'), 0);
    r.remember(order('new'), 30_000);
    r.prune(60_000);
    expect(r.since('old', 0)).toBeUndefined();
    expect(r.since('new', 0)).toBeDefined();
  });
});

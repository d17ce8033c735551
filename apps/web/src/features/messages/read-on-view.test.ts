import { describe, expect, it } from 'vitest';
import { seenEnough } from './read-on-view';

const entry = (ratio: number, height: number, rootHeight: number | null, isIntersecting = ratio > 0) => ({
  isIntersecting,
  intersectionRatio: ratio,
  intersectionRect: { height },
  rootBounds: rootHeight === null ? null : { height: rootHeight },
});

describe('seenEnough', () => {
  it('reads a message once 70 % of it is in view', () => {
    expect(seenEnough(entry(0.69, 69, 600))).toBe(false);
    expect(seenEnough(entry(0.7, 70, 600))).toBe(true);
    expect(seenEnough(entry(1, 100, 600))).toBe(true);
  });

  it('reads a message taller than the list once it fills 70 % of the list', () => {
    // A 2,000 px message with 500 px of a 600 px list: 25 % of it, 83 % of the list.
    expect(seenEnough(entry(0.25, 500, 600))).toBe(true);
    expect(seenEnough(entry(0.2, 400, 600))).toBe(false);
    expect(seenEnough(entry(0.25, 500, null))).toBe(false);
  });

  it('never reads what is not on screen', () => {
    expect(seenEnough(entry(0, 0, 600, false))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { pinchZoom, swipeStep, wheelZoom } from './zoom';

describe('image preview zoom rules', () => {
  it('wheel steps 0.1 and stays within 0.125–4', () => {
    expect(wheelZoom(1, -100)).toBe(1.1);
    expect(wheelZoom(1, 100)).toBe(0.9);
    let s = 1;
    for (let i = 0; i < 50; i++) s = wheelZoom(s, 100);
    expect(s).toBe(0.125);
    for (let i = 0; i < 60; i++) s = wheelZoom(s, -100);
    expect(s).toBe(4);
  });
  it('pinch stays within 0.5–4', () => {
    expect(pinchZoom(1, 100, 200)).toBe(2);
    expect(pinchZoom(1, 100, 10)).toBe(0.5);
    expect(pinchZoom(2, 100, 1000)).toBe(4);
  });
  it('a swipe navigates only beyond 100 px', () => {
    expect(swipeStep(100)).toBe(0);
    expect(swipeStep(101)).toBe(-1);
    expect(swipeStep(-101)).toBe(1);
  });
});

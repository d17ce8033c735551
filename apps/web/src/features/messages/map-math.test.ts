import { describe, expect, it } from 'vitest';
import { project, round6, tilesAround, tileSrc, unproject } from './map-math';

describe('map math (Web Mercator, 256-pixel tiles)', () => {
  it('projects and comes back to the same point', () => {
    const p = project({ lat: 39.9087, lng: 116.3975 }, 13);
    const back = unproject(p.x, p.y, 13);
    expect([round6(back.lat), round6(back.lng)]).toEqual([39.9087, 116.3975]);
    // 16 pixels east at zoom 13.
    expect(round6(unproject(p.x + 16, p.y, 13).lng)).toBe(116.400247);
  });

  it('names the tiles covering a view, with their offsets', () => {
    const c = project({ lat: 0, lng: 0 }, 1); // the corner of the four tiles of zoom 1
    expect(c).toEqual({ x: 256, y: 256 });
    expect(tilesAround(c, 100, 100, 1).map((t) => [t.x, t.y, t.left, t.top])).toEqual([
      [0, 0, -206, -206],
      [1, 0, 50, -206],
      [0, 1, -206, 50],
      [1, 1, 50, 50],
    ]);
    expect(tileSrc('https://t.example/{z}/{x}/{y}.png', 1, 0, 1)).toBe('https://t.example/1/0/1.png');
  });
});

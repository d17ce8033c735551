import { describe, expect, it } from 'vitest';
import { soundBarWidth } from '../bubbles/SoundContent';
import { truncateName, widthUnits } from './media';
import { kindOf } from './upload';

describe('composer files', () => {
  it('images become images, video types videos, anything else a file', () => {
    expect(
      ['image/png', 'image/jpeg', 'image/gif', 'image/bmp', 'image/webp'].map((type) => kindOf({ type })),
    ).toEqual(Array(5).fill('image'));
    expect(kindOf({ type: 'image/svg+xml' })).toBe('file');
    expect(kindOf({ type: 'video/mp4' })).toBe('video');
    expect(kindOf({ type: 'video/quicktime' })).toBe('video');
    expect(kindOf({ type: 'application/pdf' })).toBe('file');
    expect(kindOf({ type: '' })).toBe('file');
  });

  it('chip names are cut after 16 width units, wide characters counting 2', () => {
    expect(widthUnits('abc')).toBe(3);
    expect(widthUnits('报告')).toBe(4);
    expect(truncateName('short.txt')).toBe('short.txt');
    expect(truncateName('exactly-16-units')).toBe('exactly-16-units');
    expect(truncateName('a-much-longer-file-name.pdf')).toBe('a-much-longer-fi…');
    expect(truncateName('一份很长很长的项目说明文档.txt')).toBe('一份很长很长的项…');
    expect(truncateName('季度报告 Q3 final.xlsx')).toBe('季度报告 Q3 fina…');
  });

  it('the sound bar is 10 px per second plus 20 px, at least one second', () => {
    expect(soundBarWidth(0)).toBe(30);
    expect(soundBarWidth(1)).toBe(30);
    expect(soundBarWidth(7)).toBe(90);
  });
});

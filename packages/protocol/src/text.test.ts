import { describe, expect, it } from 'vitest';
import { remarkSchema } from './rest/friends.js';
import { charLength, codePointLength, utf8Length } from './text.js';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
/** Intl.Segmenter over the whole text: the reference (quadratic, so only on short text). */
function reference(text: string): number {
  let n = 0;
  for (const _ of segmenter.segment(text)) n += 1;
  return n;
}

describe('text measures', () => {
  it('counts user-perceived characters and UTF-8 bytes', () => {
    expect(charLength('abc')).toBe(3);
    expect(charLength('中文')).toBe(2);
    expect(charLength('👨‍👩‍👧‍👦')).toBe(1);
    expect(utf8Length('👨‍👩‍👧‍👦')).toBe(25);
    expect(utf8Length('中')).toBe(3);
  });

  it('remark: 16 characters and 96 bytes at most', () => {
    expect(remarkSchema.safeParse('一二三四五六七八九十一二三四五六').success).toBe(true);
    expect(remarkSchema.safeParse('一二三四五六七八九十一二三四五六七').error?.issues[0]?.message).toBe(
      '备注不能超过16个字符',
    );
    expect(remarkSchema.safeParse('👨‍👩‍👧‍👦'.repeat(4)).error?.issues[0]?.message).toBe('备注不能超过96个字节');
  });
});

describe('linear text measures', () => {
  const pieces = [
    'a',
    '中',
    ' ',
    '👨‍👩‍👧‍👦',
    'e\u0301',
    '🇨🇳',
    '🇺🇸',
    '👍🏽',
    '\r\n',
    '각',
    '\u1100\u1161\u11a8',
    'क्ष',
    '☺️',
    '🏴󠁧󠁢󠁳󠁣󠁴󠁿',
    '\u0600١',
  ];

  it('agrees with whole-text segmentation on mixed text across window edges', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let k = 0; k < 400; k++) {
      let text = '';
      const n = Math.floor(random() * 300);
      for (let i = 0; i < n; i++) text += pieces[Math.floor(random() * pieces.length)];
      expect(charLength(text)).toBe(reference(text));
      expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length);
    }
  });

  it('counts long text of every kind (the windowed path included) like the reference', () => {
    for (const piece of pieces) {
      const text = piece.repeat(Math.ceil(2000 / piece.length));
      expect(charLength(text)).toBe(reference(text));
    }
  });

  it('counts a megabyte without segmenting when nothing can join', () => {
    expect(charLength('a'.repeat(1_000_000))).toBe(1_000_000);
    expect(charLength('中😀'.repeat(300_000))).toBe(600_000);
    expect(codePointLength('😀x')).toBe(2);
    expect(utf8Length('\ud800')).toBe(3);
  });
});

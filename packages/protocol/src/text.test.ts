import { describe, expect, it } from 'vitest';
import { remarkSchema } from './rest/friends.js';
import { charLength, utf8Length } from './text.js';

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

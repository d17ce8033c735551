import { describe, expect, it } from 'vitest';
import { clampChars, nameOf, remarkProblem } from './text';

describe('remark limits (16 characters and 96 bytes)', () => {
  it('accepts 16 characters and refuses 17', () => {
    expect(remarkProblem('一二三四五六七八九十一二三四五六')).toBeNull();
    expect(remarkProblem('一二三四五六七八九十一二三四五六七')).toBe('remarkTooLong');
  });
  it('refuses a remark within 16 characters but over 96 bytes', () => {
    const family = '👨‍👩‍👧‍👦'; // one character, 25 bytes
    expect(remarkProblem(family.repeat(3))).toBeNull();
    expect(remarkProblem(family.repeat(4))).toBe('remarkTooManyBytes');
  });
});

describe('clampChars', () => {
  it('cuts at whole characters', () => {
    expect(clampChars('abcdef', 3)).toBe('abc');
    expect(clampChars('👍🏽👍🏽👍🏽', 2)).toBe('👍🏽👍🏽');
    expect(clampChars('短', 15)).toBe('短');
  });
});

describe('nameOf', () => {
  it('prefers the remark, then the nickname, then the id', () => {
    expect(nameOf({ remark: '老王', nickName: 'Wang', wtId: 'w1' })).toBe('老王');
    expect(nameOf({ remark: '', nickName: 'Wang', wtId: 'w1' })).toBe('Wang');
    expect(nameOf({ wtId: 'w1' })).toBe('w1');
  });
});

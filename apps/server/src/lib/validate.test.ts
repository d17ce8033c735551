import { describe, expect, it } from 'vitest';
import { findBadString } from './validate.js';

describe('findBadString', () => {
  it('names the path of the first NUL or lone surrogate, through objects and arrays', () => {
    expect(findBadString({ a: 'ok', b: { c: ['fine', 'x\u0000y'] } })).toBe('b.c.1');
    expect(findBadString({ payload: { text: 'a\ud800' } }, ['data'])).toBe('data.payload.text');
    expect(findBadString('\udc00')).toBe('');
    expect(findBadString('\udc00', ['data'])).toBe('data');
  });

  it('passes well-formed strings, pairs, numbers, nulls and empty containers', () => {
    expect(findBadString({ a: '😀 你好', b: [1, null, true, {}], c: [] }, ['data'])).toBeNull();
    expect(findBadString(null)).toBeNull();
  });

  it('ignores inherited keys', () => {
    const proto = { bad: 'x\u0000' };
    expect(findBadString(Object.create(proto) as object)).toBeNull();
  });
});

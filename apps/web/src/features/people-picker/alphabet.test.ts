import { describe, expect, it } from 'vitest';
import { groupAlphabetically, HASH, initialOf, matches } from './alphabet';
import type { PickerItem } from './types';

const item = (id: string, name: string, remark?: string): PickerItem => ({ id, name, remark });

describe('initialOf', () => {
  it('uses the pinyin initial for Chinese names and the letter for Latin names', () => {
    expect(initialOf('张三')).toBe('Z');
    expect(initialOf('阿明')).toBe('A');
    expect(initialOf('bob')).toBe('B');
  });
  it('puts digits, symbols and emoji in the # bucket', () => {
    expect(initialOf('123')).toBe(HASH);
    expect(initialOf('_x')).toBe(HASH);
    expect(initialOf('😀hi')).toBe(HASH);
    expect(initialOf('')).toBe(HASH);
  });
});

describe('groupAlphabetically', () => {
  it('sorts by initial, puts # last and inserts one header per letter', () => {
    const rows = groupAlphabetically([
      item('1', '9号'),
      item('2', '张三'),
      item('3', 'Amy'),
      item('4', '安娜'),
      item('5', 'zoe'),
    ]);
    expect(
      rows.map((r) => (r.kind === 'header' ? `[${r.label}]` : r.kind === 'item' ? r.item.id : 'more')),
    ).toEqual(['[A]', '3', '4', '[Z]', '2', '5', '[#]', '1']);
  });
  it('groups by the remark when there is one', () => {
    const rows = groupAlphabetically([item('1', 'Zed', '阿杰')]);
    expect(rows[0]).toMatchObject({ kind: 'header', label: 'A' });
  });
});

describe('groupAlphabetically in the Japanese UI', () => {
  it('files kana names by gojūon row (あ か さ … first), Latin by letter, kanji under #', () => {
    const rows = groupAlphabetically(
      [item('1', '中村'), item('2', 'たなか'), item('3', 'Amy'), item('4', 'カトウ'), item('5', 'いとう')],
      'kana',
    );
    expect(
      rows.map((r) => (r.kind === 'header' ? `[${r.label}]` : r.kind === 'item' ? r.item.id : 'more')),
    ).toEqual(['[あ]', '5', '[か]', '4', '[た]', '2', '[A]', '3', '[#]', '1']);
  });
});

describe('matches', () => {
  const friend = item('wt_lee', 'Lee Wang', '老李');
  it('finds a substring of the remark or the nickname, ignoring case', () => {
    expect(matches(friend, 'wang')).toBe(true);
    expect(matches(friend, '李')).toBe(true);
    expect(matches(friend, 'zhang')).toBe(false);
  });
  it('finds Chinese names by pinyin: full, initials and mixed', () => {
    const liu = item('wt_9', '刘洋');
    for (const kw of ['liuyang', 'ly', 'liuy', 'lyang', 'LY']) expect(matches(liu, kw)).toBe(true);
    expect(matches(liu, 'lx')).toBe(false);
    expect(matches(friend, 'll')).toBe(true); // remark 老李
  });
  it('matches the id only when asked', () => {
    expect(matches(friend, 'wt_')).toBe(false);
    expect(matches(friend, 'wt_', true)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { createSearch, matchesKey, parseQuery, searchKey, spells } from './match';

const finds = (fields: (string | undefined)[], keyword: string) =>
  matchesKey(searchKey(fields), parseQuery(keyword)!);

describe('people matcher', () => {
  const liuYang = ['刘洋', undefined, 'wt_liu']; // nickname, remark, wtId

  it('pinyin in full', () => {
    expect(finds(liuYang, 'liuyang')).toBe(true);
    expect(finds(liuYang, 'LiuYang')).toBe(true);
    expect(finds(liuYang, 'liu yang')).toBe(true);
    expect(finds(liuYang, 'yang')).toBe(true);
  });

  it('pinyin initials', () => {
    expect(finds(liuYang, 'ly')).toBe(true);
    expect(finds(liuYang, 'l')).toBe(true);
    expect(finds(liuYang, 'y')).toBe(true);
    expect(finds(liuYang, 'yl')).toBe(false);
    expect(finds(liuYang, 'lx')).toBe(false);
  });

  it('mixed full syllables and initials', () => {
    expect(finds(liuYang, 'liuy')).toBe(true);
    expect(finds(liuYang, 'lyang')).toBe(true);
    expect(finds(liuYang, 'lya')).toBe(true);
    // Not from the start of a syllable, or past the name.
    expect(finds(liuYang, 'iuyang')).toBe(false);
    expect(finds(liuYang, 'liuyangx')).toBe(false);
  });

  it('Chinese characters, multi-character surnames and ü typed as v', () => {
    expect(finds(liuYang, '洋')).toBe(true);
    expect(finds(['欧阳娜娜'], 'oyn')).toBe(true);
    expect(finds(['欧阳娜娜'], 'ouyangnn')).toBe(true);
    expect(finds(['吕布'], 'lvbu')).toBe(true);
    expect(finds(['Tom刘'], 'toml')).toBe(true);
  });

  it('wtId and remark, by substring ignoring case', () => {
    expect(finds(liuYang, 'WT_L')).toBe(true);
    expect(finds(['Bob', '老王', 'bob_1'], '老王')).toBe(true);
    expect(finds(['Bob', '老王', 'bob_1'], 'lw')).toBe(true); // the remark's pinyin too
    expect(finds(['Bob', '老王', 'bob_1'], 'laowang')).toBe(true);
    expect(finds(['Bob', '老王', 'bob_1'], 'zhang')).toBe(false);
  });

  it('kana in either script and full-width letters', () => {
    expect(finds(['なかむら'], 'ナカ')).toBe(true);
    expect(finds(['ナカムラ'], 'むら')).toBe(true);
    expect(finds(['Ｔａｒｏ'], 'taro')).toBe(true);
  });

  it('spells() steps syllable by syllable', () => {
    expect(spells(['zhang', 'san'], 'zhs')).toBe(true);
    expect(spells(['zhang', 'san'], 'zs')).toBe(true);
    expect(spells(['zhang', 'san'], 'zhangsa')).toBe(true);
    expect(spells(['zhang', 'san'], 'zsn')).toBe(false);
  });

  it('createSearch computes each key once per list and returns hits in list order', () => {
    const people = [
      { id: 'a', name: '刘洋' },
      { id: 'b', name: '李雷' },
      { id: 'c', name: '林along' },
    ];
    let computed = 0;
    const search = createSearch(people, (p) => {
      computed++;
      return [p.name, p.id];
    });
    expect(search('').map((p) => p.id)).toEqual(['a', 'b', 'c']);
    expect(computed).toBe(0);
    expect(search('l').map((p) => p.id)).toEqual(['a', 'b', 'c']);
    expect(search('ll').map((p) => p.id)).toEqual(['b']);
    expect(search('ly').map((p) => p.id)).toEqual(['a']);
    expect(search('lina').map((p) => p.id)).toEqual(['c']);
    expect(computed).toBe(3);
  });
});

import { describe, expect, it } from 'vitest';
import { gojuonRowOf } from './kana';
import { HASH, indexLetterOf, indexStyleOf, letterRank } from './group';

describe('index letters', () => {
  it('Chinese and English UIs: pinyin initials for Chinese names, A–Z for Latin, # otherwise', () => {
    expect(indexStyleOf('zh-CN')).toBe('pinyin');
    expect(indexStyleOf('en')).toBe('pinyin');
    expect(indexLetterOf('刘洋')).toBe('L');
    expect(indexLetterOf('bob')).toBe('B');
    expect(indexLetterOf('なかむら')).toBe(HASH);
    expect(indexLetterOf('9号')).toBe(HASH);
  });

  it('Japanese UI: kana by gojūon row, Latin A–Z, kanji and the rest under #', () => {
    expect(indexStyleOf('ja')).toBe('kana');
    expect(indexLetterOf('なかむら', 'kana')).toBe('な');
    expect(indexLetterOf('サトウ', 'kana')).toBe('さ');
    expect(indexLetterOf('ｻﾄｳ', 'kana')).toBe('さ'); // half-width katakana
    expect(indexLetterOf('がっこう', 'kana')).toBe('か'); // voiced mark
    expect(indexLetterOf('ぁゆみ', 'kana')).toBe('あ'); // small kana
    expect(indexLetterOf('ぱんだ', 'kana')).toBe('は');
    expect(indexLetterOf('ゆうき', 'kana')).toBe('や');
    expect(indexLetterOf('をんな', 'kana')).toBe('わ');
    expect(indexLetterOf('Ken', 'kana')).toBe('K');
    expect(indexLetterOf('山田', 'kana')).toBe(HASH); // not under pinyin 'S'
    expect(indexLetterOf('刘洋', 'kana')).toBe(HASH);
  });

  it('gojūon rows of every kana row start', () => {
    expect(['あ', 'か', 'さ', 'た', 'な', 'は', 'ま', 'や', 'ら', 'わ'].map(gojuonRowOf)).toEqual([
      'あ',
      'か',
      'さ',
      'た',
      'な',
      'は',
      'ま',
      'や',
      'ら',
      'わ',
    ]);
    expect(['お', 'ご', 'ぞ', 'っ', 'の', 'ぽ', 'も', 'ょ', 'ろ', 'ん'].map(gojuonRowOf)).toEqual([
      'あ',
      'か',
      'さ',
      'た',
      'な',
      'は',
      'ま',
      'や',
      'ら',
      'わ',
    ]);
    expect(gojuonRowOf('ー')).toBeUndefined();
  });

  it('orders kana rows, then A–Z, then #', () => {
    const letters = [HASH, 'Z', 'か', 'A', 'あ'];
    expect(letters.sort((a, b) => letterRank(a) - letterRank(b))).toEqual(['あ', 'か', 'A', 'Z', HASH]);
  });
});

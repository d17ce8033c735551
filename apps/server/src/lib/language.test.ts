import { describe, expect, it } from 'vitest';
import { languageFromHeader, languageOfTag } from './language.js';

describe('Accept-Language', () => {
  it.each([
    ['en-US,en;q=0.9', 'en'],
    ['ja-JP', 'ja'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh-CN'],
    ['zh-TW', 'zh-CN'],
    ['zh-Hant-HK', 'zh-CN'],
    ['fr;q=1, ja;q=0.4, en;q=0.8', 'en'],
    ['en;q=0.5, ja;q=0.5', 'en'],
    ['ja;q=0, en;q=0.1', 'en'],
    ['fr-FR, de;q=0.5', null],
    ['*', null],
    ['', null],
    ['en;q=abc', null],
  ])('%j → %s', (header, want) => {
    expect(languageFromHeader(header)).toBe(want);
  });

  it('reads a bounded part of a flood: a language past the 16th range is not looked at', () => {
    const flood = `${Array.from({ length: 5000 }, () => 'xx').join(',')},ja`;
    expect(languageFromHeader(flood)).toBeNull();
    expect(languageFromHeader(['ja', 'en'])).toBe('ja');
    expect(languageOfTag(' EN_gb ')).toBe('en');
  });
});

import { pinyin } from 'pinyin-pro';

/**
 * The one pinyin source of the web client (pinyin-pro, offline). Only lib/search imports it, and
 * lib/search is only imported by screens that list people (contacts, the people picker), which are
 * lazy chunks: the public pages and /login never download the dictionary.
 */
const HAN = /\p{Script=Han}/u;

export function hasHan(text: string): boolean {
  return HAN.test(text);
}

export function isHanChar(ch: string): boolean {
  return HAN.test(ch) && Array.from(ch).length === 1;
}

/** '刘洋' → ['liu', 'yang']; Latin runs stay words ('Tom刘' → ['tom', 'liu']); 'ü' is typed 'v'. */
export function syllablesOf(text: string): string[] {
  return pinyin(text, { toneType: 'none', type: 'array', nonZh: 'consecutive', surname: 'head' })
    .flatMap((s) => s.toLowerCase().replace(/ü/g, 'v').split(/\s+/))
    .filter(Boolean);
}

/** '刘' → 'L' ('' when the character has no reading). */
export function pinyinInitial(ch: string): string {
  return pinyin(ch, { pattern: 'first', toneType: 'none', surname: 'head' }).charAt(0).toUpperCase();
}

/** The name spelled in pinyin, for sorting: '刘洋' → 'liuyang'. */
export function pinyinSortKey(text: string): string {
  return pinyin(text, {
    toneType: 'none',
    separator: '',
    nonZh: 'consecutive',
    surname: 'head',
  }).toLowerCase();
}

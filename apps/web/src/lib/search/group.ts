import { GOJUON_ROWS, gojuonRowOf, toHiragana } from './kana';
import { isHanChar, pinyinInitial, pinyinSortKey } from './pinyin';

/**
 * Index letters of a people list (docs/web.md "Structure"). In Chinese and English
 * UIs: A–Z, Chinese names by their pinyin initial, '#' last. In the Japanese UI a name is filed by
 * its own script: kana under its gojūon row (あ か さ … わ, first), Latin A–Z, and kanji (no reading
 * known) with everything else under '#' — never under a pinyin letter.
 */
export const HASH = '#';
const LATIN = /^[A-Za-z]$/;

export type IndexStyle = 'pinyin' | 'kana';

/** The index style of a UI language. */
export function indexStyleOf(language: string | undefined): IndexStyle {
  return language?.startsWith('ja') ? 'kana' : 'pinyin';
}

export function indexLetterOf(name: string, style: IndexStyle = 'pinyin'): string {
  const first = Array.from(name.normalize('NFKC').trim())[0] ?? '';
  if (LATIN.test(first)) return first.toUpperCase();
  if (style === 'kana') return gojuonRowOf(first) ?? HASH;
  if (isHanChar(first)) {
    const letter = pinyinInitial(first);
    return LATIN.test(letter) ? letter : HASH;
  }
  return HASH;
}

export function sortKeyOf(name: string, style: IndexStyle = 'pinyin'): string {
  const trimmed = name.trim();
  return style === 'kana' ? toHiragana(trimmed).toLowerCase() : pinyinSortKey(trimmed);
}

/** Order of index letters: (kana rows,) A–Z, then '#'. */
export function letterRank(letter: string): number {
  if (letter === HASH) return 1000;
  const kana = (GOJUON_ROWS as readonly string[]).indexOf(letter);
  if (kana >= 0) return kana;
  return 100 + letter.charCodeAt(0);
}

const collators = {
  pinyin: new Intl.Collator('en', { sensitivity: 'base', numeric: true }),
  kana: new Intl.Collator('ja', { sensitivity: 'base', numeric: true }),
};

export function compareSortKeys(a: string, b: string, style: IndexStyle = 'pinyin'): number {
  return collators[style].compare(a, b);
}

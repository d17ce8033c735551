import { toHiragana } from './kana';
import { hasHan, syllablesOf } from './pinyin';

/**
 * One matcher for every people search (contacts, the people picker, conversation search): a
 * keyword matches a field (remark, nickname, wtId …) when it is a substring of it, ignoring case,
 * width and hiragana/katakana, or when it spells the field's pinyin from the start of a syllable,
 * each syllable typed in full or by its first letters: 刘洋 is found by 'liuyang', 'ly', 'liuy',
 * 'lyang' and 'yang'.
 */
export interface SearchKey {
  /** Each field, normalized for substring search. */
  texts: string[];
  /** The pinyin syllables of each field that has Chinese characters. */
  spellings: string[][];
}

export interface Query {
  /** Normalized keyword for substring search. */
  text: string;
  /** Lower-case letters and digits only, for pinyin. */
  letters: string;
}

const normalize = (s: string) => toHiragana(s.trim()).toLowerCase();

/** Precomputed once per item (never per keystroke). */
export function searchKey(fields: readonly (string | undefined | null)[]): SearchKey {
  const present = fields.filter((f): f is string => !!f && !!f.trim());
  return { texts: present.map(normalize), spellings: present.filter(hasHan).map(syllablesOf) };
}

export function parseQuery(keyword: string): Query | null {
  const text = normalize(keyword);
  if (!text) return null;
  return { text, letters: text.replace(/[\s'’]/g, '') };
}

/** Whether `q` spells consecutive syllables from some syllable on, each in full or by a prefix. */
export function spells(syllables: readonly string[], q: string): boolean {
  if (!q || !/^[a-z0-9]+$/.test(q)) return false;
  const from = (i: number, pos: number): boolean => {
    if (pos === q.length) return true;
    const s = syllables[i];
    if (s === undefined) return false;
    // Longest prefix first: 'liuyang' takes 'liu' whole before trying 'l' + 'iuyang'.
    for (let k = Math.min(s.length, q.length - pos); k >= 1; k--)
      if (s.startsWith(q.slice(pos, pos + k)) && from(i + 1, pos + k)) return true;
    return false;
  };
  for (let i = 0; i < syllables.length; i++) if (from(i, 0)) return true;
  return false;
}

export function matchesKey(key: SearchKey, query: Query): boolean {
  if (key.texts.some((t) => t.includes(query.text))) return true;
  return key.spellings.some((s) => spells(s, query.letters));
}

/**
 * A search over one list: keys are computed on the first search and reused for every keystroke
 * after; call it again (useMemo on the list) when the list changes.
 */
export function createSearch<T>(
  items: readonly T[],
  fieldsOf: (item: T) => readonly (string | undefined | null)[],
): (keyword: string) => T[] {
  let keys: SearchKey[] | null = null;
  return (keyword) => {
    const query = parseQuery(keyword);
    if (!query) return items.slice();
    keys ??= items.map((item) => searchKey(fieldsOf(item)));
    return items.filter((_, i) => matchesKey(keys![i]!, query));
  };
}

const cache = new WeakMap<object, Map<string, (keyword: string) => unknown[]>>();

/** createSearch cached by the list's identity (per `variant` of fields), for callers without useMemo. */
export function searchOf<T>(
  items: readonly T[],
  variant: string,
  fieldsOf: (item: T) => readonly (string | undefined | null)[],
): (keyword: string) => T[] {
  let byVariant = cache.get(items);
  if (!byVariant) cache.set(items, (byVariant = new Map()));
  let search = byVariant.get(variant) as ((keyword: string) => T[]) | undefined;
  if (!search) byVariant.set(variant, (search = createSearch(items, fieldsOf)));
  return search;
}

import i18n from '../../lib/i18n';
import {
  compareSortKeys,
  HASH,
  indexLetterOf,
  indexStyleOf,
  letterRank,
  matchesKey,
  parseQuery,
  pinyinVersion,
  searchKey,
  sortKeyOf as sortKey,
  type IndexStyle,
  type SearchKey,
} from '../../lib/search';
import { displayName, type PickerItem, type PickerRow } from './types';

/** The '#' bucket: names that start with no letter of the index. */
export { HASH };

/** The index style of the current UI language (kana rows in Japanese, pinyin letters otherwise). */
export const currentIndexStyle = (): IndexStyle => indexStyleOf(i18n.language);

/** Index letter of a name: A–Z for Latin letters and (via pinyin) Chinese characters, else '#'; kana rows in ja. */
export function initialOf(name: string, style: IndexStyle = 'pinyin'): string {
  return indexLetterOf(name, style);
}

/** Sort key: the name spelled in pinyin (Chinese) or as is, lower-cased; kana as hiragana in ja. */
export function sortKeyOf(name: string, style: IndexStyle = 'pinyin'): string {
  return sortKey(name, style);
}

interface Keyed {
  item: PickerItem;
  letter: string;
  key: string;
}

const cache = new Map<string, { letter: string; key: string }>();
const CACHE_MAX = 20_000;

function keyed(item: PickerItem, style: IndexStyle): Keyed {
  const name = displayName(item);
  const id = `${pinyinVersion()}:${style}:${name}`;
  let hit = cache.get(id);
  if (!hit) {
    hit = { letter: initialOf(name, style), key: sortKeyOf(name, style) };
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(id, hit);
  }
  return { item, ...hit };
}

/** Items sorted by index letter ('#' last), each letter preceded by a header row. */
export function groupAlphabetically(
  items: readonly PickerItem[],
  style: IndexStyle = currentIndexStyle(),
): PickerRow[] {
  const sorted = items
    .map((i) => keyed(i, style))
    .sort((a, b) => {
      if (a.letter !== b.letter) return letterRank(a.letter) - letterRank(b.letter);
      return compareSortKeys(a.key, b.key, style) || compareSortKeys(a.item.id, b.item.id, style);
    });
  const rows: PickerRow[] = [];
  let current = '';
  for (const k of sorted) {
    if (k.letter !== current) {
      current = k.letter;
      rows.push({ kind: 'header', key: `h:${current}`, label: current });
    }
    rows.push({ kind: 'item', key: `i:${k.item.id}`, item: k.item });
  }
  return rows;
}

// Search keys per item object: a list's items keep their identity across keystrokes, so each
// item's pinyin is computed once, not once per keystroke.
// Keys made before the dictionary arrived are made again (`pinyinVersion`).
type Versioned = { v: number; key: SearchKey };
const keys = { named: new WeakMap<PickerItem, Versioned>(), withId: new WeakMap<PickerItem, Versioned>() };

function keyOf(item: PickerItem, byId: boolean): SearchKey {
  const map = byId ? keys.withId : keys.named;
  const v = pinyinVersion();
  let hit = map.get(item);
  if (!hit || hit.v !== v) {
    hit = { v, key: searchKey(byId ? [item.remark, item.name, item.id] : [item.remark, item.name]) };
    map.set(item, hit);
  }
  return hit.key;
}

/**
 * The shared people matcher (lib/search) on remark and nickname, and on the id when
 * asked: substring ignoring case, or pinyin in full, by initials or mixed ('ly', 'liuyang', 'liuy').
 */
export function matches(item: PickerItem, keyword: string, byId = false): boolean {
  const query = parseQuery(keyword);
  return !query || matchesKey(keyOf(item, byId), query);
}

/** The items a keyword finds, in list order. */
export function search(items: readonly PickerItem[], keyword: string, byId = false): PickerItem[] {
  const query = parseQuery(keyword);
  return query ? items.filter((i) => matchesKey(keyOf(i, byId), query)) : items.slice();
}

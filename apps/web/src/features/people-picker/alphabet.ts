import { pinyin } from 'pinyin-pro';
import { displayName, type PickerItem, type PickerRow } from './types';

/** The '#' bucket: names that start with neither a Latin letter nor a Chinese character. */
export const HASH = '#';

const LATIN = /^[A-Za-z]$/;
const HAN = /^\p{Script=Han}$/u;

/** Initial letter of a name: A–Z for Latin letters and (via pinyin) Chinese characters, else '#'. */
export function initialOf(name: string): string {
  const first = Array.from(name.trim())[0] ?? '';
  if (LATIN.test(first)) return first.toUpperCase();
  if (HAN.test(first)) {
    const letter = pinyin(first, { pattern: 'first', toneType: 'none', surname: 'head' })
      .charAt(0)
      .toUpperCase();
    return LATIN.test(letter) ? letter : HASH;
  }
  return HASH;
}

/** Sort key: the name spelled in pinyin (Chinese) or as is, lower-cased. */
export function sortKeyOf(name: string): string {
  return pinyin(name.trim(), {
    toneType: 'none',
    separator: '',
    nonZh: 'consecutive',
    surname: 'head',
  }).toLowerCase();
}

interface Keyed {
  item: PickerItem;
  letter: string;
  key: string;
}

const cache = new Map<string, { letter: string; key: string }>();
const CACHE_MAX = 20_000;

function keyed(item: PickerItem): Keyed {
  const name = displayName(item);
  let hit = cache.get(name);
  if (!hit) {
    hit = { letter: initialOf(name), key: sortKeyOf(name) };
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(name, hit);
  }
  return { item, ...hit };
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Items sorted A–Z with '#' last, each letter preceded by a header row. */
export function groupAlphabetically(items: readonly PickerItem[]): PickerRow[] {
  const sorted = items.map(keyed).sort((a, b) => {
    if (a.letter !== b.letter) {
      if (a.letter === HASH) return 1;
      if (b.letter === HASH) return -1;
      return a.letter < b.letter ? -1 : 1;
    }
    return collator.compare(a.key, b.key) || collator.compare(a.item.id, b.item.id);
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

/** Case-insensitive substring match on remark or nickname (SPEC §5), and on the id when asked. */
export function matches(item: PickerItem, keyword: string, byId = false): boolean {
  const kw = keyword.trim().toLowerCase();
  if (!kw) return true;
  if (item.remark?.toLowerCase().includes(kw)) return true;
  if (item.name?.toLowerCase().includes(kw)) return true;
  return byId && item.id.toLowerCase().includes(kw);
}

import type { FriendItem } from '@parley/protocol';
import { groupAlphabetically, search, type PickerItem } from '../people-picker';
import type { IndexStyle } from '../../lib/search';
import type { EntryIcon } from './icons';

export type ListRow =
  | { kind: 'entry'; key: string; icon: EntryIcon }
  | { kind: 'header'; key: string; label: string }
  | { kind: 'friend'; key: string; friend: FriendItem }
  | { kind: 'footer'; key: string; count: number }
  | { kind: 'empty'; key: string };

export const ENTRIES: readonly EntryIcon[] = ['new', 'notices', 'groups', 'tags', 'black'];

interface Prepared {
  byId: Map<string, FriendItem>;
  asItems: PickerItem[];
}

// One preparation per friends list (the query cache keeps the array while it is unchanged), so the
// items, and with them their search keys, are built once and not on every keystroke.
const prepared = new WeakMap<readonly FriendItem[], Prepared>();

function prepare(friends: readonly FriendItem[]): Prepared {
  let p = prepared.get(friends);
  if (!p) {
    p = {
      byId: new Map(friends.map((f) => [f.wtId, f])),
      asItems: friends.map((f) => ({ id: f.wtId, name: f.nickName, remark: f.remark || undefined })),
    };
    prepared.set(friends, p);
  }
  return p;
}

/**
 * The contacts column: the fixed entries, then friends by index letter with a '#' bucket (pinyin
 * initials for Chinese names; kana rows in the Japanese UI), then the count. With a keyword: only
 * matching friends (remark, nickname or ID; pinyin in full, by initials or mixed: lib/search).
 */
export function buildRows(
  friends: readonly FriendItem[],
  keyword: string,
  searchLabel: string,
  style?: IndexStyle,
): ListRow[] {
  const { byId, asItems } = prepare(friends);
  const kw = keyword.trim();
  if (kw) {
    const hits = search(asItems, kw, true);
    const rows: ListRow[] = [{ kind: 'header', key: 'h:search', label: searchLabel }];
    for (const h of hits) rows.push({ kind: 'friend', key: `f:${h.id}`, friend: byId.get(h.id)! });
    if (!hits.length) rows.push({ kind: 'empty', key: 'empty' });
    return rows;
  }
  const rows: ListRow[] = ENTRIES.map((icon) => ({ kind: 'entry', key: `e:${icon}`, icon }));
  for (const r of groupAlphabetically(asItems, style)) {
    if (r.kind === 'header') rows.push({ kind: 'header', key: r.key, label: r.label });
    else if (r.kind === 'item')
      rows.push({ kind: 'friend', key: `f:${r.item.id}`, friend: byId.get(r.item.id)! });
  }
  if (friends.length) rows.push({ kind: 'footer', key: 'footer', count: friends.length });
  return rows;
}

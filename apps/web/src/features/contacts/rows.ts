import type { FriendItem } from '@parley/protocol';
import { groupAlphabetically, matches, type PickerItem } from '../people-picker';
import type { EntryIcon } from './icons';

export type ListRow =
  | { kind: 'entry'; key: string; icon: EntryIcon }
  | { kind: 'header'; key: string; label: string }
  | { kind: 'friend'; key: string; friend: FriendItem }
  | { kind: 'footer'; key: string; count: number }
  | { kind: 'empty'; key: string };

export const ENTRIES: readonly EntryIcon[] = ['new', 'notices', 'groups', 'tags', 'black'];

/**
 * The contacts column: the fixed entries, then friends A–Z with a '#' bucket (pinyin initials for
 * Chinese names), then the count. With a keyword: only matching friends (remark, nickname or ID).
 */
export function buildRows(friends: readonly FriendItem[], keyword: string, searchLabel: string): ListRow[] {
  const byId = new Map(friends.map((f) => [f.wtId, f]));
  const asItems: PickerItem[] = friends.map((f) => ({
    id: f.wtId,
    name: f.nickName,
    remark: f.remark || undefined,
  }));
  const kw = keyword.trim();
  if (kw) {
    const hits = asItems.filter((i) => matches(i, kw, true));
    const rows: ListRow[] = [{ kind: 'header', key: 'h:search', label: searchLabel }];
    for (const h of hits) rows.push({ kind: 'friend', key: `f:${h.id}`, friend: byId.get(h.id)! });
    if (!hits.length) rows.push({ kind: 'empty', key: 'empty' });
    return rows;
  }
  const rows: ListRow[] = ENTRIES.map((icon) => ({ kind: 'entry', key: `e:${icon}`, icon }));
  for (const r of groupAlphabetically(asItems)) {
    if (r.kind === 'header') rows.push({ kind: 'header', key: r.key, label: r.label });
    else if (r.kind === 'item')
      rows.push({ kind: 'friend', key: `f:${r.item.id}`, friend: byId.get(r.item.id)! });
  }
  if (friends.length) rows.push({ kind: 'footer', key: 'footer', count: friends.length });
  return rows;
}

import type { QueryClient } from '@tanstack/react-query';
import type { FriendItem } from '@parley/protocol';
import { friendKeys, tagKeys } from './keys';

// Cache edits shared by mutations and socket events. Kept free of runtime protocol imports: the app
// layout loads this eagerly (via FriendsRoot) and must not pull the zod schemas into the shell.

/** Puts a changed friend row into the cached list (and drops the cached profile). */
export function patchFriend(qc: QueryClient, item: FriendItem): void {
  qc.setQueryData<FriendItem[]>(friendKeys.list(), (old) => {
    if (!old) return old;
    const i = old.findIndex((f) => f.wtId === item.wtId);
    if (i < 0) return [...old, item];
    const next = old.slice();
    next[i] = item;
    return next;
  });
  void qc.invalidateQueries({ queryKey: friendKeys.info(item.wtId) });
}

export function dropFriend(qc: QueryClient, wtId: string): void {
  qc.setQueryData<FriendItem[]>(friendKeys.list(), (old) => old?.filter((f) => f.wtId !== wtId));
  void qc.invalidateQueries({ queryKey: friendKeys.info(wtId) });
  void qc.invalidateQueries({ queryKey: tagKeys.all });
}

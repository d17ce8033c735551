import type { ServerEventMap, SyncBody, SyncResult } from '@parley/protocol';
import { call } from '../../lib/api';
import { socket } from '../../lib/realtime';
import { queryClient } from '../../lib/query';
import { PAGE } from './paging';
import { conversationsKey, patchConversations } from './conversations';
import { upsertConversation } from './list-logic';
import { ingest } from './ingest';
import { useChatStore } from './store';
import { useSession } from '../../lib/session';
import { asReader, isGroupID } from './group/logic';
import { heldGroupVersions, setGroupVersions } from './group/versions';

/**
 * Catch-up after a reconnect (docs/api.md "Sync"): the socket URL names the version this tab knows
 * and `hello` carries the user's version now and, when it moved, the changes after ours (`sync`);
 * `message.sync` on that socket follows only for more pages, for group chats, or when hello could
 * not answer (`/message/sync` when the socket is gone again). They bring every changed conversation
 * and message — new, revoked, deleted for me, read — into the list and into the conversations this
 * tab holds. The first hello of a page only sets the version (the screen loads fresh state anyway).
 */
let known: number | null = null;
let running: Promise<void> | null = null;
socket.resumeVersion = () => known;

type Hello = Pick<ServerEventMap['hello'], 'syncVersion' | 'syncSince' | 'sync'>;

/** The server said events may have been lost (`sync.required`): catch up from the version held. */
export function onSyncRequired(): Promise<void> {
  if (known === null) return Promise.resolve();
  return onHello({ syncVersion: Number.MAX_SAFE_INTEGER });
}

export function onHello(hello: Hello | null | undefined): Promise<void> {
  const version = hello?.syncVersion;
  if (typeof version !== 'number') return Promise.resolve();
  // Group messages are not in the user's own change log: a reconnect with group conversations in
  // the list syncs them (by their group versions) even when the user's version did not move.
  const groups = known !== null && holdsGroups();
  if (known === null || (version <= known && !groups)) {
    known = Math.max(known ?? 0, version);
    return Promise.resolve();
  }
  if (running) return running;
  running = (async () => {
    let since = known ?? 0;
    // hello's page is the one-to-one log only: a tab with group chats asks for theirs after it.
    let carried = hello?.sync && hello.syncSince === since ? hello.sync : null;
    let groupsAsked = !groups;
    for (let pages = 0; pages < 50; pages++) {
      const held = heldGroupVersions();
      const body = Object.keys(held).length ? { since, groups: held } : { since };
      const r = carried ?? (await changesSince(body));
      if (!carried) groupsAsked = true;
      carried = null;
      setGroupVersions(r.groupVersions);
      if (r.reset) {
        // Offline for longer than the server keeps changes: reload instead of patching.
        await reloadEverything();
        since = r.version;
        break;
      }
      const removed = new Set(r.removedConversationIDs);
      patchConversations((list) =>
        r.conversations.reduce(
          upsertConversation,
          list.filter((c) => !removed.has(c.conversationID)),
        ),
      );
      const store = useChatStore.getState();
      for (const id of removed) store.forget(id);
      const byConv = new Map<string, typeof r.messages>();
      const me = useSession.getState().user?.wtId ?? '';
      for (const raw of r.messages) {
        const m = asReader(raw, me);
        byConv.set(m.conversationID, [...(byConv.get(m.conversationID) ?? []), m]);
      }
      for (const [id, messages] of byConv) ingest(id, messages, { from: 'sync' });
      since = r.version;
      if (!r.hasMore && groupsAsked) break;
    }
    known = since;
  })()
    .catch(() => {})
    .finally(() => {
      running = null;
    });
  return running;
}

/** Whether this tab shows group conversations (their changes are synced by group version). */
function holdsGroups(): boolean {
  if (Object.keys(heldGroupVersions()).length > 0) return true;
  const me = useSession.getState().user?.wtId ?? '';
  const list = queryClient.getQueryData<Array<{ conversationID: string }>>(conversationsKey(me)) ?? [];
  return list.some((c) => isGroupID(c.conversationID));
}

/** One page of changes: on the socket that just said hello (no second token check), else by REST. */
async function changesSince(body: SyncBody): Promise<SyncResult> {
  if (socket.status === 'open') {
    try {
      return await socket.send<SyncResult>('message.sync', body);
    } catch {
      // The socket went away meanwhile: the route answers the same.
    }
  }
  return call('messages', 'sync', body, { silent: true });
}

/** The conversation list again, and the latest page of every conversation this tab holds. */
async function reloadEverything(): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: ['messages', 'conversations'] });
  const store = useChatStore.getState();
  await Promise.all(
    Object.keys(store.byConv).map(async (id) => {
      const page = await call('messages', 'history', { conversationID: id, count: PAGE });
      store.forget(id);
      ingest(id, page.messages, { from: 'latest', isCompleted: page.isCompleted });
    }),
  );
}

/** Tests: forget the version. */
export function resetSyncVersion(): void {
  known = null;
}

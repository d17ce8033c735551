import { useEffect, useRef } from 'react';
import { Chat, type Message } from '@parley/protocol';
import { call } from '../../lib/api';
import { socket, useSocketEvent, useSocketStatus } from '../../lib/realtime';
import { useSession } from '../../lib/session';
import { getConversation, patchConversations, putConversation } from './conversations';
import { ingest } from './ingest';
import { localCache } from './local';
import { alertMessage } from './notify';
import { abstractOf, flushOutbox } from './send';
import { onHello, onSyncRequired, resetSyncVersion } from './sync';
import { useChatStore } from './store';
import { asReader, isGroupID } from './group/logic';
import { fillGap, noteMention, heldLastSequence, useGroupMessagesRealtime } from './group/realtime';
import { noteGroupVersion } from './group/versions';
import { useCountsNewMessages } from '../../lib/useCounters';
import { countNewMessage } from './unread-badge';
import { PAGE } from './paging';
import { windowEnd } from './window';
import { isNotice } from './notices';

const visible = () => typeof document === 'undefined' || !document.hidden;

/**
 * The socket events of the messages screen (docs/web.md "Messages"): new and changed messages,
 * read cursors, conversation changes and typing, applied to the list and the open chat. After a
 * reconnect one `message.sync` catches up (sync.ts) and the outbox is sent.
 */
export function useMessagesRealtime(openID: string | null): void {
  const openRef = useRef(openID);
  openRef.current = openID;
  const me = useSession((s) => s.user?.wtId ?? '');
  useCountsNewMessages();

  useSocketEvent('message.new', (frame) => {
    // Group topic frames are the same for every member: flow comes from the sender.
    const m = asReader(frame, me);
    const store = useChatStore.getState();
    const onScreen = m.conversationID === openRef.current && visible();
    const group = isGroupID(m.conversationID);
    const heldLast = group ? heldLastSequence(m.conversationID) : 0;
    const held = store.byConv[m.conversationID] !== undefined;
    if (m.flow === 'in') store.setTyping(m.conversationID, 0);
    const known = getConversation(m.conversationID);
    ingest(m.conversationID, [m], { from: 'push', onScreen, openID: openRef.current });
    if (group) {
      noteGroupVersion(m);
      if (held) void fillGap(m.conversationID, heldLast, m.sequence);
      noteMention(m, me, onScreen);
    }
    countNewMessage(m, known, onScreen);
    // Read when it is seen (features/messages/read-on-view.ts), not merely when it arrives.
    const silent = isNotice(m) || m.type === 'groupTip' || m.isRevoked;
    if (m.flow === 'in' && !silent && !getConversation(m.conversationID)?.isMuted)
      alertMessage(m, onScreen, abstractOf(m));
  });
  useSocketEvent('message.updated', (frame) => {
    const m = asReader(frame, me);
    noteGroupVersion(m);
    ingest(m.conversationID, [m], { from: 'update', openID: openRef.current });
  });
  useSocketEvent('message.read', (r) => {
    if (r.readerID === me) return;
    useChatStore.getState().peerRead(r.conversationID, r.seq);
    patchConversations((list) =>
      list.map((c) =>
        c.conversationID === r.conversationID
          ? { ...c, peerReadSequence: Math.max(c.peerReadSequence, r.seq) }
          : c,
      ),
    );
  });
  useSocketEvent('conversation.updated', (c) => putConversation(c));
  useGroupMessagesRealtime(openRef);
  useSocketEvent('conversation.deleted', ({ conversationID }) => {
    patchConversations((list) => list.filter((c) => c.conversationID !== conversationID));
    useChatStore.getState().forget(conversationID);
  });
  useSocketEvent('typing', ({ conversationID }) => {
    useChatStore.getState().setTyping(conversationID, Date.now() + Chat.typingShowMs);
  });

  // The socket may have said hello before this screen mounted (its code loads on demand): that
  // version is where catching up starts; the list and the open chat load fresh as they mount.
  useEffect(() => {
    void onHello(socket.lastHello);
    return resetSyncVersion;
  }, [me]);
  useSocketEvent('hello', (hello) => {
    void onHello(hello);
  });
  useSocketEvent('sync.required', () => void onSyncRequired());

  // Connected again: send the outbox. What changed meanwhile comes with one message.sync after
  // hello (sync.ts), not by refetching the list and the open chat: a node's restart must not turn
  // every tab into a page of list requests.
  const status = useSocketStatus();
  useEffect(() => {
    if (status === 'open') void flushOutbox();
  }, [status, me]);
  useEffect(() => {
    const online = () => void flushOutbox();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, []);
}

/**
 * The latest page of a conversation from the server, merged with what is held, then cached.
 * `reset`: the jump to newest, replacing a window that stops short of it.
 */
export async function loadLatest(conversationID: string, reset = false): Promise<void> {
  const page = await call('messages', 'history', { conversationID, count: PAGE });
  ingest(conversationID, page.messages, { from: 'latest', isCompleted: page.isCompleted, reset });
}

/** The window around a message (a search hit): one request, the hit in the newer half. */
export async function loadAround(conversationID: string, seq: number): Promise<void> {
  const page = await call('messages', 'history', { conversationID, aroundSeq: seq, count: PAGE });
  ingest(conversationID, page.messages, {
    from: 'around',
    isCompleted: page.isCompleted,
    hasMore: page.hasMore ?? false,
  });
}

/** One newer page after the window's end; resolves false when it reaches the newest. */
export async function loadNewer(conversationID: string): Promise<boolean> {
  const held = useChatStore.getState().byConv[conversationID];
  if (!held || held.reachesNewest) return false;
  const afterSeq = windowEnd(held.messages);
  if (!afterSeq) return false;
  const page = await call('messages', 'history', { conversationID, afterSeq, count: PAGE });
  ingest(conversationID, page.messages, { from: 'newer', hasMore: page.hasMore ?? false });
  return page.hasMore ?? false;
}

/** One older page ('load more'); resolves false when nothing older is left. */
export async function loadOlder(conversationID: string): Promise<boolean> {
  const held = useChatStore.getState().byConv[conversationID];
  const first = held?.messages.find((m) => m.status === 'success');
  if (!first || held?.isCompleted) return false;
  const page = await call('messages', 'history', { conversationID, beforeSeq: first.sequence, count: PAGE });
  ingest(conversationID, page.messages, { from: 'older', isCompleted: page.isCompleted });
  return !page.isCompleted;
}

/**
 * Opens a conversation's history: the device's copy first (if any), then the server's latest page.
 * Every change to the held messages is saved back to the device (latest 50, stored ones only).
 */
export function useHistory(conversationID: string | null): { failed: boolean } {
  const owner = useSession((s) => s.user?.wtId ?? '');
  const failed = useRef(false);
  useEffect(() => {
    if (!conversationID || !owner) return;
    let live = true;
    failed.current = false;
    void localCache.loadMessages(owner, conversationID).then((cached) => {
      if (live && cached)
        ingest(conversationID, cached.messages, { from: 'cache', isCompleted: cached.isCompleted });
    });
    loadLatest(conversationID).catch(() => {
      failed.current = true;
    });
    let timer: ReturnType<typeof setTimeout> | null = null;
    let last = useChatStore.getState().byConv[conversationID];
    const unsub = useChatStore.subscribe((s) => {
      const cur = s.byConv[conversationID];
      // The device keeps the newest messages: a window away from them is not saved.
      if (cur === last || !cur || cur.source !== 'server' || !cur.reachesNewest) return;
      last = cur;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        const stored = cur.messages.filter((m) => m.status === 'success') as unknown as Message[];
        void localCache.saveMessages(owner, conversationID, stored, cur.isCompleted);
      }, 300);
    });
    return () => {
      live = false;
      unsub();
      if (timer) clearTimeout(timer);
    };
  }, [conversationID, owner]);
  return { failed: failed.current };
}

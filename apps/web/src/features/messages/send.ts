import type { Message } from '@parley/protocol';
import { socket } from '../../lib/realtime';
import { useSession } from '../../lib/session';
import { toast } from '../../ui/toast-store';
import { ingest } from './ingest';
import { refusedLocally } from './local-review';
import { offerReAddOn } from './readd-offer';
import { isGroupID } from './group/logic';
import { refreshSoon } from './group/receipts';
import { outbox } from './local';
import { pendingMessage } from './merge';
import { isTransient, SendRetries } from './send-retry';
import { useChatStore } from './store';
import { abstractOf, type ChatMessage, type OutgoingMessage } from './types';

/** How long an ack may take before the send counts as unanswered (and is retried: send-retry.ts). */
const ACK_TIMEOUT_MS = 15_000;

const inFlight = new Set<string>();
/** Unanswered sends waiting to go out again while the socket stays open. */
export const retries = new SendRetries();

function user() {
  const u = useSession.getState().user;
  return { wtId: u?.wtId ?? '', nick: u?.nickName ?? '', avatar: u?.avatar ?? '' };
}

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('ack timeout')), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

export type Delivery = 'sent' | 'queued' | 'failed';

/** The server stored the send: its message replaces the spinner, and it leaves the outbox. */
async function delivered(out: OutgoingMessage, msg: Message): Promise<void> {
  retries.forget(out.clientMsgId);
  ingest(out.conversationID, [msg], { from: 'own' });
  if (msg.needReadReceipt && isGroupID(msg.conversationID)) refreshSoon(msg.conversationID, msg.ID);
  await outbox.remove(out.clientMsgId);
}

/**
 * An unanswered send goes out again after the next backoff while the socket stays open (a closed
 * socket's reconnect sends the outbox instead); once one is acknowledged, the rest of the outbox
 * follows.
 */
function retryLater(out: OutgoingMessage): void {
  if (socket.status !== 'open') return;
  retries.schedule(out.clientMsgId, () => {
    void deliver(out).then((d) => {
      if (d === 'sent') void flushOutbox();
    });
  });
}

/**
 * Sends one outbox entry over the socket (`message.send`, acked after the commit). Offline it
 * stays in the outbox with its clientMsgId; without an answer (no ack in time, the socket closed,
 * the server unable to serve it now) it stays there and is retried with the same clientMsgId until
 * acknowledged; a refusal marks it failed, shows the server's text and leaves the outbox.
 */
export async function deliver(out: OutgoingMessage): Promise<Delivery> {
  if (inFlight.has(out.clientMsgId)) return 'queued';
  retries.cancel(out.clientMsgId);
  if (!online() || socket.status !== 'open') return 'queued';
  inFlight.add(out.clientMsgId);
  const store = useChatStore.getState();
  try {
    const { createdAt: _c, ownerID: _o, ...rest } = out;
    // Group messages ask for read receipts (the read/unread marker and panel).
    const body = isGroupID(out.conversationID) ? { needReadReceipt: true, ...rest } : rest;
    // An ack that comes after the timeout still counts (and ends the retries).
    const stored = socket.send<Message>('message.send', body).then((msg) => delivered(out, msg));
    stored.catch(() => undefined);
    await withTimeout(stored, ACK_TIMEOUT_MS);
    return 'sent';
  } catch (e) {
    if (isTransient(e)) {
      retryLater(out);
      return 'queued';
    }
    retries.forget(out.clientMsgId);
    store.setStatus(out.conversationID, out.clientMsgId, 'fail');
    await outbox.remove(out.clientMsgId);
    const text = e instanceof Error ? e.message : String(e);
    if (!offerReAddOn(e, out.conversationID)) toast.error(text);
    return 'failed';
  } finally {
    inFlight.delete(out.clientMsgId);
  }
}

/**
 * Writes a text: kept in the outbox, shown with a spinner, then delivered. A text the local review
 * list refuses (3123) is neither kept nor sent.
 */
export async function sendText(
  conversationID: string,
  text: string,
  quote?: ChatMessage,
  clientMsgId: string = crypto.randomUUID(),
  extra: Pick<OutgoingMessage, 'atUserList'> = {},
): Promise<Delivery> {
  if (refusedLocally(text)) return 'failed';
  const me = user();
  const out: OutgoingMessage = {
    conversationID,
    clientMsgId,
    type: 'text',
    payload: { text },
    createdAt: Date.now(),
    ownerID: me.wtId,
    ...extra,
    ...(quote
      ? {
          cloudCustomData: {
            messageReply: {
              messageID: quote.ID,
              messageType: quote.type,
              messageSender: quote.nick || quote.from,
              messageAbstract: abstractOf(quote).slice(0, 500),
            },
          },
        }
      : {}),
  };
  // Kept on the device before it shows: once the spinner is on screen, closing the tab loses nothing.
  await outbox.add(out);
  useChatStore.getState().addPending(pendingMessage(out, me));
  return deliver(out);
}

/** A failed message sent again (after the user confirmed), with the same clientMsgId. */
export async function resend(m: ChatMessage): Promise<Delivery> {
  const me = user();
  const text = typeof m.payload.text === 'string' ? m.payload.text : '';
  const out: OutgoingMessage = {
    conversationID: m.conversationID,
    clientMsgId: m.clientMsgId,
    type: m.type as OutgoingMessage['type'],
    payload: m.type === 'text' ? { text } : m.payload,
    createdAt: m.timeMs,
    ownerID: me.wtId,
    ...(m.cloudCustomData?.messageReply
      ? { cloudCustomData: { messageReply: m.cloudCustomData.messageReply } }
      : {}),
    ...(m.atUserList.length ? { atUserList: m.atUserList } : {}),
  };
  await outbox.add(out);
  useChatStore.getState().setStatus(m.conversationID, m.clientMsgId, 'unSend');
  return deliver(out);
}

let flushing: Promise<void> | null = null;

/**
 * Sends what waits in the outbox, oldest first (after a reload, a reconnect, or coming back
 * online). Entries show in their conversation with a spinner until acked.
 */
export function flushOutbox(): Promise<void> {
  if (flushing) return flushing;
  flushing = (async () => {
    const me = user();
    if (!me.wtId) return;
    const waiting = await outbox.list(me.wtId);
    for (const out of waiting) {
      useChatStore.getState().addPending(pendingMessage(out, me));
      if ((await deliver(out)) === 'queued') break;
    }
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

export { abstractOf };

import { randomUUID } from 'node:crypto';
import type { Conversation, Message, SyncResult } from '@parley/protocol';
import type { CallResult, TestServer, TestUser } from '../helpers.js';
import { post } from '../friends/helpers.js';

export { befriend, newUser, post } from '../friends/helpers.js';

export const c2c = (u: TestUser) => `C2C${u.wtId}`;

/** Sends a text from `from` to `to` over REST. */
export function sendText(
  t: TestServer,
  from: TestUser,
  to: TestUser,
  text: string,
  clientMsgId: string = randomUUID(),
): Promise<CallResult<Message>> {
  return post<Message>(t, from, '/message/send', {
    conversationID: c2c(to),
    clientMsgId,
    type: 'text',
    payload: { text },
  });
}

/** Sends and insists on success. */
export async function sent(t: TestServer, from: TestUser, to: TestUser, text: string): Promise<Message> {
  const res = await sendText(t, from, to, text);
  if (res.code !== 200) throw new Error(`send failed: ${res.code} ${res.msg}`);
  return res.data;
}

export async function history(
  t: TestServer,
  user: TestUser,
  peer: TestUser,
  extra: Record<string, unknown> = {},
): Promise<{ messages: Message[]; isCompleted: boolean }> {
  const res = await post<{ messages: Message[]; isCompleted: boolean }>(t, user, '/message/history', {
    conversationID: c2c(peer),
    ...extra,
  });
  if (res.code !== 200) throw new Error(`history failed: ${res.code} ${res.msg}`);
  return res.data;
}

/** Every message of the conversation, oldest first, paging through history. */
export async function fullHistory(t: TestServer, user: TestUser, peer: TestUser): Promise<Message[]> {
  const out: Message[] = [];
  let beforeSeq: number | undefined;
  for (;;) {
    const page = await history(t, user, peer, { count: 100, ...(beforeSeq ? { beforeSeq } : {}) });
    out.unshift(...page.messages);
    if (page.isCompleted || page.messages.length === 0) return out;
    beforeSeq = page.messages[0]!.sequence;
  }
}

export async function sync(t: TestServer, user: TestUser, since: number): Promise<SyncResult> {
  const res = await post<SyncResult>(t, user, '/message/sync', { since });
  if (res.code !== 200) throw new Error(`sync failed: ${res.code} ${res.msg}`);
  return res.data;
}

export async function conversation(t: TestServer, user: TestUser, peer: TestUser): Promise<Conversation> {
  const res = await post<Conversation>(t, user, '/conversation/get', { conversationID: c2c(peer) });
  if (res.code !== 200) throw new Error(`get failed: ${res.code} ${res.msg}`);
  return res.data;
}

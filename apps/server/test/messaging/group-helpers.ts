import { randomUUID } from 'node:crypto';
import type { Conversation, GroupInfo, Message, SyncResult } from '@parley/protocol';
import {
  api,
  openSocket,
  type CallResult,
  type TestServer,
  type TestSocket,
  type TestUser,
} from '../helpers.js';
import { befriendAll, createGroup, must, newUser, post } from '../groups/helpers.js';

export { befriendAll, createGroup, must, newUser, post };

export const gid = (g: Pick<GroupInfo, 'groupNumber'>) => `GROUP${g.groupNumber}`;
export const G = '/user/groupchat';

/** Sends a text to a group over REST. */
export function sendGroup(
  t: TestServer,
  from: TestUser,
  g: Pick<GroupInfo, 'groupNumber'>,
  text: string,
  extra: Record<string, unknown> = {},
): Promise<CallResult<Message>> {
  return post<Message>(t, from, '/message/send', {
    conversationID: gid(g),
    clientMsgId: randomUUID(),
    type: 'text',
    payload: { text },
    ...extra,
  });
}

export async function sentGroup(
  t: TestServer,
  from: TestUser,
  g: Pick<GroupInfo, 'groupNumber'>,
  text: string,
  extra: Record<string, unknown> = {},
): Promise<Message> {
  const res = await sendGroup(t, from, g, text, extra);
  if (res.code !== 200) throw new Error(`group send failed: ${res.code} ${res.msg}`);
  return res.data;
}

/** Every message of the group conversation the user may see, oldest first. */
export async function groupHistory(t: TestServer, user: TestUser, g: Pick<GroupInfo, 'groupNumber'>) {
  const out: Message[] = [];
  let beforeSeq: number | undefined;
  for (;;) {
    const page = await must<{ messages: Message[]; isCompleted: boolean }>(t, user, '/message/history', {
      conversationID: gid(g),
      count: 100,
      ...(beforeSeq ? { beforeSeq } : {}),
    });
    out.unshift(...page.messages);
    if (page.isCompleted || page.messages.length === 0) return out;
    beforeSeq = page.messages[0]!.sequence;
  }
}

export function groupConversation(t: TestServer, user: TestUser, g: Pick<GroupInfo, 'groupNumber'>) {
  return must<Conversation>(t, user, '/conversation/get', { conversationID: gid(g) });
}

export function groupSync(t: TestServer, user: TestUser, since: number, groups?: Record<string, number>) {
  return must<SyncResult>(t, user, '/message/sync', { since, ...(groups ? { groups } : {}) });
}

export async function unreadCounter(t: TestServer, user: TestUser): Promise<number> {
  const res = await api<{ unread: number }>(t, 'GET', '/user/counters', { token: user.token });
  return res.data.unread;
}

/** A socket past its hello. */
export async function ready(t: TestServer, user: TestUser): Promise<TestSocket> {
  const s = await openSocket(t, user.token);
  await s.next((f) => f.type === 'hello');
  return s;
}

/** `message.new` frames of a conversation a socket received so far. */
export const newIn = (s: TestSocket, conversationID: string) =>
  s.frames
    .filter((f) => f.type === 'message.new' && (f.data as Message).conversationID === conversationID)
    .map((f) => f.data as Message);

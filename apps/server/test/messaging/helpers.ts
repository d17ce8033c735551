import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Conversation, Message, SyncResult } from '@parley/protocol';
import { api, registerUser, type CallResult, type TestServer, type TestUser } from '../helpers.js';

export { newUser } from '../friends/helpers.js';

type Target = TestServer | string;

export function post<T = unknown>(t: Target, user: TestUser, url: string, body: unknown = {}) {
  return api<T>(t, 'POST', url, { token: user.token, body });
}

let n = 0;
/** A user with a readable unique wtId on any server (a TestServer or a node's base URL). */
export function userOn(t: Target, name: string): Promise<TestUser> {
  n += 1;
  return registerUser(t, { wtId: `${name}_m${n}_${process.pid % 10000}`, nickName: name });
}

/** Makes a and b friends through the real apply + accept flow. */
export async function befriend(t: Target, a: TestUser, b: TestUser): Promise<void> {
  const sent = await post(t, a, '/userFriends/apply', { applyWtId: b.wtId, applySource: 1 });
  if (sent.code !== 200) throw new Error(`apply failed: ${sent.code} ${sent.msg}`);
  const ok = await post(t, b, '/userFriends/apply/handle', { applyWtId: a.wtId, handleStatus: 1 });
  if (ok.code !== 200) throw new Error(`accept failed: ${ok.code} ${ok.msg}`);
}

export const c2c = (u: TestUser) => `C2C${u.wtId}`;

/** Sends a text from `from` to `to` over REST. */
export function sendText(
  t: Target,
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
export async function sent(t: Target, from: TestUser, to: TestUser, text: string): Promise<Message> {
  const res = await sendText(t, from, to, text);
  if (res.code !== 200) throw new Error(`send failed: ${res.code} ${res.msg}`);
  return res.data;
}

export async function history(
  t: Target,
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
export async function fullHistory(t: Target, user: TestUser, peer: TestUser): Promise<Message[]> {
  const out: Message[] = [];
  let beforeSeq: number | undefined;
  for (;;) {
    const page = await history(t, user, peer, { count: 100, ...(beforeSeq ? { beforeSeq } : {}) });
    out.unshift(...page.messages);
    if (page.isCompleted || page.messages.length === 0) return out;
    beforeSeq = page.messages[0]!.sequence;
  }
}

export async function sync(t: Target, user: TestUser, since: number): Promise<SyncResult> {
  const res = await post<SyncResult>(t, user, '/message/sync', { since });
  if (res.code !== 200) throw new Error(`sync failed: ${res.code} ${res.msg}`);
  return res.data;
}

export async function conversation(t: Target, user: TestUser, peer: TestUser): Promise<Conversation> {
  const res = await post<Conversation>(t, user, '/conversation/get', { conversationID: c2c(peer) });
  if (res.code !== 200) throw new Error(`get failed: ${res.code} ${res.msg}`);
  return res.data;
}

/** Sends `perStream` texts on each stream concurrently (streams run in parallel, each in order). */
export async function burst(
  t: TestServer | string,
  senders: Array<{ from: TestUser; to: TestUser }>,
  perStream: number,
  prefix = 's',
): Promise<Message[]> {
  const out: Message[] = [];
  await Promise.all(
    senders.map(async ({ from, to }, s) => {
      for (let i = 0; i < perStream; i++) {
        const res = await sendText(t, from, to, `${prefix}${s}-${i}`, `${prefix}${s}-${i}`);
        if (res.code !== 200) throw new Error(`send failed: ${res.code} ${res.msg}`);
        out.push(res.data);
      }
    }),
  );
  return out;
}

/** Asserts both readers see the same gap-free sequence 1..n in the same order. */
export function expectOneOrder(forA: Message[], forB: Message[], n: number): void {
  expect(forA.map((m) => m.sequence)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
  expect(forB.map((m) => m.ID)).toEqual(forA.map((m) => m.ID));
}

/** A stored message's column, read straight from the database (`msgId`: its public ID). */
export async function storedColumn(
  t: TestServer,
  msgId: string,
  column: 'id' | 'version' | 'sender_version' | 'receiver_version',
): Promise<number> {
  const row = await t.server.ctx.db
    .selectFrom('messages')
    .select(column)
    .where('msg_id', '=', msgId)
    .executeTakeFirstOrThrow();
  return Number((row as Record<string, unknown>)[column]);
}

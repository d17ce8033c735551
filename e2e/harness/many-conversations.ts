import type { Message } from '@parley/protocol';
import { api, registerUser, type TestUser } from './api';
import { nickFor } from './many-friends';
import type { TestServer } from './server';

/**
 * One user with `count` one-to-one conversations (one message each, alternately sent and received,
 * with `count` other users) and one long conversation of `longCount` messages with a partner (the
 * two alternate), all seeded through the API. Friendship is not needed to send (docs/api.md
 * "Messages and conversations"). The server must allow the sends: raise MESSAGE_SEND_PER_MINUTE.
 * Used by bench/messages-web.ts.
 */

export interface ManyConversations {
  owner: TestUser;
  partner: TestUser;
  /** The long conversation as the owner names it, and its newest message. */
  longID: string;
  last: Message;
}

/** Runs `fn` over `items` with at most `limit` in flight. */
async function pool<T>(items: T[], limit: number, fn: (item: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
}

let sent = 0;
const clientMsgId = (tag: string) => `seed-${tag}-${Date.now().toString(36)}-${(sent += 1)}`;

/** A text of varying length, so bubbles are not all the same height. */
function textFor(i: number): string {
  const words = ['你好', '今天开会吗', 'ok', '收到，马上处理', 'See you at 3pm', '👍', '明天再说吧'];
  const base = `#${i} ${words[i % words.length]}`;
  return i % 9 === 4 ? `${base} ${'这是一段比较长的消息，用来换行。'.repeat(3)}` : base;
}

async function send(server: TestServer, from: TestUser, toWtId: string, text: string): Promise<Message> {
  return api<Message>(server, '/message/send', {
    token: from.token,
    body: {
      conversationID: `C2C${toWtId}`,
      clientMsgId: clientMsgId(from.wtId),
      type: 'text',
      payload: { text },
    },
  });
}

export async function seedManyConversations(
  server: TestServer,
  count: number,
  longCount: number,
  onProgress?: (what: string, done: number) => void,
): Promise<ManyConversations> {
  const run = String(Date.now() % 100_000).padStart(5, '0');
  const owner = await registerUser(server, { nickName: '测量员' });
  const partner = await registerUser(server, { nickName: '长聊伙伴' });
  let done = 0;
  await pool(
    Array.from({ length: count }, (_, i) => i),
    8,
    async (i) => {
      // Own identities: the harness numbers users with three digits, which thousands outgrow.
      const n = String(i).padStart(4, '0');
      const u = await registerUser(server, {
        nickName: nickFor(i),
        phone: `17${run}${n}`,
        wtId: `mc${run}${n}`,
      });
      if (i % 2 === 0) await send(server, u, owner.wtId, textFor(i));
      else await send(server, owner, u.wtId, textFor(i));
      if (++done % 1000 === 0) onProgress?.('conversations', done);
    },
  );
  // The long conversation last, so it heads the owner's list.
  done = 0;
  await pool(
    Array.from({ length: longCount }, (_, i) => i),
    8,
    async (i) => {
      if (i % 2 === 0) await send(server, owner, partner.wtId, textFor(i));
      else await send(server, partner, owner.wtId, textFor(i));
      if (++done % 2000 === 0) onProgress?.('messages', done);
    },
  );
  // The newest message as the owner reads it (its text identifies the last bubble).
  const page = await api<{ messages: Message[] }>(server, '/message/history', {
    token: owner.token,
    body: { conversationID: `C2C${partner.wtId}`, count: 1 },
  });
  return { owner, partner, longID: `C2C${partner.wtId}`, last: page.messages.at(-1)! };
}

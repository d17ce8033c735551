import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { GroupInfo, Message, SyncResult } from '@parley/protocol';
import { compiledServer } from '../compiled-server.js';
import type { TestUser } from '../helpers.js';
import { startNodeProcess, type NodeProcess } from '../realtime/node-process.js';
import { Sender } from './durability-clients.js';
import { befriend, c2c, post, userOn } from './helpers.js';

// kill -9 of the compiled server (what `npm start` runs) while clients send, ten times. Two friends
// write to each other, one over REST and one with `message.send` frames on a socket, and two members
// of a group of three write to the group the same two ways. After each restart the clients send
// again, with the same clientMsgId, what got no answer (and one send that did): every retry answers
// 200, with the message already stored if there is one, so nothing is stored twice. Every
// acknowledged send is in the conversation's history, whose sequence has no gap, and in each
// reader's sync (the per-user log for one-to-one, the group's version for the group). SQLite by
// default; PostgreSQL when DATABASE_URL is set (a schema of its own).

const ROUNDS = 10;
/** Acknowledged sends of each sender in a round before the kill. */
const ACKS_PER_SENDER = 5;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-durable-'));
const schema = `t_dur_${randomBytes(5).toString('hex')}`;
const env: Record<string, string> = {
  PARLEY_DATA_DIR: dataDir,
  MESSAGE_SEND_PER_MINUTE: '1000000',
  REDIS_URL: '',
  // The suites' cheap password hashing (vitest.config.ts), which a NODE_ENV=test server accepts.
  PASSWORD_HASH_MEMORY_KIB: process.env.PASSWORD_HASH_MEMORY_KIB ?? '',
  PASSWORD_HASH_TIME_COST: process.env.PASSWORD_HASH_TIME_COST ?? '',
  ...(process.env.DATABASE_URL
    ? { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: schema }
    : { DATABASE_URL: '' }),
};
let node: NodeProcess | undefined;

afterAll(async () => {
  await node?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (process.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  }
});

/** A conversation under test: who reads it, who writes to it, and how much of it was checked. */
interface Conversation {
  id: string;
  reader: TestUser;
  senders: Sender[];
  /** Sequences 1..checked were checked in earlier rounds. */
  checked: number;
}

/** The messages after `after` in the conversation (newest pages first, as a client scrolls back). */
async function historyAfter(base: string, conv: Conversation, after: number): Promise<Message[]> {
  const out: Message[] = [];
  let beforeSeq: number | undefined;
  for (;;) {
    const res = await post<{ messages: Message[]; isCompleted: boolean }>(
      base,
      conv.reader,
      '/message/history',
      {
        conversationID: conv.id,
        count: 100,
        ...(beforeSeq ? { beforeSeq } : {}),
      },
    );
    if (res.code !== 200) throw new Error(`history failed: ${res.code} ${res.msg}`);
    const page = res.data.messages;
    out.unshift(...page.filter((m) => m.sequence > after));
    if (res.data.isCompleted || page.length === 0 || page[0]!.sequence <= after + 1) return out;
    beforeSeq = page[0]!.sequence;
  }
}

/**
 * The texts of this round's messages (text = clientMsgId), each once, after the checked part: their
 * sequences follow it without a gap.
 */
async function newMessages(base: string, conv: Conversation): Promise<Map<string, Message>> {
  const messages = await historyAfter(base, conv, conv.checked);
  expect(messages.map((m) => m.sequence)).toEqual(messages.map((_, i) => conv.checked + i + 1));
  const byText = new Map(messages.map((m) => [m.payload.text as string, m]));
  expect([conv.id, byText.size]).toEqual([conv.id, messages.length]);
  return byText;
}

/** A reader's sync position: the per-user version and the versions of the groups it holds. */
interface SyncState {
  user: TestUser;
  since: number;
  groups: Record<string, number>;
}

/** The IDs of the messages a reader's sync brings after its position, which moves to the end. */
async function syncedIds(base: string, s: SyncState): Promise<Set<string>> {
  const ids = new Set<string>();
  for (;;) {
    const res = await post<SyncResult>(base, s.user, '/message/sync', { since: s.since, groups: s.groups });
    if (res.code !== 200) throw new Error(`sync failed: ${res.code} ${res.msg}`);
    expect(res.data.reset).toBe(false);
    for (const m of res.data.messages) ids.add(m.ID);
    s.since = res.data.version;
    Object.assign(s.groups, res.data.groupVersions);
    if (!res.data.hasMore) return ids;
  }
}

describe('durability', () => {
  it('acknowledged sends survive kill -9 exactly once; retries with the same clientMsgId store nothing twice', async () => {
    const { main } = await compiledServer();
    const boot = () => startNodeProcess('durable', env, 40_000, main);
    node = await boot();
    const a = await userOn(node.baseUrl, 'durA');
    const b = await userOn(node.baseUrl, 'durB');
    const c = await userOn(node.baseUrl, 'durC');
    await befriend(node.baseUrl, a, b);
    // Named in a creation, the creator's friends join at once (others would only be invited).
    await befriend(node.baseUrl, a, c);
    const created = await post<GroupInfo>(node.baseUrl, a, '/user/groupchat/add', {
      groupName: '持久',
      wtIds: [b.wtId, c.wtId],
    });
    expect(created.code).toBe(200);
    const group = `GROUP${created.data.groupNumber}`;

    const conversations: Conversation[] = [
      {
        id: c2c(b),
        reader: a,
        senders: [new Sender('ab-rest', 'rest', a, c2c(b)), new Sender('ba-sock', 'socket', b, c2c(a))],
        checked: 0,
      },
      {
        id: group,
        reader: a,
        senders: [new Sender('gc-rest', 'rest', c, group), new Sender('gb-sock', 'socket', b, group)],
        checked: 0,
      },
    ];
    const senders = conversations.flatMap((conv) => conv.senders);
    // What came before the first send (the add-friend notice, the group's first tip) is not checked.
    for (const conv of conversations) conv.checked = (await historyAfter(node.baseUrl, conv, 0)).length;
    // Readers: both sides of the one-to-one chat, every member of the group.
    const syncs: SyncState[] = [a, b, c].map((user) => ({ user, since: 0, groups: { [group]: 0 } }));
    const readersOf = (s: Sender) => (s.conversationID === group ? syncs : syncs.filter((x) => x.user !== c));
    await Promise.all(syncs.map((s) => syncedIds(node!.baseUrl, s)));

    for (let round = 0; round < ROUNDS; round++) {
      // Every sender sends until all have acknowledged sends this round; then kill -9.
      let stopped = false;
      let enough = () => {};
      const reached = new Promise<void>((resolve) => (enough = resolve));
      const progress = () => {
        if (senders.every((s) => s.ackedThisRound >= ACKS_PER_SENDER)) enough();
      };
      const base = node.baseUrl;
      const running = senders.map((s) => s.run(base, round, () => stopped, progress));
      // A sender that stops before the kill (refused, or lost its server) would leave it waiting.
      const ended = Promise.all(running).then(() => {
        throw new Error(
          `round ${round}: the senders stopped before the kill: ${senders.flatMap((s) => s.refused)}`,
        );
      });
      await Promise.race([reached, ended]);
      node.child.kill('SIGKILL');
      await node.exited;
      stopped = true;
      await Promise.all(running);
      for (const s of senders) expect([s.name, s.refused]).toEqual([s.name, []]);
      const sentThisRound = (s: Sender) =>
        [...new Set([...s.acked.keys(), ...s.unanswered])].filter((id) =>
          id.startsWith(`${s.name}-${round}-`),
        );
      node = await boot();

      // Before any retry: every acknowledged send is stored once; the others once or not at all.
      const before = new Map<Conversation, Map<string, Message>>();
      for (const conv of conversations) {
        const stored = await newMessages(node.baseUrl, conv);
        before.set(conv, stored);
        const sent = new Set(conv.senders.flatMap(sentThisRound));
        expect([...stored.keys()].filter((text) => !sent.has(text))).toEqual([]);
        for (const s of conv.senders) {
          for (const id of sentThisRound(s)) {
            if (!s.unanswered.has(id)) expect([id, stored.get(id)?.ID]).toEqual([id, s.acked.get(id)!.ID]);
          }
        }
      }

      // Each client sends again what got no answer, and its last acknowledged send: the stored
      // message comes back for whatever is stored, a new one for the rest.
      await Promise.all(
        conversations.flatMap((conv) =>
          conv.senders.map(async (s) => {
            const lastAcked = [...s.acked.keys()].at(-1)!;
            const ids = [...s.unanswered, lastAcked];
            const answers = await s.retry(node!.baseUrl, ids);
            ids.forEach((id, i) => {
              const answer = answers[i]!;
              expect([id, answer.code, answer.data?.payload.text]).toEqual([id, 200, id]);
              const stored = before.get(conv)!.get(id)?.ID ?? s.acked.get(id)?.ID;
              if (stored) expect([id, answer.data.ID]).toEqual([id, stored]);
              s.acked.set(id, answer.data);
            });
          }),
        ),
      );

      // After the retries: every send of the round is stored exactly once, still without a gap.
      for (const conv of conversations) {
        const stored = await newMessages(node.baseUrl, conv);
        const sent = conv.senders.flatMap((s) => sentThisRound(s).map((id) => [id, s.acked.get(id)!.ID]));
        expect([...stored].map(([text, m]) => [text, m.ID]).sort()).toEqual(sent.sort());
        conv.checked += stored.size;
      }

      // And reaches each of its readers through sync.
      const synced = await Promise.all(syncs.map((s) => syncedIds(node!.baseUrl, s)));
      for (const s of senders) {
        const ids = sentThisRound(s).map((id) => s.acked.get(id)!.ID);
        for (const reader of readersOf(s)) {
          const got = synced[syncs.indexOf(reader)]!;
          expect([s.name, reader.user.wtId, ids.filter((id) => !got.has(id))]).toEqual([
            s.name,
            reader.user.wtId,
            [],
          ]);
        }
      }
    }

    // Last, the whole of both conversations and of each reader's sync from the start: all that was
    // ever acknowledged, once.
    for (const conv of conversations) {
      const all = await historyAfter(node.baseUrl, conv, 0);
      expect(all.map((m) => m.sequence)).toEqual(all.map((_, i) => i + 1));
      const ids = new Map(all.map((m) => [m.payload.text, m.ID]));
      const acked = conv.senders.flatMap((s) => [...s.acked].map(([id, m]) => [id, m.ID]));
      expect(acked.filter(([id, msgId]) => ids.get(id) !== msgId)).toEqual([]);
      expect(conv.checked).toBe(all.length);
    }
    for (const reader of syncs) {
      const got = await syncedIds(node.baseUrl, { user: reader.user, since: 0, groups: { [group]: 0 } });
      const ids = senders.filter((s) => readersOf(s).includes(reader)).flatMap((s) => [...s.acked.values()]);
      expect([reader.user.wtId, ids.filter((m) => !got.has(m.ID)).length]).toEqual([reader.user.wtId, 0]);
    }
  }, 240_000);
});

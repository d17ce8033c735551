import { sql } from 'kysely';
import { prepared, preparedBy } from '../../../db/compiled.js';
import { isPostgres } from '../../../db/dialect.js';
import { all, first, run, runSteps, type Steps } from '../../../db/steps.js';
import { Repo, type Executor } from '../../../db/repo.js';
import type { KeptCounters } from '../send/send-cache.js';
import { seenBy } from './message.repo.js';

export interface Change {
  userId: number;
  conversationId: number;
  /**
   * The message that changed (revoked, deleted for this user; a new one-to-one message carries its
   * versions instead, message.store.ts); null: the conversation's state.
   */
  messageId: number | null;
}

/** Rows per statement: at most CHUNK distinct statements of each kind are ever built. */
const CHUNK = 16;
/** Parameter names by row position (u0, u1, …), made once. */
const names = (prefix: string) => Array.from({ length: CHUNK }, (_, i) => `${prefix}${i}`);
const U = names('u');
const N = names('n');
const V = names('v');
const C = names('c');
const M = names('m');
function chunks<T>(list: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

// One statement per number of users / rows (a one-to-one message: one or two), built once. Version
// rows exist from a user's first change on, so the update is the usual path; a missing row is
// inserted by the upsert (an upsert every time cost several times the update in the bench).
const addToVersions = preparedBy<number, Record<string, number>, { user_id: number; version: number }>(
  (n, db, p) =>
    db
      .updateTable('sync_versions')
      .set((eb) => {
        // PostgreSQL types a bare parameter in CASE as text: cast it.
        const add = (i: number) => sql<number>`cast(${p(`n${i}`)} as bigint)`;
        let c = eb.case().when('user_id', '=', p('u0')).then(add(0));
        for (let i = 1; i < n; i++) c = c.when('user_id', '=', p(`u${i}`)).then(add(i));
        return { version: sql`version + ${c.end()}` };
      })
      .where(
        'user_id',
        'in',
        Array.from({ length: n }, (_, i) => p(`u${i}`)),
      )
      .returning(['user_id', 'version']),
);
// One user's bump on SQLite, after reading the version (`currentVersion`): one read and one write per
// user cost less there than the statement above (a multi-row UPDATE … RETURNING collects its rows in
// a temporary table), and less than a single-row one; PostgreSQL keeps the statement above (round trips).
const setVersion = prepared<{ userId: number; version: number }, never>((db, p) =>
  db
    .updateTable('sync_versions')
    .set({ version: p('version') })
    .where('user_id', '=', p('userId')),
);
const upsertVersions = preparedBy<number, Record<string, number>, { user_id: number; version: number }>(
  (n, db, p) =>
    db
      .insertInto('sync_versions')
      .values(Array.from({ length: n }, (_, i) => ({ user_id: p(`u${i}`), version: p(`n${i}`) })))
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet((eb) => ({
          version: sql`sync_versions.version + ${eb.ref('excluded.version')}`,
        })),
      )
      .returning(['user_id', 'version']),
);
const currentVersion = prepared<{ userId: number }, { version: number }>((db, p) =>
  db.selectFrom('sync_versions').select('version').where('user_id', '=', p('userId')),
);
// The sync statements take their limit as a key, written into the SQL on SQLite (db/sqlite-compiler.ts):
// one statement per page size, and the service asks with one.
const logSince = preparedBy<
  number,
  { userId: number; since: number },
  { version: number; conversation_id: number; message_id: number | null }
>((limit, db, p) =>
  db
    .selectFrom('sync_log')
    .select(['version', 'conversation_id', 'message_id'])
    .where('user_id', '=', p('userId'))
    .where('version', '>', p('since'))
    .orderBy('version')
    .limit(limit),
);
/** A user's sync version of a one-to-one message in `t` (0: stored before messages carried them). */
const versionOf = (t: 'x' | 'b', userId: number) =>
  sql<number>`case when ${sql.ref(`${t}.sender_id`)} = ${userId} then ${sql.ref(`${t}.sender_version`)} else ${sql.ref(`${t}.receiver_version`)} end`;
/**
 * The user's one-to-one conversations that may hold messages newer than `since`: those whose last
 * message is (or is a notice only the other member sees, whose version is not the user's).
 */
const newMessageConversations = prepared<{ userId: number; since: number }, { conversation_id: number }>(
  (db, p) =>
    db
      .selectFrom('conversation_members as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      // The conversation's last message: the one at its last sequence (conversation.repo.ts).
      .innerJoin('messages as x', (j) =>
        j.onRef('x.conversation_id', '=', 'c.id').onRef('x.seq', '=', 'c.last_seq'),
      )
      .select('m.conversation_id')
      .where('m.user_id', '=', p('userId'))
      .where('c.kind', '=', 'c2c')
      .where((eb) =>
        eb.or([eb.not(seenBy('x', p('userId'))), eb(versionOf('x', p('userId')), '>', p('since'))]),
      ),
);
/**
 * A conversation's messages the user sees with a version after `since`, oldest first. A user's
 * versions grow with the sequence in a conversation (both are taken under the conversation's row lock,
 * message.store.ts), so they are the messages after the last one at or before `since`: found by
 * walking the (conversation, seq) index back from the end, so the cost follows what changed.
 */
const newMessagesIn = preparedBy<
  number,
  { userId: number; since: number; conversationId: number },
  { version: number; conversation_id: number; message_id: number }
>((limit, db, p) => {
  const seen = db
    .selectFrom('messages as b')
    .select('b.seq')
    .where('b.conversation_id', '=', p('conversationId'))
    .where(seenBy('b', p('userId')))
    .where(versionOf('b', p('userId')), '<=', p('since'))
    .orderBy('b.seq', 'desc')
    .limit(1);
  return db
    .selectFrom('messages as x')
    .select([versionOf('x', p('userId')).as('version'), 'x.conversation_id', 'x.id as message_id'])
    .where('x.conversation_id', '=', p('conversationId'))
    .where('x.seq', '>', (eb) => eb.fn.coalesce(seen, sql<number>`0`))
    .where(seenBy('x', p('userId')))
    .where(versionOf('x', p('userId')), '>', p('since'))
    .orderBy('x.seq')
    .limit(limit);
});
const insertLog = preparedBy<number, Record<string, number | null>, never>((n, db, p) =>
  db.insertInto('sync_log').values(
    Array.from({ length: n }, (_, i) => ({
      user_id: p(`u${i}`) as number,
      version: p(`v${i}`) as number,
      conversation_id: p(`c${i}`) as number,
      message_id: p(`m${i}`),
    })),
  ),
);

const byNumber = (a: number, b: number) => a - b;
/** User ids in ascending order (the lock order); a one-to-one message's two without a sort. */
function ascending(ids: Iterable<number>): number[] {
  const out = [...ids];
  if (out.length === 2) return out[0]! <= out[1]! ? out : [out[1]!, out[0]!];
  return out.sort(byNumber);
}

/**
 * Adds `counts.get(u)` to each user's version (in ascending user id order: the lock order) and returns
 * each user's new version. New one-to-one messages take their members' versions this way without log
 * rows (message.store.ts); `recordSteps` adds the log rows of other changes. With `kept` (the send
 * thread's, SQLite), a version it wrote itself is not read again.
 */
export function* bumpVersionsSteps(
  db: Executor,
  counts: Map<number, number>,
  kept?: KeptCounters,
): Steps<Map<number, number>> {
  const users = ascending(counts.keys());
  const out = new Map<number, number>();
  const perUser = !isPostgres(db);
  for (const part of perUser ? [] : chunks(users)) {
    const bump: Record<string, number> = {};
    part.forEach((u, i) => {
      bump[U[i]!] = u;
      bump[N[i]!] = counts.get(u)!;
    });
    let rows = yield* all(addToVersions(part.length), bump);
    // A user's first change has no version row yet: the update skipped them. Insert those (as
    // an upsert, for a concurrent first change on another connection).
    if (rows.length < part.length) {
      const missing = part.filter((u) => !rows.some((r) => Number(r.user_id) === u));
      const add: Record<string, number> = {};
      missing.forEach((u, i) => {
        add[U[i]!] = u;
        add[N[i]!] = counts.get(u)!;
      });
      rows = [...rows, ...(yield* all(upsertVersions(missing.length), add))];
    }
    for (const r of rows) out.set(Number(r.user_id), Number(r.version));
  }
  // SQLite: read, then write each row (its transactions hold the write lock from their start; an
  // UPDATE with RETURNING costs more there than both, as in conversation.repo.ts `nextC2cSeqSteps`).
  for (const u of perUser ? users : []) {
    const n = counts.get(u)!;
    const known = kept?.version(u);
    const row = known === undefined ? yield* first(currentVersion, { userId: u }) : { version: known };
    let version: number;
    if (row) {
      version = Number(row.version) + n;
      yield* run(setVersion, { userId: u, version });
    } else {
      // A user's first change has no version row yet: insert it.
      version = Number((yield* all(upsertVersions(1), { u0: u, n0: n }))[0]!.version);
    }
    kept?.setVersion(u, version);
    out.set(u, version);
  }
  return out;
}

/** `SyncRepo.record` as a step function (db/steps.ts) on `db` (its dialect picks the statements). */
export function* recordSteps(db: Executor, changes: Change[]): Steps<Map<number, number>> {
  const byUser = new Map<number, Change[]>();
  for (const c of changes) {
    const list = byUser.get(c.userId);
    if (list) list.push(c);
    else byUser.set(c.userId, [c]);
  }
  const users = ascending(byUser.keys());
  if (users.length === 0) return new Map();
  const counts = new Map(users.map((u) => [u, byUser.get(u)!.length]));
  const out = yield* bumpVersionsSteps(db, counts);
  const log = users.flatMap((u) => {
    const list = byUser.get(u)!;
    const last = out.get(u)!;
    return list.map((c, i) => ({
      user_id: u,
      version: last - list.length + 1 + i,
      conversation_id: c.conversationId,
      message_id: c.messageId,
    }));
  });
  for (const part of chunks(log)) {
    const values: Record<string, number | null> = {};
    part.forEach((r, i) => {
      values[U[i]!] = r.user_id;
      values[V[i]!] = r.version;
      values[C[i]!] = r.conversation_id;
      values[M[i]!] = r.message_id;
    });
    yield* run(insertLog(part.length), values);
  }
  return out;
}

/**
 * Per-user change versions for sync (like Telegram's pts). Each change a user must learn about gets
 * the user's next version, and a log row unless it is a new one-to-one message (which keeps both
 * members' versions on its row; docs/architecture.md "Sync of one-to-one chats"). The version row is locked by its UPDATE until the
 * transaction ends, so one user's versions commit in order: a client that synced up to v has seen
 * every change numbered ≤ v. Callers record changes of several users in ascending user id order
 * (see `record`), so two transactions never wait on each other in a cycle.
 */
export class SyncRepo extends Repo {
  async current(userId: number): Promise<number> {
    const row = await currentVersion.first(this.db, { userId });
    return row ? Number(row.version) : 0;
  }

  /**
   * Records changes: the users' version rows are bumped in ascending user id order (the lock order;
   * one statement per chunk of users on PostgreSQL, one per user on SQLite), then one insert of the
   * log rows.
   */
  record(changes: Change[]): Promise<Map<number, number>> {
    return runSteps(this.db, recordSteps(this.db, changes));
  }

  /**
   * Drops each user's log rows older than their latest `keep` (docs/api.md "Sync"): one indexed
   * range delete per user who ever had more than `keep` changes. Returns the rows deleted.
   */
  async prune(keep: number): Promise<number> {
    const users = await this.db
      .selectFrom('sync_versions')
      .select(['user_id', 'version'])
      .where('version', '>', keep)
      .execute();
    let deleted = 0;
    for (const u of users) {
      const res = await this.db
        .deleteFrom('sync_log')
        .where('user_id', '=', u.user_id)
        .where('version', '<=', Number(u.version) - keep)
        .executeTakeFirst();
      deleted += Number(res.numDeletedRows);
    }
    return deleted;
  }

  /**
   * The user's changes after `since` up to `upTo` (a version read before: every change up to it has
   * committed), oldest first, at most `limit`: the log's rows and the new one-to-one messages, which
   * carry their members' versions instead of log rows (`messageId` the message).
   */
  async since(userId: number, since: number, upTo: number, limit: number): Promise<SyncChange[]> {
    const out: SyncChange[] = [];
    const add = (r: { version: number; conversation_id: number; message_id: number | null }) => {
      const version = Number(r.version);
      if (version <= upTo) {
        const messageId = r.message_id === null ? null : Number(r.message_id);
        out.push({ version, conversation_id: Number(r.conversation_id), message_id: messageId });
      }
    };
    for (const r of await logSince(limit).all(this.db, { userId, since })) add(r);
    for (const c of await newMessageConversations.all(this.db, { userId, since })) {
      const conversationId = Number(c.conversation_id);
      for (const r of await newMessagesIn(limit).all(this.db, { userId, since, conversationId })) add(r);
    }
    return out.sort((a, b) => a.version - b.version).slice(0, limit);
  }
}

/** One change of a user's, by version: a log row, or a new one-to-one message. */
export interface SyncChange {
  version: number;
  conversation_id: number;
  message_id: number | null;
}

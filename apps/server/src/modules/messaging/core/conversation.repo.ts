import { prepared, preparedIn } from '../../../db/compiled.js';
import { first, run, runSteps, type Steps } from '../../../db/steps.js';
import { isPostgres } from '../../../db/dialect.js';
import { sql, type RawBuilder, type Selectable, type Updateable } from 'kysely';
import type { ConversationMembersTable, ConversationsTable } from '../../../db/schema.js';
import { Repo, type Executor } from '../../../db/repo.js';
import type { KeptCounters } from '../send/send-cache.js';
import { notHiddenFor, seenBy, type ReaderScope } from './message.repo.js';

export type ConversationRow = Selectable<ConversationsTable>;
export type MemberRow = Selectable<ConversationMembersTable>;
/** A member row with its conversation's columns and the id of its last message (null: none yet). */
export type MemberView = MemberRow &
  Pick<ConversationRow, 'last_seq' | 'last_time' | 'group_id'> & { last_message_id: number | null };

/**
 * The id of the last message of conversation `c` (the query's alias for it), as a selection. A
 * conversation's last message is the one at its last sequence (every sequence taken is a message
 * stored in the same transaction), found through the (conversation, seq) index: a send need not
 * write it down (docs/architecture.md "Data model").
 */
const lastMessageIdOfC = sql<
  number | null
>`(select lm.id from messages lm where lm.conversation_id = c.id and lm.seq = c.last_seq)`.as(
  'last_message_id',
);

// The send path's statements, built once (db/compiled.ts).
const conversationByC2cKey = prepared<{ key: string }, ConversationRow>((db, p) =>
  db.selectFrom('conversations').selectAll().where('c2c_key', '=', p('key')),
);
const takeNextSeq = prepared<{ id: number; now: number }, { last_seq: number }>((db, p) =>
  db
    .updateTable('conversations')
    .set({ last_seq: sql`last_seq + 1`, last_time: p('now') })
    .where('id', '=', p('id'))
    .returning('last_seq'),
);
const takeNextSeqByKey = prepared<{ key: string; now: number }, { id: number; last_seq: number }>((db, p) =>
  db
    .updateTable('conversations')
    .set({ last_seq: sql`last_seq + 1`, last_time: p('now') })
    .where('c2c_key', '=', p('key'))
    .returning(['id', 'last_seq']),
);
const seqByKey = prepared<{ key: string }, { id: number; last_seq: number }>((db, p) =>
  db.selectFrom('conversations').select(['id', 'last_seq']).where('c2c_key', '=', p('key')),
);
const setSeq = prepared<{ id: number; seq: number; now: number }, never>((db, p) =>
  db
    .updateTable('conversations')
    .set({ last_seq: p('seq'), last_time: p('now') })
    .where('id', '=', p('id')),
);
/**
 * What one conversation adds to the unread badge: its count, or 1 when it is marked unread
 * (`ConversationMark.unread`, bit 2) and has no unread message; the web list shows the same.
 */
export function shownUnreadSql(unread: RawBuilder<unknown>, marks: RawBuilder<unknown>) {
  return sql<number>`case when (${marks} & 2) <> 0 and ${unread} < 1 then 1 else ${unread} end`;
}
const totalUnread = prepared<{ userId: number }, { n: number }>((db, p) =>
  db
    .selectFrom('conversation_members')
    .select(sql<number>`coalesce(sum(${shownUnreadSql(sql.ref('unread'), sql.ref('marks'))}), 0)`.as('n'))
    .where('user_id', '=', p('userId'))
    // Group rows keep no stored count (their unread is counted by group-conv.repo.ts).
    .where('peer_id', 'is not', null)
    .where('visible', '=', 1)
    .where('muted', '=', 0),
);
/** A new member row's own settings: not pinned, muted, marked or remarked, no draft. */
export const NEW_MEMBER_SETTINGS = {
  pinned: 0,
  pinned_at: 0,
  muted: 0,
  marks: 0,
  custom_data: '',
  draft: null,
} as const;

const insertC2c = prepared<{ key: string; now: number }, never>((db, p) =>
  db
    .insertInto('conversations')
    .values({ kind: 'c2c', c2c_key: p('key'), last_seq: 0, last_time: p('now'), created_at: p('now') })
    .onConflict((oc) => oc.column('c2c_key').doNothing()),
);
const insertC2cMembers = prepared<{ id: number; a: number; b: number; now: number }, never>((db, p) =>
  db
    .insertInto('conversation_members')
    .values(
      (['a', 'b'] as const).map((user) => ({
        conversation_id: p('id'),
        user_id: p(user),
        peer_id: p(user === 'a' ? 'b' : 'a'),
        read_seq: 0,
        cleared_seq: 0,
        // A conversation nobody wrote in yet stays out of the lists until its first message.
        visible: 0,
        activity_at: p('now'),
        updated_at: p('now'),
        ...NEW_MEMBER_SETTINGS,
      })),
    )
    .onConflict((oc) => oc.columns(['conversation_id', 'user_id']).doNothing()),
);
/** Member rows (`m`) with their conversation's columns (`c`) and last message id: `MemberView`s. */
export function memberViews(db: Executor) {
  return db
    .selectFrom('conversation_members as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .selectAll('m')
    .select(['c.last_seq', 'c.last_time', 'c.group_id'])
    .select(lastMessageIdOfC);
}
const membersOfUser = preparedIn<{ userId: number }, number, MemberView>((db, p, ids) =>
  memberViews(db).where('m.user_id', '=', p('userId')).where('m.conversation_id', 'in', ids),
);

export const c2cKey = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/** `ConversationRepo.ensureC2c` as a step function (db/steps.ts). */
function* ensureC2cSteps(a: number, b: number, now: number): Steps<ConversationRow> {
  const key = c2cKey(a, b);
  const found = yield* first(conversationByC2cKey, { key });
  if (found) return found;
  yield* run(insertC2c, { key, now });
  const conv = (yield* first(conversationByC2cKey, { key }))!;
  yield* run(insertC2cMembers, { id: conv.id, a, b, now });
  return conv;
}

/**
 * The one-to-one conversation of a and b (created with its member rows when missing) and its next
 * sequence, as a step function (db/steps.ts) inside a transaction on `db`.
 * PostgreSQL: one `UPDATE … RETURNING`, whose row lock holds until the commit. SQLite: the row is read,
 * then written by its id. Its transactions take the write lock as they begin (db/sqlite-dialect.ts),
 * so nobody writes between the two, and an UPDATE with RETURNING costs more there than both (it
 * collects the rows to change in a temporary table first; docs/decisions/010-send-data-model.md).
 * With `kept` (the send thread's), the last sequence it wrote itself is not read again.
 */
export function* nextC2cSeqSteps(
  db: Executor,
  a: number,
  b: number,
  now: number,
  kept?: KeptCounters,
): Steps<{ id: number; seq: number }> {
  const key = c2cKey(a, b);
  if (isPostgres(db)) {
    const row = yield* first(takeNextSeqByKey, { key, now });
    if (row) return { id: Number(row.id), seq: Number(row.last_seq) };
  } else {
    const known = kept?.seq(key);
    const row = known ? { id: known.id, last_seq: known.seq } : yield* first(seqByKey, { key });
    if (row) {
      const id = Number(row.id);
      const seq = Number(row.last_seq) + 1;
      yield* run(setSeq, { id, seq, now });
      kept?.setSeq(key, id, seq);
      return { id, seq };
    }
  }
  const conv = yield* ensureC2cSteps(a, b, now);
  const next = yield* first(takeNextSeq, { id: conv.id, now });
  const seq = Number(next!.last_seq);
  kept?.setSeq(key, conv.id, seq);
  return { id: conv.id, seq };
}

// Every history page, sync and conversation list asks (db/compiled.ts).
const otherMembers = preparedIn<
  { readerId: number },
  number,
  { conversation_id: number; user_id: number; read_seq: number }
>((db, p, ids) =>
  db
    .selectFrom('conversation_members')
    .select(['conversation_id', 'user_id', 'read_seq'])
    .where('conversation_id', 'in', ids)
    .where('user_id', '<>', p('readerId')),
);

/** Conversations and their members' state (docs/architecture.md "Data model"). */
export class ConversationRepo extends Repo {
  /** The other members' rows (user and read cursor) of the one-to-one conversations `ids`. */
  othersIn(readerId: number, ids: number[]) {
    return otherMembers.all(this.db, { readerId }, ids);
  }

  byC2cKey(key: string): Promise<ConversationRow | undefined> {
    return conversationByC2cKey.first(this.db, { key });
  }

  /** What `userId` may search in each of their conversations (a left group: up to where they left). */
  async scopesOf(userId: number): Promise<ReaderScope[]> {
    const members = await this.db
      .selectFrom('conversation_members')
      .select(['conversation_id', 'cleared_seq', 'state', 'until_seq'])
      .where('user_id', '=', userId)
      .execute();
    return members.map((m) => ({
      userId,
      conversationId: m.conversation_id,
      clearedSeq: m.cleared_seq,
      untilSeq: Number(m.state) === 0 ? null : Number(m.until_seq),
    }));
  }

  byId(id: number): Promise<ConversationRow | undefined> {
    return this.db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The one-to-one conversation of a and b with both member rows, created when missing. */
  ensureC2c(a: number, b: number, now: number): Promise<ConversationRow> {
    return runSteps(this.db, ensureC2cSteps(a, b, now));
  }

  /**
   * Allocates the conversation's next sequence. The row lock taken by the UPDATE holds until the
   * transaction ends, so concurrent senders (on any node sharing the database) get consecutive
   * numbers with no gap: a rolled-back send releases its number with the lock.
   */
  async nextSeq(conversationId: number, now: number): Promise<number> {
    const row = await takeNextSeq.first(this.db, { id: conversationId, now });
    if (!row) throw new Error(`conversation ${conversationId} does not exist`);
    return Number(row.last_seq);
  }

  member(conversationId: number, userId: number): Promise<MemberView | undefined> {
    return this.members()
      .where('m.conversation_id', '=', conversationId)
      .where('m.user_id', '=', userId)
      .executeTakeFirst();
  }

  /** The caller's member rows of several conversations (one query). */
  memberRowsOf(userId: number, conversationIds: number[]): Promise<MemberView[]> {
    return membersOfUser.all(this.db, { userId }, conversationIds);
  }

  membersOf(conversationId: number): Promise<MemberView[]> {
    return this.members().where('m.conversation_id', '=', conversationId).execute();
  }

  /** The members of a conversation with their wtIds (for a one-to-one chat: its two sides). */
  async membersWithWtIds(conversationId: number): Promise<{ id: number; wt_id: string }[]> {
    const rows = await this.db
      .selectFrom('conversation_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id', 'u.wt_id'])
      .where('m.conversation_id', '=', conversationId)
      .execute();
    return rows.map((r) => ({ id: Number(r.id), wt_id: r.wt_id }));
  }

  async updateMember(
    conversationId: number,
    userId: number,
    patch: Updateable<ConversationMembersTable>,
  ): Promise<void> {
    await this.db
      .updateTable('conversation_members')
      .set(patch)
      .where('conversation_id', '=', conversationId)
      .where('user_id', '=', userId)
      .execute();
  }

  /** Moves the read cursor forward only (a stale read never moves it back). */
  async advanceRead(conversationId: number, userId: number, seq: number, now: number): Promise<boolean> {
    const res = await this.db
      .updateTable('conversation_members')
      .set({ read_seq: seq, updated_at: now })
      .where('conversation_id', '=', conversationId)
      .where('user_id', '=', userId)
      .where('read_seq', '<', seq)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /**
   * The caller's visible conversations: pinned first, then by last activity. A group conversation
   * deleted from the list shows again once it has a message after the read cursor (a group message
   * writes no member rows), and sorts by the conversation's last message time.
   */
  page(userId: number, o: { offset: number; limit: number; archivedOnly: boolean }): Promise<MemberView[]> {
    return this.pageQuery(userId, o).execute();
  }

  /** `page`'s query, unrun (its plan is tested: it finds the user's rows by the user index). */
  pageQuery(userId: number, o: { offset: number; limit: number; archivedOnly: boolean }) {
    let q = this.members()
      .where('m.user_id', '=', userId)
      .where(
        sql<boolean>`(m.visible = 1 or (c.group_id is not null and m.state = 0 and c.last_seq > m.read_seq))`,
      );
    if (o.archivedOnly) q = q.where(sql<boolean>`(m.marks & 4) <> 0`);
    return q
      .orderBy('m.pinned', 'desc')
      .orderBy(
        sql`case when c.group_id is not null and m.state = 0 and c.last_time > m.activity_at then c.last_time else m.activity_at end`,
        'desc',
      )
      .orderBy('m.conversation_id', 'desc')
      .offset(o.offset)
      .limit(o.limit);
  }

  archived(userId: number): Promise<MemberView[]> {
    return this.members()
      .where('m.user_id', '=', userId)
      .where(sql<boolean>`(m.marks & 4) <> 0`)
      .execute();
  }

  /** The total badge: unread of the visible, unmuted conversations; a marked one counts at least 1. */
  async totalUnread(userId: number): Promise<number> {
    const row = await totalUnread.first(this.db, { userId });
    return Number(row?.n ?? 0);
  }

  /**
   * Holds one member row until the transaction ends (PostgreSQL; SQLite writes one at a time): a
   * change read after it sees every change committed before, so two reads of the same conversation
   * never move the cursor back.
   */
  async lockMember(conversationId: number, userId: number): Promise<void> {
    if (!isPostgres(this.db)) return;
    await this.db
      .selectFrom('conversation_members')
      .select('user_id')
      .where('conversation_id', '=', conversationId)
      .where('user_id', '=', userId)
      .forUpdate()
      .execute();
  }

  /**
   * Recounts the stored unread of `userIds` in one conversation: messages after the read cursor (and
   * the cleared part) from others, visible to the user, not revoked, not deleted by the user. Called
   * by every change but a new message (which adds one as it shows the conversation): reads, clears,
   * revokes, deletes. The member rows are locked first, so on PostgreSQL the count is taken after any
   * send holding them committed (a send adds its one under that lock).
   */
  async refreshUnread(conversationId: number, userIds: number[]): Promise<void> {
    if (userIds.length === 0) return;
    if (isPostgres(this.db)) {
      await this.db
        .selectFrom('conversation_members')
        .select('user_id')
        .where('conversation_id', '=', conversationId)
        .where('user_id', 'in', userIds)
        .orderBy('user_id')
        .forUpdate()
        .execute();
    }
    await this.db
      .updateTable('conversation_members as m')
      .set((eb) => ({
        unread: eb
          .selectFrom('messages as msg')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('msg.conversation_id', '=', 'm.conversation_id')
          .whereRef('msg.seq', '>', 'm.read_seq')
          .whereRef('msg.seq', '>', 'm.cleared_seq')
          .whereRef('msg.sender_id', '<>', 'm.user_id')
          .where('msg.revoked', '=', 0)
          .where((w) => seenBy('msg', w.ref('m.user_id')))
          .where((w) => notHiddenFor('msg.id', w.ref('m.user_id'))),
      }))
      .where('m.conversation_id', '=', conversationId)
      .where('m.user_id', 'in', userIds)
      // Group rows keep no stored count (message.presenter.ts groupUnread).
      .where('m.peer_id', 'is not', null)
      .execute();
  }

  private members() {
    return memberViews(this.db);
  }
}

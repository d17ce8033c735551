import { prepared, preparedIn, preparedInsert } from '../../../db/compiled.js';
import { first, insertedId, runSteps, type Steps } from '../../../db/steps.js';
import { sql, type Expression, type Insertable, type Selectable, type SqlBool } from 'kysely';
import type { MessagesTable } from '../../../db/schema.js';
import { Repo } from '../../../db/repo.js';

export type MessageRow = Selectable<MessagesTable>;
export type NewMessage = Required<
  Omit<Insertable<MessagesTable>, 'id' | 'version' | 'sender_version' | 'receiver_version'>
>;

/**
 * The messages (under alias `t`) a reader sees: all but notices only someone else sees. `reader`: the
 * reader's id, a parameter or a column of the query.
 */
export const seenBy = (t: string, reader: number | Expression<number>): Expression<SqlBool> =>
  sql<SqlBool>`(${sql.ref(`${t}.visible_to`)} is null or ${sql.ref(`${t}.visible_to`)} = ${reader})`;

/**
 * The message whose id is column `messageId` (e.g. `msg.id`) is not deleted by `reader` for
 * themselves (message_hides). `reader`: the reader's id, a parameter or a column of the query.
 */
export const notHiddenFor = (messageId: string, reader: number | Expression<number>): Expression<SqlBool> =>
  sql<SqlBool>`not exists (select 1 from message_hides as hidden where hidden.message_id = ${sql.ref(messageId)} and hidden.user_id = ${reader})`;

// The send path's statements, built once (db/compiled.ts).
const messageByClientId = prepared<{ senderId: number; clientMsgId: string }, MessageRow>((db, p) =>
  db
    .selectFrom('messages')
    .selectAll()
    .where('sender_id', '=', p('senderId'))
    .where('client_msg_id', '=', p('clientMsgId')),
);
/** A group message carries its conversation's change version (one-to-one messages: 0). */
const messagesByIds = preparedIn<object, number, MessageRow>((db, _p, ids) =>
  db.selectFrom('messages').selectAll().where('id', 'in', ids),
);
const hiddenOf = preparedIn<{ userId: number }, number, { message_id: number }>((db, p, ids) =>
  db
    .selectFrom('message_hides')
    .select('message_id')
    .where('user_id', '=', p('userId'))
    .where('message_id', 'in', ids),
);
type MessageVersions = { version: number; sender_version: number; receiver_version: number };
/** A message row before its insert: every column but the id (message.store.ts `newMessageRow`). */
export type NewMessageRow = NewMessage & MessageVersions;
const insertMessage = preparedInsert<NewMessageRow>((db, p) =>
  db.insertInto('messages').values({
    msg_id: p('msg_id'),
    conversation_id: p('conversation_id'),
    seq: p('seq'),
    sender_id: p('sender_id'),
    client_msg_id: p('client_msg_id'),
    type: p('type'),
    payload: p('payload'),
    cloud_custom_data: p('cloud_custom_data'),
    need_read_receipt: p('need_read_receipt'),
    revoked: p('revoked'),
    revoker: p('revoker'),
    risky: p('risky'),
    visible_to: p('visible_to'),
    search_text: p('search_text'),
    created_at: p('created_at'),
    updated_at: p('updated_at'),
    version: p('version'),
    sender_version: p('sender_version'),
    receiver_version: p('receiver_version'),
  }),
);

/** What one reader may see of a conversation: after the cleared part, not hidden, visible to them. */
export interface ReaderScope {
  userId: number;
  conversationId: number;
  clearedSeq: number;
  /** A group the reader left (removed, quit, dissolved): nothing after this sequence is theirs. */
  untilSeq?: number | null;
}

/** `MessageRepo.byClientId` as a step function (db/steps.ts). */
export function messageByClientIdSteps(senderId: number, clientMsgId: string): Steps<MessageRow | undefined> {
  return first(messageByClientId, { senderId, clientMsgId });
}

/**
 * `MessageRepo.insert` as a step function (db/steps.ts): `row` itself becomes the stored row, its id
 * set, not a copy (a spread of a row costs ~0.2 µs; callers hand over a row of their own).
 */
export function* insertMessageSteps(row: NewMessageRow): Steps<MessageRow> {
  const id = yield* insertedId(insertMessage, row);
  const stored = row as NewMessageRow & { id: number };
  stored.id = id;
  return stored;
}

/** Messages, per-user hides and search (one stored copy per message). */
export class MessageRepo extends Repo {
  byMsgId(msgId: string): Promise<MessageRow | undefined> {
    return this.db.selectFrom('messages').selectAll().where('msg_id', '=', msgId).executeTakeFirst();
  }

  byMsgIds(msgIds: string[]): Promise<MessageRow[]> {
    if (msgIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('messages').selectAll().where('msg_id', 'in', msgIds).execute();
  }

  byIds(ids: number[]): Promise<MessageRow[]> {
    return messagesByIds.all(this.db, {}, ids);
  }

  byClientId(senderId: number, clientMsgId: string): Promise<MessageRow | undefined> {
    return messageByClientId.first(this.db, { senderId, clientMsgId });
  }

  /** Stores a new message; the row is the one given with its new id (only the id is read back). */
  insert(row: NewMessageRow): Promise<MessageRow> {
    return runSteps(this.db, insertMessageSteps(row));
  }

  /** The message at `seq` of a conversation. */
  bySeq(conversationId: number, seq: number): Promise<MessageRow | undefined> {
    return this.db
      .selectFrom('messages')
      .selectAll()
      .where('conversation_id', '=', conversationId)
      .where('seq', '=', seq)
      .executeTakeFirst();
  }

  /**
   * Marks a message revoked; false when it already was (a concurrent revoke won). `version`: a group
   * message's new version (its conversation's, taken for this change).
   */
  async revoke(id: number, revoker: string, now: number, version?: number): Promise<boolean> {
    const res = await this.db
      .updateTable('messages')
      .set({
        revoked: 1,
        revoker,
        search_text: '',
        updated_at: now,
        ...(version === undefined ? {} : { version }),
      })
      .where('id', '=', id)
      .where('revoked', '=', 0)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** Hides messages for one user (idempotent). */
  async hide(userId: number, messageIds: number[], now: number): Promise<void> {
    if (messageIds.length === 0) return;
    await this.db
      .insertInto('message_hides')
      .values(messageIds.map((message_id) => ({ user_id: userId, message_id, created_at: now })))
      .onConflict((oc) => oc.columns(['user_id', 'message_id']).doNothing())
      .execute();
  }

  /** Of `messageIds`, those `userId` deleted for themselves. */
  async hiddenAmong(userId: number, messageIds: number[]): Promise<Set<number>> {
    const rows = await hiddenOf.all(this.db, { userId }, messageIds);
    return new Set(rows.map((r) => Number(r.message_id)));
  }

  /** The newest `count` visible messages before `beforeSeq`, oldest first; plus whether more exist. */
  async history(
    scope: ReaderScope,
    beforeSeq: number | undefined,
    count: number,
  ): Promise<{ rows: MessageRow[]; more: boolean }> {
    let q = this.visible(scope);
    if (beforeSeq !== undefined) q = q.where('msg.seq', '<', beforeSeq);
    const rows = await q
      .orderBy('msg.seq', 'desc')
      .limit(count + 1)
      .execute();
    const more = rows.length > count;
    return { rows: rows.slice(0, count).reverse(), more };
  }

  /**
   * The oldest `count` visible messages after `afterSeq` (up to the scope's `untilSeq`), oldest
   * first; plus whether more exist.
   */
  async after(
    scope: ReaderScope,
    afterSeq: number,
    count: number,
  ): Promise<{ rows: MessageRow[]; more: boolean }> {
    let q = this.visible(scope).where('msg.seq', '>', afterSeq);
    if (scope.untilSeq !== undefined && scope.untilSeq !== null) q = q.where('msg.seq', '<=', scope.untilSeq);
    const rows = await q
      .orderBy('msg.seq', 'asc')
      .limit(count + 1)
      .execute();
    return { rows: rows.slice(0, count), more: rows.length > count };
  }

  /**
   * Messages containing `keyword` in the conversations of `scopes`, newest first, skipping
   * `offset`. A trigram index serves it (FTS5 on SQLite, pg_trgm on PostgreSQL).
   */
  async search(
    scopes: ReaderScope[],
    keyword: string,
    offset: number,
    limit: number,
    postgres: boolean,
  ): Promise<MessageRow[]> {
    if (scopes.length === 0) return [];
    const userId = scopes[0]!.userId;
    const pattern = `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    let q = this.db
      .selectFrom('messages as msg')
      .selectAll('msg')
      .where('msg.revoked', '=', 0)
      .where(seenBy('msg', userId))
      .where((eb) =>
        eb.or(
          scopes.map((s) =>
            eb.and([
              eb('msg.conversation_id', '=', s.conversationId),
              eb('msg.seq', '>', s.clearedSeq),
              ...(s.untilSeq === undefined || s.untilSeq === null ? [] : [eb('msg.seq', '<=', s.untilSeq)]),
            ]),
          ),
        ),
      )
      .where(notHiddenFor('msg.id', userId));
    q = postgres
      ? q.where(sql<boolean>`msg.search_text ILIKE ${pattern} ESCAPE '\\'`)
      : q.where(
          'msg.id',
          'in',
          // FTS5's trigram LIKE cannot take ESCAPE: keywords with wildcards use instr() instead.
          /[%_\\]/.test(keyword)
            ? sql<number>`(SELECT id FROM messages WHERE instr(search_text, ${keyword.toLowerCase()}) > 0)`
            : sql<number>`(SELECT rowid FROM messages_fts WHERE search_text LIKE ${`%${keyword.toLowerCase()}%`})`,
        );
    return q.orderBy('msg.id', 'desc').offset(offset).limit(limit).execute();
  }

  private visible(scope: ReaderScope) {
    return this.db
      .selectFrom('messages as msg')
      .selectAll('msg')
      .where('msg.conversation_id', '=', scope.conversationId)
      .where('msg.seq', '>', scope.clearedSeq)
      .where(seenBy('msg', scope.userId))
      .where(notHiddenFor('msg.id', scope.userId));
  }
}
